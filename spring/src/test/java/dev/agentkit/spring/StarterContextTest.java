package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Plan;
import dev.agentkit.ProgramRejectedException;
import dev.agentkit.contract.AutonomyRung;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A Boot application with the starter, started on a random port against a real loopback backend:
 * the agent bean is bound and available as {@code LiveAgent<Desk>} and {@code MeteredAgent<Desk>},
 * health and the agentkit endpoint say so over HTTP, the metrics show the gate's decisions, and the
 * credential is sent to the backend but appears nowhere else.
 */
@SpringBootTest(
    classes = TestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "management.endpoints.web.exposure.include=health,agentkit,metrics,env,configprops",
      "management.endpoint.health.show-details=always",
      "agentkit.contracts.taskboard.credentials.property=taskboard.token",
      "agentkit.contracts.taskboard.credentials.prefix=Bearer ",
      "taskboard.token=" + StarterContextTest.SECRET
    })
@ExtendWith(OutputCaptureExtension.class)
class StarterContextTest {
  static final String SECRET = "s3cr3t-T0ken-4f9a27c1e8";
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
  @Autowired LiveAgent<Desk> live;
  @Autowired MeteredAgent<Desk> metered;
  @Autowired PriorityService service;

  @Test
  void theAgentBeanIsBoundLiveAgainstItsContract() {
    assertThat(live.state()).isEqualTo(LiveAgent.State.BOUND);
    assertThat(live.acts().opcodes()).containsExactly("archive_project", "set_task_priority");
    assertThat(metered.live()).isSameAs(live);
  }

  @Test
  void theDocsServiceRunsWhatTheGateAppliesAndAsksAboutTheRest() throws Exception {
    Desk desk = Desk.sample();
    List<String> questions =
        service.handle(
            desk,
            List.of(
                Call.of("set_task_priority", Map.of("task_id", "t1", "priority", "urgent")),
                Call.of("archive_project", Map.of("project_id", "p1"))));
    assertThat(desk.priority("t1")).isEqualTo("urgent");
    assertThat(questions).containsExactly("Archive project p1?");
  }

  @Test
  void healthIsUpWithTheContractsDetails() throws Exception {
    JsonNode health = get("/actuator/health");
    assertThat(health.path("status").asText()).isEqualTo("UP");
    JsonNode taskboard =
        health.path("components").path("agentkit").path("components").path("taskboard");
    assertThat(taskboard.path("status").asText()).isEqualTo("UP");
    JsonNode details = taskboard.path("details");
    assertThat(details.path("source").asText()).isEqualTo("cached " + BACKEND.url());
    assertThat(details.path("reachable").asBoolean()).isTrue();
    assertThat(details.path("stale").asBoolean()).isFalse();
    assertThat(details.path("digest").asText()).isEqualTo(PriorityAgent_Wiring.CONTRACT_DIGEST);
    JsonNode agent = details.path("agents").get(0);
    assertThat(agent.path("state").asText()).isEqualTo("BOUND");
    assertThat(agent.path("drift").asText()).isEqualTo("none");
  }

  @Test
  void theEndpointListsTheAgentsActsTiersAndDigests() throws Exception {
    JsonNode agent = get("/actuator/agentkit").path("agents").get(0);
    assertThat(agent.path("bean").asText()).isEqualTo("priorityAgent");
    assertThat(agent.path("agent").asText()).isEqualTo(PriorityAgent.class.getName());
    assertThat(agent.path("compiledDigest").asText())
        .isEqualTo(PriorityAgent_Wiring.CONTRACT_DIGEST)
        .isEqualTo(agent.path("liveDigest").asText());
    assertThat(agent.path("acts").toString())
        .contains(
            "{\"opcode\":\"set_task_priority\",\"tier\":\"reversible\",\"local\":false,\"runs\":\"live\"}")
        .contains(
            "{\"opcode\":\"archive_project\",\"tier\":\"irreversible\",\"local\":false,\"runs\":\"proposed\"}");
  }

  @Test
  void theMetricsShowTheGatesDecisionsRunsAndRejections() throws Exception {
    Call raise = Call.of("set_task_priority", Map.of("task_id", "t1", "priority", "high"));
    Call archive = Call.of("archive_project", Map.of("project_id", "p1"));
    Plan plan = metered.gate(List.of(raise, archive), AutonomyRung.AUTO);
    assertThat(plan.apply()).extracting(Call::opcode).containsExactly("set_task_priority");
    assertThat(metered.run(Desk.sample(), plan.apply().get(0)).done()).isTrue();
    Call fabricated = Call.of("set_task_priority", Map.of("task_id", "t1", "priority", "asap"));
    assertThatThrownBy(() -> metered.gate(List.of(fabricated), AutonomyRung.AUTO))
        .isInstanceOf(ProgramRejectedException.class);

    assertThat(count("agentkit.gate.decisions", "opcode:set_task_priority", "decision:apply"))
        .isGreaterThanOrEqualTo(1);
    assertThat(count("agentkit.gate.decisions", "opcode:archive_project", "decision:propose"))
        .isGreaterThanOrEqualTo(1);
    assertThat(count("agentkit.act.runs", "opcode:set_task_priority", "outcome:done"))
        .isGreaterThanOrEqualTo(1);
    assertThat(count("agentkit.verify.rejections", "kind:EnumValue")).isGreaterThanOrEqualTo(1);
    assertThat(get("/actuator/metrics/agentkit.verify.rejections").path("description").asText())
        .isEqualTo("Problems verify and gate found in what a model proposed, by problem tag");
    assertThat(get("/actuator/metrics/agentkit.gate.decisions").path("description").asText())
        .isEqualTo("The gate's decisions: an act applied live, or proposed for a person");
    assertThat(count("agentkit.contract.fetches", "contract:taskboard", "outcome:success"))
        .isGreaterThanOrEqualTo(1);
    assertThat(
            get("/actuator/metrics/agentkit.contract.age")
                .path("measurements")
                .get(0)
                .path("value")
                .asDouble())
        .isGreaterThanOrEqualTo(0);
  }

  @Test
  void theCredentialIsSentToTheBackendAndShownNowhere(CapturedOutput output) throws Exception {
    assertThat(BACKEND.authorizations()).isNotEmpty().allMatch(("Bearer " + SECRET)::equals);
    for (String path :
        List.of(
            "/actuator/env",
            "/actuator/env/taskboard.token",
            "/actuator/configprops",
            "/actuator/health",
            "/actuator/agentkit")) {
      assertThat(text(path)).as(path).doesNotContain(SECRET).doesNotContain("T0ken");
    }
    assertThat(output.getAll()).contains("bound PriorityAgent").doesNotContain(SECRET);
  }

  private double count(String metric, String... tags) throws Exception {
    StringBuilder path = new StringBuilder("/actuator/metrics/" + metric);
    for (int i = 0; i < tags.length; i++) {
      path.append(i == 0 ? "?" : "&").append("tag=").append(tags[i]);
    }
    JsonNode m = get(path.toString());
    for (JsonNode x : m.path("measurements")) {
      if (x.path("statistic").asText().equals("COUNT")) {
        return x.path("value").asDouble();
      }
    }
    throw new AssertionError("no COUNT in " + m);
  }

  private JsonNode get(String path) throws Exception {
    return ContractServer.JSON.readTree(text(path));
  }

  private String text(String path) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
    return r.body();
  }
}
