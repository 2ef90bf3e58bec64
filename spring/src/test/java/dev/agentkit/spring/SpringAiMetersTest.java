package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentkit.springai.AgentkitToolCallbacks;
import dev.agentkit.springai.AgentkitToolCallingManager;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A Boot application whose agent's acts are Spring AI tool callbacks, started on a random port
 * against a real loopback backend: with {@link ToolCallMeters}' listener, each call a model makes
 * through the whole-message manager or a callback called alone counts once in {@code
 * agentkit.gate.decisions}, by how it ended; corrected and held-back calls count nothing.
 */
@SpringBootTest(
    classes = SpringAiMetersTest.Application.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "management.endpoints.web.exposure.include=metrics")
class SpringAiMetersTest {
  static final ContractServer BACKEND = new ContractServer();

  @DynamicPropertySource
  static void backend(DynamicPropertyRegistry registry) {
    registry.add("agentkit.contracts.taskboard.url", BACKEND::url);
  }

  @AfterAll
  static void stop() {
    BACKEND.close();
  }

  /** The service: the agent, its desk, and its acts as Spring AI tools ({@link PriorityTools}). */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(PriorityTools.class)
  static class Application {
    @Bean
    PriorityAgent priorityAgent() {
      return new PriorityAgent();
    }

    @Bean
    Desk desk() {
      return Desk.sample();
    }

    @Bean
    Approvals approvals() {
      return new Approvals();
    }
  }

  @LocalServerPort int port;
  @Autowired AgentkitToolCallbacks<Desk> tools;
  @Autowired MeterRegistry registry;
  @Autowired Desk desk;
  @Autowired Approvals approvals;

  @Test
  void eachSpringAiToolCallCountsOnceByHowItEnded() throws Exception {
    Scripted model =
        new Scripted(
            List.of(
                call("c1", "set_task_priority", "{\"task_id\": \"t1\", \"priority\": \"high\"}"),
                call("c2", "archive_project", "{\"project_id\": \"p1\"}")),
            List.of(
                call("c3", "set_task_priority", "{\"task_id\": \"t1\", \"priority\": \"asap\"}"),
                call("c4", "archive_project", "{\"project_id\": \"p1\"}")),
            List.of(
                call("c5", "set_task_priority", "{\"task_id\": \"t1\", \"priority\": \"high\"}")));
    ChatClient.builder(model)
        .defaultAdvisors(AgentkitToolCallingManager.advisor())
        .defaultToolCallbacks(tools.callbacks())
        .build()
        .prompt()
        .user("Triage the desk.")
        .call()
        .content();
    ToolCallback alone =
        tools.callbacks().stream()
            .filter(c -> c.getToolDefinition().name().equals("set_task_priority"))
            .findFirst()
            .orElseThrow();
    assertThat(alone.call("{\"task_id\": \"t1\", \"priority\": \"low\"}"))
        .isEqualTo("Done: set_task_priority ran.");

    assertThat(desk.priority("t1")).isEqualTo("low");
    assertThat(approvals.pending())
        .singleElement()
        .satisfies(p -> assertThat(p.askKey()).isEqualTo("priority:project:p1:archive_project"));
    // c1 ran, c5 would change nothing, the lone call ran; c2 was proposed; c3 and c4 count nothing.
    assertThat(count("set_task_priority", "apply")).isEqualTo(3.0);
    assertThat(count("set_task_priority", "propose")).isZero();
    assertThat(count("archive_project", "propose")).isEqualTo(1.0);
    assertThat(count("archive_project", "apply")).isZero();
    assertThat(actuatorCount("decision:apply")).isEqualTo(3.0);
    assertThat(actuatorCount("decision:propose")).isEqualTo(1.0);
  }

  private double count(String opcode, String decision) {
    Counter c =
        registry
            .find("agentkit.gate.decisions")
            .tags(
                "agent",
                "priorityAgent",
                "agent.class",
                PriorityAgent.class.getName(),
                "opcode",
                opcode,
                "decision",
                decision)
            .counter();
    return c == null ? 0 : c.count();
  }

  private double actuatorCount(String tag) throws Exception {
    URI uri =
        URI.create(
            "http://127.0.0.1:" + port + "/actuator/metrics/agentkit.gate.decisions?tag=" + tag);
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
    for (JsonNode m : ContractServer.JSON.readTree(r.body()).path("measurements")) {
      if (m.path("statistic").asText().equals("COUNT")) {
        return m.path("value").asDouble();
      }
    }
    throw new AssertionError("no COUNT in " + r.body());
  }

  private static AssistantMessage.ToolCall call(String id, String name, String arguments) {
    return new AssistantMessage.ToolCall(id, "function", name, arguments);
  }

  /** A chat model that replays one message of tool calls per turn, then answers "done". */
  static final class Scripted implements ChatModel {
    private final List<List<AssistantMessage.ToolCall>> turns;
    private int turn;

    @SafeVarargs
    Scripted(List<AssistantMessage.ToolCall>... turns) {
      this.turns = new ArrayList<>(Arrays.asList(turns));
    }

    @Override
    public synchronized ChatResponse call(Prompt prompt) {
      AssistantMessage reply =
          turn < turns.size()
              ? AssistantMessage.builder().content("").toolCalls(turns.get(turn)).build()
              : new AssistantMessage("done");
      turn++;
      return new ChatResponse(List.of(new Generation(reply)));
    }

    @Override
    public ChatOptions getOptions() {
      return ToolCallingChatOptions.builder().build();
    }
  }
}
