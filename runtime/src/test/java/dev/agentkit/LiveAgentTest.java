package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.source.CachedContract;
import dev.agentkit.tool.LiveBoard;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each transition of a live agent, against a real loopback backend through a real cache. */
class LiveAgentTest {
  private static final Clock TODAY =
      Clock.fixed(Instant.parse("2026-11-29T12:00:00Z"), ZoneOffset.UTC);
  private static final CompiledAgent TRIAGE =
      new CompiledAgent(
          "TriageAgent",
          Contract.of("taskboard", List.of(Fixtures.setStatus())),
          Fixtures.taskboard().digest());
  private static final Call DONE =
      Call.of("set_status", Map.of("task_id", "T-1", "status", "done"));
  private static final Call ARCHIVED =
      Call.of("set_status", Map.of("task_id", "T-1", "status", "archived"));

  private final AtomicInteger runs = new AtomicInteger();
  private final List<LiveAgent.Event> events = new CopyOnWriteArrayList<>();
  private LoopbackBackend backend;
  private CachedContract cache;

  private List<Use<Object>> uses() {
    return List.of(
        Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
            .input("status")
            .reader((s, c) -> "todo")
            .run((s, c) -> runs.incrementAndGet())
            .build());
  }

  @BeforeEach
  void start() throws Exception {
    backend = new LoopbackBackend(Fixtures.taskboard());
    cache = backend.cache(Duration.ofMillis(20), Duration.ofMinutes(1));
  }

  @AfterEach
  void stop() {
    backend.close();
  }

  private LiveAgent<Object> live(DriftPolicy policy) {
    return LiveAgent.bind(TRIAGE, cache, uses(), policy, TODAY).listen(events::add);
  }

  /** The task board with set_status changed. */
  private static Contract withSetStatus(UnaryOperator<Op.Builder> change) {
    List<Op> ops = new ArrayList<>();
    for (Op op : Fixtures.taskboard().ops()) {
      ops.add(op.opcode().equals("set_status") ? change.apply(op.toBuilder()).build() : op);
    }
    return Contract.of("taskboard", ops);
  }

  private static Contract tierRaised() {
    return withSetStatus(b -> b.tier(Tier.IRREVERSIBLE));
  }

  private static Contract statuses(String... values) {
    return withSetStatus(
        b ->
            b.operands(
                List.of(
                    Fixtures.TASK_ID,
                    Operand.enumOf("status", true, values).withDescription("The new status."))));
  }

  /** Uses the agent until the condition holds: each use is what lets it notice a change. */
  private static void until(LiveAgent<?> live, BooleanSupplier condition) throws Exception {
    LiveBoard.until(live, condition);
  }

  private List<LiveAgent.Kind> kinds() {
    return events.stream().map(LiveAgent.Event::kind).toList();
  }

  @Test
  void anUnchangedContractStaysBoundAndReportsNothing() throws Exception {
    LiveAgent<Object> live = live(DriftPolicy.failOnBreaking());
    for (int i = 0; i < 20; i++) {
      assertThat(live.gate(List.of(DONE), AutonomyRung.AUTO).apply()).hasSize(1);
      Thread.sleep(5);
    }
    assertThat(live.run(null, DONE).done()).isTrue();
    assertThat(live.state()).isEqualTo(LiveAgent.State.BOUND);
    assertThat(events).isEmpty();
  }

  @Test
  void compatibleDriftRebindsOnceAndAddedValuesAreUsableAtOnce() throws Exception {
    LiveAgent<Object> live = live(DriftPolicy.failOnBreaking());
    Call blocked = Call.of("set_status", Map.of("task_id", "T-1", "status", "blocked"));
    assertThat(live.verify(blocked)).isNotEmpty();

    backend.serve(statuses("todo", "in_progress", "done", "archived", "blocked"));
    until(live, () -> !events.isEmpty());

    assertThat(live.verify(blocked)).isEmpty();
    assertThat(live.run(null, blocked).done()).isTrue();
    assertThat(live.state()).isEqualTo(LiveAgent.State.BOUND);
    Thread.sleep(100);
    assertThat(kinds()).containsExactly(LiveAgent.Kind.REBOUND);
    LiveAgent.Event e = events.get(0);
    assertThat(e.report().orElseThrow().hasBreaking()).isFalse();
    assertThat(e.digest()).isEqualTo(live.acts().contract().orElseThrow().digest());
    assertThat(e.sentence()).startsWith("bound TriageAgent: 1 acts; contract drift");
  }

  @Test
  void aRaisedTierPausesTheAgentWithTheDriftSentenceAndNothingRuns() throws Exception {
    LiveAgent<Object> live = live(DriftPolicy.failOnBreaking());
    backend.serve(tierRaised());
    until(live, () -> live.state() == LiveAgent.State.PAUSED_ON_DRIFT);
    int ranBefore = runs.get();

    Plan plan = live.gate(List.of(DONE, DONE), AutonomyRung.AUTO);
    assertThat(plan.apply()).isEmpty();
    assertThat(plan.propose()).hasSize(2);
    assertThatThrownBy(() -> live.run(null, DONE))
        .isInstanceOf(AgentPausedException.class)
        .hasMessageStartingWith(
            "[AgentPaused] set_status was not run: TriageAgent is paused on a live contract it"
                + " cannot act on; it proposes every call until a contract binds again or the"
                + " drift policy acknowledges the change:\n"
                + "[DriftBreaking] TriageAgent cannot bind to the live taskboard contract: 1"
                + " breaking change since the snapshot it was compiled against")
        .hasMessageContaining("- tier-raised: the backend raised the tier of set_status")
        .satisfies(
            t -> {
              AgentPausedException p = (AgentPausedException) t;
              assertThat(p.state()).isEqualTo(LiveAgent.State.PAUSED_ON_DRIFT);
              assertThat(p.report().orElseThrow().hasBreaking()).isTrue();
            });
    assertThatThrownBy(live::acts)
        .isInstanceOf(AgentPausedException.class)
        .hasMessageStartingWith("[AgentPaused] no acts are bound: TriageAgent is paused");
    assertThat(live.ask(DONE)).isEqualTo("Set a task's status.");
    assertThat(runs.get()).isEqualTo(ranBefore);
    assertThat(kinds()).containsExactly(LiveAgent.Kind.PAUSED);
    assertThat(events.get(0).report().orElseThrow().hasBreaking()).isTrue();
    assertThat(events.get(0).sentence()).startsWith("[DriftBreaking] TriageAgent");
  }

  @Test
  void aRestoredContractResumesOnce() throws Exception {
    LiveAgent<Object> live = live(DriftPolicy.failOnBreaking());
    backend.serve(tierRaised());
    until(live, () -> live.state() == LiveAgent.State.PAUSED_ON_DRIFT);
    backend.serve(Fixtures.taskboard());
    until(live, () -> live.state() == LiveAgent.State.BOUND);

    assertThat(live.run(null, DONE).done()).isTrue();
    assertThat(live.gate(List.of(DONE), AutonomyRung.AUTO).apply()).hasSize(1);
    Thread.sleep(100);
    live.state();
    assertThat(kinds()).containsExactly(LiveAgent.Kind.PAUSED, LiveAgent.Kind.RESUMED);
    assertThat(events.get(1).digest()).isEqualTo(Fixtures.taskboard().digest());
  }

  @Test
  void aRemovedEnumValuePausesTheAgent() throws Exception {
    LiveAgent<Object> live = live(DriftPolicy.failOnBreaking());
    assertThat(live.verify(ARCHIVED)).isEmpty();
    backend.serve(statuses("todo", "in_progress", "done"));
    until(live, () -> live.state() == LiveAgent.State.PAUSED_ON_DRIFT);

    assertThatThrownBy(() -> live.run(null, ARCHIVED))
        .isInstanceOf(AgentPausedException.class)
        .hasMessageContaining("- enum-value-removed: the backend removed enum value \"archived\"");
    assertThat(live.gate(List.of(ARCHIVED), AutonomyRung.AUTO).apply()).isEmpty();
    assertThat(kinds()).containsExactly(LiveAgent.Kind.PAUSED);
  }

  @Test
  void aPolicyThatAcknowledgesTheItemResumesTheAgent() throws Exception {
    LiveAgent<Object> live = live(DriftPolicy.failOnBreaking());
    backend.serve(statuses("todo", "in_progress", "done"));
    until(live, () -> live.state() == LiveAgent.State.PAUSED_ON_DRIFT);

    live.usePolicy(
        DriftPolicy.failOnBreaking()
            .acknowledge(
                DriftRule.ENUM_VALUE_REMOVED,
                "set_status.status=archived",
                LocalDate.of(2026, 12, 31),
                "reviewed"));

    assertThat(live.state()).isEqualTo(LiveAgent.State.BOUND);
    assertThat(kinds()).containsExactly(LiveAgent.Kind.PAUSED, LiveAgent.Kind.RESUMED);
    assertThat(live.lastBound().notes()).singleElement().asString().startsWith("acknowledged");
    assertThat(live.run(null, DONE).done()).isTrue();
    // Bound to the live contract, the removed value is rejected, never run.
    assertThatThrownBy(() -> live.run(null, ARCHIVED))
        .isInstanceOf(ProgramRejectedException.class)
        .hasMessageContaining("\"archived\" is not one of the allowed values");
  }

  @Test
  void aContractThatDoesNotBindKeepsTheAgentPausedEvenWhenAcknowledged() throws Exception {
    LiveAgent<Object> live = live(DriftPolicy.failOnBreaking());
    backend.serve(tierRaised());
    until(live, () -> live.state() == LiveAgent.State.PAUSED_ON_DRIFT);

    live.usePolicy(
        DriftPolicy.failOnBreaking()
            .acknowledge(
                DriftRule.TIER_RAISED, "set_status", LocalDate.of(2026, 12, 31), "reviewed"));

    assertThat(live.state()).isEqualTo(LiveAgent.State.PAUSED_ON_DRIFT);
    assertThatThrownBy(() -> live.run(null, DONE))
        .isInstanceOf(AgentPausedException.class)
        .hasMessageContaining("the agent's acts could not be bound (2 problems)")
        .hasMessageContaining("[WithheldWithRun] set_status: has a run handler");
    assertThat(live.gate(List.of(DONE), AutonomyRung.AUTO).apply()).isEmpty();
    assertThat(kinds()).containsExactly(LiveAgent.Kind.PAUSED, LiveAgent.Kind.PAUSED);
  }

  @Test
  void aStaleSourceFailsClosedAndRecovers() throws Exception {
    cache = backend.cache(Duration.ofMillis(20), Duration.ofMillis(300));
    LiveAgent<Object> live = live(DriftPolicy.failOnBreaking());
    backend.goDown();
    until(live, () -> live.state() == LiveAgent.State.SOURCE_STALE);

    assertThat(live.gate(List.of(DONE), AutonomyRung.AUTO).apply()).isEmpty();
    assertThatThrownBy(() -> live.run(null, DONE))
        .isInstanceOf(AgentPausedException.class)
        .hasMessageStartingWith(
            "[AgentPaused] set_status was not run: TriageAgent is paused because its contract"
                + " source is stale; it proposes every call until a refresh succeeds: cached "
                + backend.uri()
                + " holds no contract younger than its max staleness; the last good contract"
                + " was fetched ")
        .hasMessageEndingWith(
            "ago, so the agent's acts may no longer match the backend; it acts again once a"
                + " refresh succeeds")
        .satisfies(
            t -> {
              AgentPausedException p = (AgentPausedException) t;
              assertThat(p.state()).isEqualTo(LiveAgent.State.SOURCE_STALE);
              assertThat(p.report()).isEmpty();
            });

    backend.serve(Fixtures.taskboard());
    until(live, () -> live.state() == LiveAgent.State.BOUND);
    assertThat(live.run(null, DONE).done()).isTrue();
    assertThat(kinds()).containsExactly(LiveAgent.Kind.SOURCE_STALE, LiveAgent.Kind.RESUMED);
  }

  @Test
  void aListenerThatThrowsCannotStopTheAgent() throws Exception {
    LiveAgent<Object> live = live(DriftPolicy.failOnBreaking());
    live.listen(
        e -> {
          throw new IllegalStateException("listener bug");
        });
    backend.serve(tierRaised());
    until(live, () -> live.state() == LiveAgent.State.PAUSED_ON_DRIFT);
    backend.serve(Fixtures.taskboard());
    until(live, () -> live.state() == LiveAgent.State.BOUND);
    assertThat(live.run(null, DONE).done()).isTrue();
    assertThat(kinds()).containsExactly(LiveAgent.Kind.PAUSED, LiveAgent.Kind.RESUMED);
  }

  @Test
  void startingOnBreakingDriftFailsAsBindDoes() {
    backend.serve(tierRaised());
    assertThatThrownBy(() -> live(DriftPolicy.failOnBreaking()))
        .isInstanceOf(DriftException.class)
        .hasMessageStartingWith("[DriftBreaking] TriageAgent cannot bind");
  }

  @Test
  void startingWithTheSourceDownFailsClosed() {
    backend.goDown();
    assertThatThrownBy(() -> live(DriftPolicy.failOnBreaking()))
        .isInstanceOf(BindException.class)
        .hasMessageStartingWith("the agent's acts could not be bound (1 problem)");
  }
}
