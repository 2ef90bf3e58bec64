package dev.agentkit.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentkit.examples.Board;
import dev.agentkit.examples.TaskboardBackend;
import dev.agentkit.examples.TriageAgent;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.inbox.ProposalState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The application started on a random port against the real embedded task-board backend over HTTP:
 * it binds the agent and serves health UP; a scripted conversation ({@code POST /triage}, through
 * the Spring AI {@code ChatClient}) corrects a fabricated value, runs the reversible calls on the
 * backend, proposes the irreversible one to the agent's inbox (H2, the application's default), and
 * the gate's decisions show in Actuator's metrics, counted once per call by the starter's {@code
 * ToolCallMeters} listener; a person then accepts the proposal over HTTP and the op runner bean
 * archives the project on the backend. One context.
 */
@SpringBootTest(
    classes = TaskboardApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class TaskboardApplicationTest {
  static final TaskboardBackend backend = start();
  static final ObjectMapper JSON = new ObjectMapper();
  static final HttpClient http = HttpClient.newHttpClient();
  static final String ARCHIVE_P2 = "triageAgent:project:p2:archive_project";

  @LocalServerPort int port;
  @Autowired ScriptedChatModel model;
  @Autowired ProposalInbox inbox;
  @Autowired Board board;

  @DynamicPropertySource
  static void backendUrl(DynamicPropertyRegistry registry) throws Exception {
    registry.add("taskboard.url", () -> backend.baseUri().toString());
    DemoKey key = DemoKey.create();
    registry.add(TaskboardApplication.JWT + "public-key-location", key::publicKeyLocation);
  }

  @AfterAll
  static void stop() {
    backend.close();
  }

  @Test
  void startsBoundAndServesHealthUp() throws Exception {
    JsonNode health = get("/actuator/health");
    assertThat(health.path("status").asText()).isEqualTo("UP");
    JsonNode taskboard =
        health.path("components").path("agentkit").path("components").path("taskboard");
    assertThat(taskboard.path("status").asText()).isEqualTo("UP");
    assertThat(taskboard.path("details").path("reachable").asBoolean()).isTrue();
    JsonNode agent = taskboard.path("details").path("agents").get(0);
    assertThat(agent.path("bean").asText()).isEqualTo("triageAgent");
    assertThat(agent.path("state").asText()).isEqualTo("BOUND");
    assertThat(agent.path("liveDigest").asText()).isEqualTo(agent.path("compiledDigest").asText());
  }

  @Test
  void theConversationIsCorrectedRunAndProposedAndAPersonAcceptsTheProposalOverHttp()
      throws Exception {
    JsonNode triage = post("/triage");

    assertThat(triage.path("answer").asText()).isEqualTo(ScriptedChatModel.DONE);
    assertThat(triage.path("proposals")).hasSize(1);
    assertThat(triage.path("proposals").get(0).path("askKey").asText())
        .isEqualTo("triageAgent:project:p2:archive_project");
    assertThat(triage.path("proposals").get(0).path("question").asText())
        .isEqualTo("Archive Legacy site (the legacy site is retired)? It cannot be undone.");
    assertThat(model.answers())
        .containsExactly(
            List.of(
                "c1 set_task_priority: [EnumValue] set_task_priority.priority: \"critical\" is not"
                    + " one of the allowed values: high, low, normal, urgent",
                "c2 set_task_due_date: [OtherCallsInvalid] set_task_due_date did not run: the tool"
                    + " calls of one message run all or none, and set_task_priority was not valid;"
                    + " correct it and send all the calls again"),
            List.of(
                "c3 set_task_priority: Done: set_task_priority ran.",
                "c4 set_task_due_date: Done: set_task_due_date ran."),
            List.of(
                "c5 archive_project: archive_project was sent to the user for approval; it has not"
                    + " happened yet."));
    board.refresh();
    assertThat(board.task("t1").orElseThrow().priority()).isEqualTo("high");
    assertThat(board.task("t1").orElseThrow().dueDate()).isEqualTo("2026-04-03");
    assertThat(board.project("p2").orElseThrow().state()).isNotEqualTo("archived");
    assertThat(inbox.get(ARCHIVE_P2).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
    assertThat(get("/proposals").get(0).path("askKey").asText()).isEqualTo(ARCHIVE_P2);

    // Counted by the callbacks' listener, once per call: the corrected message counts nothing.
    assertThat(count("agentkit.gate.decisions", "agent:triageAgent")).isEqualTo(3.0);
    assertThat(count("agentkit.gate.decisions", "agent.class:" + TriageAgent.class.getName()))
        .isEqualTo(3.0);
    assertThat(count("agentkit.gate.decisions", "decision:apply")).isEqualTo(2.0);
    assertThat(count("agentkit.gate.decisions", "decision:propose")).isEqualTo(1.0);
    assertThat(count("agentkit.gate.decisions", "opcode:set_task_priority", "decision:apply"))
        .isEqualTo(1.0);
    assertThat(count("agentkit.gate.decisions", "opcode:set_task_due_date", "decision:apply"))
        .isEqualTo(1.0);
    assertThat(count("agentkit.gate.decisions", "opcode:archive_project", "decision:propose"))
        .isEqualTo(1.0);

    // A person accepts the proposal over HTTP: the op runner bean archives the project, once.
    HttpResponse<String> accepted = decide(ARCHIVE_P2, "accept", "{\"by\": \"ann\"}");
    assertThat(accepted.statusCode()).as(accepted.body()).isEqualTo(200);
    JsonNode decided = JSON.readTree(accepted.body());
    assertThat(decided.path("state").asText()).isEqualTo("done");
    assertThat(decided.path("outcomes").get(0).asText()).isEqualTo("archive_project: done");
    board.refresh();
    assertThat(board.project("p2").orElseThrow().state()).isEqualTo("archived");
    assertThat(get("/proposals")).isEmpty();

    HttpResponse<String> again = decide(ARCHIVE_P2, "accept", "{\"by\": \"bob\"}");
    assertThat(again.statusCode()).isEqualTo(409);
    assertThat(JSON.readTree(again.body()).path("title").asText()).isEqualTo("InboxNotPending");
    assertThat(JSON.readTree(again.body()).path("detail").asText())
        .startsWith(
            "[InboxNotPending] the proposal \"triageAgent:project:p2:archive_project\" is done by"
                + " ann");
    HttpResponse<String> unknown =
        decide("triageAgent:project:p9:archive_project", "decline", "{\"by\": \"ann\"}");
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(JSON.readTree(unknown.body()).path("title").asText()).isEqualTo("InboxNotFound");
  }

  private HttpResponse<String> decide(String key, String how, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(uri("/proposals/" + key + "/" + how))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The COUNT of a meter with these tags, from /actuator/metrics. */
  private double count(String meter, String... tags) throws Exception {
    JsonNode m = get("/actuator/metrics/" + meter + "?tag=" + String.join("&tag=", tags));
    for (JsonNode sample : m.path("measurements")) {
      if (sample.path("statistic").asText().equals("COUNT")) {
        return sample.path("value").asDouble();
      }
    }
    throw new AssertionError(meter + " has no COUNT: " + m);
  }

  private JsonNode get(String path) throws Exception {
    return send(HttpRequest.newBuilder(uri(path)).GET().build(), path);
  }

  private JsonNode post(String path) throws Exception {
    return send(
        HttpRequest.newBuilder(uri(path)).POST(HttpRequest.BodyPublishers.noBody()).build(), path);
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }

  private static JsonNode send(HttpRequest request, String path) throws Exception {
    HttpResponse<String> r = http.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(path + " answered " + r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  private static TaskboardBackend start() {
    try {
      return TaskboardBackend.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
