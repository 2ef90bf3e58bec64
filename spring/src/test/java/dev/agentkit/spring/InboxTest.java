package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.inbox.Accepted;
import dev.agentkit.inbox.InboxEntry;
import dev.agentkit.inbox.InboxQuery;
import dev.agentkit.inbox.ProposalBatch;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.inbox.ProposalState;
import dev.agentkit.inbox.ProposeReport;
import dev.agentkit.proposal.Proposal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The inbox auto-configuration on a random port, against the loopback contract server and a real
 * PostgreSQL database: the agent bean gets a {@code ProposalInbox} bean, its schema migrated
 * through Boot's Flyway (beside the host's own migration, in its own history table), a person
 * accepts a proposal and the op runner bean applies it, the scheduled sweep expires a proposal past
 * its deadline, and health and the meters show the backlog.
 */
@SpringBootTest(
    classes = InboxApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "management.endpoints.web.exposure.include=health,metrics",
      "management.endpoint.health.show-details=always",
      "agentkit.inbox.sweep-interval=200ms"
    })
class InboxTest {
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
  @Autowired ProposalInbox inbox;
  @Autowired LiveAgent<Desk> live;
  @Autowired Desk desk;
  @Autowired DataSource dataSource;
  @Autowired InboxSchema schema;

  @Test
  void theInboxMigratesThroughBootsFlywayBesideTheHostsOwnMigrations() throws SQLException {
    assertThat(schema.through()).isEqualTo("Boot's Flyway's DataSource");
    assertThat(column("SELECT script FROM flyway_schema_history WHERE success ORDER BY 1"))
        .containsExactly("V1__host_notes.sql");
    assertThat(column("SELECT script FROM agentkit_schema_history WHERE success ORDER BY 1"))
        .contains("V1__proposal_inbox.sql", "V6__wider_values.sql")
        .doesNotContain("V1__host_notes.sql");
  }

  @Test
  void aPersonAcceptsAProposalAndTheOpRunnerBeanAppliesIt() throws Exception {
    ProposeReport report = propose(Call.of("archive_project", Map.of("project_id", "p1")));
    String key = "priorityAgent:project:p1:archive_project";
    assertThat(report.byKey()).containsEntry(key, ProposeReport.Disposition.ADDED);
    assertThat(inbox.pending(InboxQuery.pending().agent("priorityAgent")).entries())
        .extracting(InboxEntry::askKey)
        .contains(key);

    JsonNode health = get("/actuator/health/agentkit-inbox/priorityAgent");
    assertThat(health.path("status").asText()).isEqualTo("UP");
    assertThat(health.path("details").path("pending").asLong()).isPositive();
    assertThat(health.path("details").path("accepts").asBoolean()).isTrue();
    assertThat(health.path("details").path("stranded").asLong()).isZero();
    assertThat(health.path("details").has("oldestPendingAgeSeconds")).isTrue();
    assertThat(health.path("details").path("states").path("pending").asLong()).isPositive();

    Accepted accepted = inbox.accept(key, "ann", Map.of());
    assertThat(accepted.done()).isTrue();
    assertThat(desk.projectState("p1")).isEqualTo("archived");
    assertThat(inbox.get(key).orElseThrow().state()).isEqualTo(ProposalState.DONE);
  }

  @Test
  void theScheduledSweepExpiresAProposalPastItsDeadlineAndTheMetersCountIt() throws Exception {
    propose(Call.of("set_task_priority", Map.of("task_id", "t1", "priority", "urgent")));
    String key = "priorityAgent:task:t1:set_task_priority";
    assertThat(inbox.get(key).orElseThrow().deadline()).isPresent();
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (inbox.get(key).orElseThrow().state() != ProposalState.DECLINED) {
      assertThat(System.nanoTime()).as("the sweep never declined " + key).isLessThan(deadline);
      Thread.sleep(100);
    }
    assertThat(inbox.history(key)).extracting(e -> e.action()).contains("expired");
    assertThat(metric("agentkit.inbox.expiries", "outcome:declined")).isEqualTo(1.0);
    assertThat(metric("agentkit.inbox.expiries", "agent:priorityAgent")).isEqualTo(1.0);
    assertThat(get("/actuator/metrics/agentkit.inbox.proposals").path("description").asText())
        .isEqualTo("Proposals in the agent's inbox, by state");
    Thread.sleep(InboxWatch.MAX_AGE.toMillis() + 100); // the gauges read a backlog this old
    assertThat(metric("agentkit.inbox.proposals", "state:declined")).isGreaterThanOrEqualTo(1.0);
    assertThat(metric("agentkit.inbox.stranded", "agent:priorityAgent")).isZero();
  }

  /** The agent's call withheld as its tools would withhold it, proposed under the bean's name. */
  private ProposeReport propose(Call call) {
    ActionSet<Desk> acts = live.acts();
    Call bound = acts.verified(call);
    Proposal p =
        Proposal.builder("priorityAgent")
            .labeler(
                (kind, id) ->
                    java.util.Optional.of(kind.equals("task") ? "task " + id : "project " + id))
            .anchor(bound.op().objectType(), bound.arg(bound.op().objectType() + "_id"))
            .question(acts.ask(bound))
            .op(acts, bound)
            .build();
    return inbox.propose(ProposalBatch.of(acts, desk, List.of(p)));
  }

  private List<String> column(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery(sql)) {
      while (r.next()) {
        out.add(r.getString(1));
      }
    }
    return out;
  }

  private double metric(String name, String tag) throws Exception {
    for (JsonNode m : get("/actuator/metrics/" + name + "?tag=" + tag).path("measurements")) {
      return m.path("value").asDouble();
    }
    throw new AssertionError("no measurement of " + name);
  }

  private JsonNode get(String path) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    return ContractServer.JSON.readTree(r.body());
  }
}
