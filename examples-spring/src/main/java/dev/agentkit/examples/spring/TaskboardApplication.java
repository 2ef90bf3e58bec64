package dev.agentkit.examples.spring;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.examples.Board;
import dev.agentkit.examples.TaskboardBackend;
import dev.agentkit.examples.TriageAgent;
import dev.agentkit.inbox.OpRunner;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.spring.MeteredAgent;
import dev.agentkit.spring.ToolCallMeters;
import dev.agentkit.springai.AgentkitToolCallbacks;
import dev.agentkit.springai.AgentkitToolCallingManager;
import dev.agentkit.springai.StateResolver;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * The task-board agent as a Spring Boot service. The starter binds {@link TriageAgent} against the
 * backend's live contract while the context starts ({@code agentkit.contracts.taskboard.url} in
 * {@code application.properties}) and refuses to start on breaking drift; the agent's tools are
 * offered to a Spring AI {@link ChatClient}, whose model here is {@link ScriptedChatModel} (no
 * network). The callbacks' listener is the starter's {@link ToolCallMeters}, so each call the model
 * makes counts in {@code agentkit.gate.decisions}. A withheld call's proposal goes to the agent's
 * inbox, the {@code ProposalInbox} bean the starter makes on the application's DataSource (an
 * in-memory H2 unless {@code spring.datasource.url} names another), where a person accepts it over
 * HTTP ({@link ProposalsController}) and {@link #triageAgentOpRunner} applies it. Actuator serves
 * health, the {@code agentkit} endpoint and the metrics.
 *
 * <p>{@code taskboard.url} is the backend's base URL; {@link #main} starts an embedded backend when
 * it is not given. {@link McpConfiguration} serves the agent over MCP at {@code /mcp}, behind a
 * bearer-token filter chain.
 */
@SpringBootApplication
public class TaskboardApplication {
  /** The highest rung the agent's tools use: reversible acts run, the rest are proposed. */
  static final AutonomyRung CEILING = AutonomyRung.AUTO;

  /**
   * Starts the service; without {@code --taskboard.url=…} against an embedded backend, and without
   * a JWT key for {@code /mcp} ({@code --spring.security.oauth2.resourceserver.jwt.…}) with a demo
   * key, printing a bearer token for an MCP client.
   */
  public static void main(String[] args) throws Exception {
    SpringApplication app = new SpringApplication(TaskboardApplication.class);
    Map<String, Object> defaults = new HashMap<>();
    if (Arrays.stream(args).noneMatch(a -> a.startsWith("--taskboard.url="))) {
      TaskboardBackend backend = TaskboardBackend.start();
      defaults.put("taskboard.url", backend.baseUri().toString());
    }
    if (Arrays.stream(args).noneMatch(a -> a.startsWith("--" + JWT))) {
      DemoKey key = DemoKey.create();
      defaults.put(JWT + "public-key-location", key.publicKeyLocation());
      System.out.println(
          "MCP at /mcp; demo bearer token (valid for a day): "
              + key.token("demo", Duration.ofDays(1)));
    }
    app.setDefaultProperties(defaults);
    app.run(args);
  }

  /** The resource server's JWT settings, which name the key /mcp's tokens are checked against. */
  static final String JWT = "spring.security.oauth2.resourceserver.jwt.";

  @Bean
  TriageAgent triageAgent() {
    return new TriageAgent();
  }

  @Bean
  Board board(@Value("${taskboard.url}") URI base) throws IOException, InterruptedException {
    return Board.connect(base);
  }

  /** Applies an op a person accepted in the agent's inbox, through the backend's client. */
  @Bean
  OpRunner triageAgentOpRunner(Board board) {
    return board::apply;
  }

  @Bean
  ScriptedChatModel chatModel() {
    return ScriptedChatModel.triage();
  }

  @Bean
  AgentkitToolCallbacks<Board> triageTools(
      MeteredAgent<Board> agent, ToolCallMeters meters, Board board, ProposalInbox inbox) {
    return AgentkitToolCallbacks.builder(agent.live(), agent.name())
        .ceiling(CEILING)
        .anchor(
            call -> {
              String kind = call.op().objectType();
              return ObjectRef.of(kind, call.arg(kind + "_id"));
            })
        .labeler(board.labeler())
        .proposals(new InboxSink(inbox, agent.live(), board))
        .state(StateResolver.of(board))
        .listener(meters.forAgent(agent))
        .build();
  }

  @Bean
  ChatClient chatClient(ChatModel model, AgentkitToolCallbacks<Board> tools) {
    return ChatClient.builder(model)
        .defaultAdvisors(AgentkitToolCallingManager.advisor())
        .defaultToolCallbacks(tools.callbacks())
        .build();
  }
}
