package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Plan;
import dev.agentkit.contract.AutonomyRung;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The health indicator follows the live agent after startup: the backend drops an enum value the
 * agent uses, and health turns DOWN with the drift sentence while every call is proposed; the value
 * comes back and health is UP again; the backend goes down past the max staleness, and health is
 * DOWN until it answers again. Each transition is counted once.
 */
@SpringBootTest(
    classes = TestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "management.endpoints.web.exposure.include=health,metrics,agentkit",
      "management.endpoint.health.show-details=always",
      "agentkit.contracts.taskboard.ttl=200ms",
      "agentkit.contracts.taskboard.max-staleness=2s"
    })
class LiveHealthTest {
  static final ContractServer BACKEND = new ContractServer();

  @DynamicPropertySource
  static void backend(DynamicPropertyRegistry registry) {
    registry.add("agentkit.contracts.taskboard.url", BACKEND::url);
  }

  @AfterAll
  static void stop() {
    BACKEND.close();
  }

  @LocalServerPort int port;
  @Autowired MeteredAgent<Desk> agent;

  @Test
  void healthFollowsTheLiveAgentThroughDriftAndAnOutage() throws Exception {
    assertThat(waitFor("UP").path("agents").get(0).path("state").asText()).isEqualTo("BOUND");
    JsonNode before = get("/actuator/metrics/agentkit.agent.transitions?tag=kind:paused");
    assertThat(before.path("measurements").get(0).path("value").asDouble())
        .as("registered at zero before the first transition")
        .isZero();
    double paused0 = transitions("paused");
    double resumed0 = transitions("resumed");
    double stale0 = transitions("source_stale");

    BACKEND.serve(ContractServer.withoutUrgent());
    JsonNode paused = waitFor("DOWN");
    JsonNode a = paused.path("agents").get(0);
    assertThat(a.path("state").asText()).isEqualTo("PAUSED_ON_DRIFT");
    assertThat(a.path("drift").asText()).isEqualTo("1 breaking, 0 compatible, 0 informational");
    assertThat(a.path("paused").asText())
        .startsWith("[AgentPaused] no acts are bound: PriorityAgent is paused")
        .contains("enum-value-removed");
    JsonNode shown = get("/actuator/agentkit");
    JsonNode pausedAgent = shown.path("agents").get(0);
    assertThat(pausedAgent.path("liveDigest").asText())
        .isEqualTo(shown.path("contracts").path("taskboard").path("digest").asText())
        .isNotEqualTo(pausedAgent.path("boundDigest").asText());
    Call raise = Call.of("set_task_priority", Map.of("task_id", "t1", "priority", "high"));
    Plan plan = agent.gate(List.of(raise), AutonomyRung.AUTO);
    assertThat(plan.apply()).isEmpty();
    assertThat(plan.propose()).hasSize(1);

    BACKEND.serve(ContractServer.snapshot());
    assertThat(waitFor("UP").path("agents").get(0).path("state").asText()).isEqualTo("BOUND");
    assertThat(agent.state()).isEqualTo(LiveAgent.State.BOUND);

    BACKEND.fail(503);
    JsonNode stale = waitFor("DOWN");
    assertThat(stale.path("usable").asBoolean()).isFalse();
    assertThat(stale.path("reachable").asBoolean()).isFalse();
    assertThat(stale.path("lastFailure").asText()).contains("503");
    assertThat(stale.path("agents").get(0).path("state").asText()).isEqualTo("SOURCE_STALE");

    BACKEND.serve(ContractServer.snapshot());
    assertThat(waitFor("UP").path("reachable").asBoolean()).isTrue();

    assertThat(transitions("paused") - paused0).isEqualTo(1);
    assertThat(transitions("resumed") - resumed0).isEqualTo(2);
    assertThat(transitions("source_stale") - stale0).isEqualTo(1);
    assertThat(get("/actuator/metrics/agentkit.agent.transitions").path("description").asText())
        .isEqualTo("A live agent's transitions: rebound, paused, resumed, source stale");
    assertThat(gated("propose")).isEqualTo(1);

    BACKEND.serve(
        ContractServer.changed("set_task_priority", op -> op.put("tier", "irreversible")));
    waitFor("DOWN");
    JsonNode raised = act(get("/actuator/agentkit"), "set_task_priority");
    assertThat(raised.path("tier").asText()).isEqualTo("irreversible");
    assertThat(raised.path("boundTier").asText()).isEqualTo("reversible");
    assertThat(raised.path("runs").asText()).isEqualTo("proposed");
  }

  private static JsonNode act(JsonNode endpoint, String opcode) {
    for (JsonNode act : endpoint.path("agents").get(0).path("acts")) {
      if (act.path("opcode").asText().equals(opcode)) {
        return act;
      }
    }
    throw new AssertionError("no act " + opcode + " in " + endpoint);
  }

  /** Polls the contract's health until it has {@code status}; returns its details. */
  private JsonNode waitFor(String status) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    JsonNode last = null;
    while (System.nanoTime() < deadline) {
      last =
          get("/actuator/health")
              .path("components")
              .path("agentkit")
              .path("components")
              .path("taskboard");
      if (last.path("status").asText().equals(status)) {
        return last.path("details");
      }
      Thread.sleep(50);
    }
    throw new AssertionError("health never became " + status + "; last: " + last);
  }

  private double transitions(String kind) throws Exception {
    JsonNode m = get("/actuator/metrics/agentkit.agent.transitions?tag=kind:" + kind);
    return m.path("measurements").isEmpty()
        ? 0
        : m.path("measurements").get(0).path("value").asDouble();
  }

  private double gated(String decision) throws Exception {
    return count("/actuator/metrics/agentkit.gate.decisions?tag=decision:" + decision);
  }

  private double count(String path) throws Exception {
    return get(path).path("measurements").get(0).path("value").asDouble();
  }

  private JsonNode get(String path) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(path + ": " + r.body()).isIn(200, 404, 503);
    // A meter nothing has recorded yet is a 404: no measurements.
    return r.statusCode() == 404
        ? ContractServer.JSON.createObjectNode()
        : ContractServer.JSON.readTree(r.body());
  }
}
