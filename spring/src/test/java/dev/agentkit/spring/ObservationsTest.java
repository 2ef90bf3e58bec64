package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.inbox.OpRunner;
import dev.agentkit.inbox.ProposalBatch;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.springai.AgentkitToolCallbacks;
import dev.agentkit.springai.AgentkitToolCallingManager;
import dev.agentkit.testing.EmbeddedPostgresServer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.test.simple.SimpleSpan;
import io.micrometer.tracing.test.simple.SimpleTracer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Fetch, bind, gate, run and accept as Micrometer Observations, on a random port against the
 * loopback contract server and an embedded PostgreSQL inbox, with Boot's ObservationRegistry and a
 * test tracer: the spans and their parent-child shape (the fetch inside the bind; one model
 * message's calls each a gate span under the message's, the run inside the applied one's; the
 * accepted op's run inside the accept), their low-cardinality keys, the timers Boot's meter handler
 * makes of them, and a user's convention replacing the starter's.
 */
@SpringBootTest(
    classes = ObservationsTest.Application.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ObservationsTest {
  static final ContractServer BACKEND = new ContractServer();

  @DynamicPropertySource
  static void backend(DynamicPropertyRegistry registry) {
    registry.add("agentkit.contracts.taskboard.url", BACKEND::url);
  }

  @AfterAll
  static void stop() {
    BACKEND.close();
  }

  /**
   * The agent, its tools, its inbox, a tracer that keeps its spans, and a convention of the user's.
   */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import({PriorityTools.class, RunsByTenant.class})
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

    @Bean
    DataSource dataSource() {
      return EmbeddedPostgresServer.freshDatabase("observed");
    }

    @Bean
    OpRunner priorityAgentOpRunner(Desk desk) {
      return call -> {
        desk.archive(call.arg("project_id"));
        return "archived";
      };
    }

    @Bean
    SimpleTracer tracer() {
      return new SimpleTracer();
    }

    @Bean
    ObservationHandler<Observation.Context> tracing(SimpleTracer tracer) {
      return new DefaultTracingObservationHandler(tracer);
    }
  }

  @Autowired SimpleTracer tracer;
  @Autowired ObservationRegistry observations;
  @Autowired MeterRegistry meters;
  @Autowired AgentkitToolCallbacks<Desk> tools;
  @Autowired ProposalInbox inbox;
  @Autowired LiveAgent<Desk> live;
  @Autowired Desk desk;

  @Test
  void theBindAtStartupHoldsTheFetchOfItsContract() {
    SimpleSpan bind = span("agentkit bind priorityAgent");
    assertThat(bind.getTags())
        .containsEntry("contract", "taskboard")
        .containsEntry("agent", "priorityAgent")
        .containsEntry("agent.class", PriorityAgent.class.getName())
        .containsEntry("outcome", "bound");
    SimpleSpan fetch = span("agentkit fetch taskboard");
    assertThat(fetch.getParentId()).isEqualTo(bind.getSpanId());
    assertThat(fetch.getTags()).containsEntry("outcome", "success");
    assertThat(meters.get("agentkit.agent.binds").tag("outcome", "bound").timer().count())
        .isEqualTo(1);
    assertThat(meters.get("agentkit.contract.fetches").tag("outcome", "success").timer().count())
        .isPositive();
  }

  @Test
  void oneModelMessageIsAGateSpanPerCallUnderTheMessageAndTheRunInsideTheAppliedOne() {
    SpringAiMetersTest.Scripted model =
        new SpringAiMetersTest.Scripted(
            List.of(
                call("c1", "set_task_priority", "{\"task_id\": \"t1\", \"priority\": \"high\"}"),
                call("c2", "archive_project", "{\"project_id\": \"p1\"}")));
    ChatClient chat =
        ChatClient.builder(model, observations, null, null)
            .defaultAdvisors(AgentkitToolCallingManager.advisor())
            .defaultToolCallbacks(tools.callbacks())
            .build();
    Observation message = Observation.start("test.message", observations);
    try (Observation.Scope scope = message.openScope()) {
      assertThat(chat.prompt().user("Triage the desk.").call().content()).isEqualTo("done");
    } finally {
      message.stop();
    }

    SimpleSpan root = span("test.message");
    SimpleSpan applied = span("agentkit gate set_task_priority");
    SimpleSpan withheld = span("agentkit gate archive_project");
    SimpleSpan run = span("agentkit run set_task_priority");
    for (SimpleSpan gate : List.of(applied, withheld)) {
      assertThat(gate.getTraceId()).isEqualTo(root.getTraceId());
      assertThat(ancestors(gate)).contains(root.getSpanId());
      assertThat(gate.getTags()).containsEntry("agent", "priorityAgent");
    }
    assertThat(applied.getParentId()).isEqualTo(withheld.getParentId());
    assertThat(applied.getTags())
        .containsEntry("opcode", "set_task_priority")
        .containsEntry("outcome", "ran");
    assertThat(withheld.getTags())
        .containsEntry("opcode", "archive_project")
        .containsEntry("outcome", "proposed");
    assertThat(run.getParentId()).isEqualTo(applied.getSpanId());
    assertThat(run.getTags())
        .containsEntry("opcode", "set_task_priority")
        .containsEntry("outcome", "done")
        .containsEntry("tenant", "acme");
    assertThat(spans("agentkit run archive_project")).isEmpty();
    assertThat(
            meters
                .get("agentkit.gate")
                .tags("opcode", "archive_project", "outcome", "proposed")
                .timer()
                .count())
        .isEqualTo(1);
    assertThat(
            meters
                .get("agentkit.act.runs")
                .tags("tenant", "acme", "outcome", "done")
                .timer()
                .count())
        .isEqualTo(1);
  }

  @Test
  void anAcceptHoldsTheRunOfItsOp() {
    Call archive = live.acts().verified(Call.of("archive_project", Map.of("project_id", "p1")));
    Proposal p =
        Proposal.builder("priorityAgent")
            .labeler((kind, id) -> Optional.of("project " + id))
            .anchor("project", "p1")
            .question("Archive it?")
            .op(live.acts(), archive)
            .build();
    inbox.propose(ProposalBatch.of(live.acts(), desk, List.of(p)));
    assertThat(inbox.accept(p.askKey(), "ann", Map.of()).done()).isTrue();

    SimpleSpan accept = span("agentkit accept archive_project");
    SimpleSpan run = span("agentkit run archive_project");
    assertThat(run.getParentId()).isEqualTo(accept.getSpanId());
    assertThat(accept.getTags())
        .containsEntry("outcome", "done")
        .containsEntry("agent", "priorityAgent");
    assertThat(run.getTags()).containsEntry("outcome", "done").containsEntry("tenant", "acme");
    assertThat(meters.get("agentkit.inbox.accepts").tag("outcome", "done").timer().count())
        .isEqualTo(1);
  }

  private SimpleSpan span(String name) {
    List<SimpleSpan> found = spans(name);
    assertThat(found).as("spans named " + name).hasSize(1);
    return found.get(0);
  }

  private List<SimpleSpan> spans(String name) {
    return tracer.getSpans().stream().filter(s -> name.equals(s.getName())).toList();
  }

  /** The span ids above the span, nearest first. */
  private List<String> ancestors(SimpleSpan span) {
    List<String> out = new ArrayList<>();
    String parent = span.getParentId();
    while (parent != null && !parent.isEmpty()) {
      out.add(parent);
      String id = parent;
      parent =
          tracer.getSpans().stream()
              .filter(s -> id.equals(s.getSpanId()))
              .map(SimpleSpan::getParentId)
              .findFirst()
              .orElse(null);
    }
    return out;
  }

  private static AssistantMessage.ToolCall call(String id, String name, String arguments) {
    return new AssistantMessage.ToolCall(id, "function", name, arguments);
  }
}
