package dev.agentkit.drift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.BindException;
import dev.agentkit.BoundAgent;
import dev.agentkit.CompiledAgent;
import dev.agentkit.Fixtures;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.CachedContracts;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Startup re-verification: fast path, policies, acknowledgements and their expiry. */
class DriftPolicyTest {
  private static final Clock TODAY =
      Clock.fixed(Instant.parse("2026-11-29T12:00:00Z"), ZoneOffset.UTC);

  private static List<Use<Object>> uses() {
    return List.of(
        Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
            .input("status")
            .reader((s, a) -> "")
            .run((s, c) -> null)
            .build());
  }

  private static final Contract COMPILED = Contract.of("taskboard", List.of(Fixtures.setStatus()));
  private static final String COMPILED_DIGEST = Fixtures.taskboard().digest();
  private static final CompiledAgent TRIAGE =
      new CompiledAgent("TriageAgent", COMPILED, COMPILED_DIGEST);

  /** The live board without the "archived" status. */
  private static Contract liveWithoutArchived() {
    List<Op> ops =
        Fixtures.taskboard().ops().stream()
            .map(
                a ->
                    a.opcode().equals("set_status")
                        ? a.toBuilder()
                            .operands(
                                List.of(
                                    Fixtures.TASK_ID,
                                    Operand.enumOf("status", true, "todo", "in_progress", "done")
                                        .withDescription("The new status.")))
                            .build()
                        : a)
            .toList();
    return Contract.of("taskboard", ops);
  }

  private static BoundAgent<Object> bind(Contract live, DriftPolicy policy) {
    return BoundAgent.bind(TRIAGE, Fixtures.sourceOf(live), uses(), policy, TODAY);
  }

  @Test
  void fastPathWhenDigestsAreEqual() {
    BoundAgent<Object> b = bind(Fixtures.taskboard(), DriftPolicy.failOnBreaking());
    assertThat(b.report().isEmpty()).isTrue();
    assertThat(b.notes()).isEmpty();
    assertThat(b.toString()).isEqualTo("bound TriageAgent: 1 acts; no contract drift");
  }

  @Test
  void changesToOpsTheAgentDoesNotUseAreIgnored() {
    List<Op> ops = new java.util.ArrayList<>(Fixtures.taskboard().ops());
    ops.removeIf(a -> a.opcode().equals("tag_task"));
    BoundAgent<Object> b = bind(Contract.of("taskboard", ops), DriftPolicy.failOnBreaking());
    assertThat(b.report().isEmpty()).isTrue();
  }

  @Test
  void breakingDriftFailsByDefault() {
    assertThatThrownBy(() -> bind(liveWithoutArchived(), DriftPolicy.failOnBreaking()))
        .isInstanceOf(DriftException.class)
        .hasMessage(
            "[DriftBreaking] TriageAgent cannot bind to the live taskboard contract: 1 breaking"
                + " change since the snapshot it was compiled against\n"
                + "  - enum-value-removed: the backend removed enum value \"archived\" of"
                + " set_status.status, which TriageAgent uses; calls with it are now rejected\n"
                + "Regenerate the snapshot (mvn agentkit:snapshot), rebuild to see the compile"
                + " errors, and fix the agent; or acknowledge a reviewed item in the drift policy"
                + " with an expiry date.")
        .satisfies(e -> assertThat(((DriftException) e).report().hasBreaking()).isTrue());
  }

  @Test
  void warnOnlyBindsTheLiveContractAndReportsIt() {
    BoundAgent<Object> b = bind(liveWithoutArchived(), DriftPolicy.warnOnly());
    assertThat(b.notes())
        .containsExactly(
            "warning: the backend removed enum value \"archived\" of set_status.status, which"
                + " TriageAgent uses; calls with it are now rejected");
    assertThat(b.acts().op("set_status").orElseThrow().operand("status").orElseThrow().enumValues())
        .containsExactly("todo", "in_progress", "done");
    assertThat(b.toString())
        .isEqualTo(
            "bound TriageAgent: 1 acts; contract drift for TriageAgent: 1 breaking, 0"
                + " compatible, 0 informational\n"
                + "  - breaking enum-value-removed: the backend removed enum value \"archived\""
                + " of set_status.status, which TriageAgent uses; calls with it are now rejected\n"
                + "  warning: the backend removed enum value \"archived\" of set_status.status,"
                + " which TriageAgent uses; calls with it are now rejected");
  }

  @Test
  void acknowledgedItemsPassUntilTheyExpire() {
    DriftPolicy policy =
        DriftPolicy.failOnBreaking()
            .acknowledge(
                DriftRule.ENUM_VALUE_REMOVED,
                "set_status.status=archived",
                LocalDate.parse("2026-11-29"),
                "archiving moved to archive_task");
    BoundAgent<Object> b = bind(liveWithoutArchived(), policy);
    assertThat(b.notes())
        .containsExactly(
            "acknowledged until 2026-11-29 (archiving moved to archive_task): the backend removed"
                + " enum value \"archived\" of set_status.status, which TriageAgent uses; calls"
                + " with it are now rejected");

    DriftPolicy expired =
        DriftPolicy.failOnBreaking()
            .acknowledge(
                DriftRule.ENUM_VALUE_REMOVED,
                "set_status.status=archived",
                LocalDate.parse("2026-11-28"),
                "");
    assertThatThrownBy(() -> bind(liveWithoutArchived(), expired))
        .isInstanceOf(DriftException.class)
        .hasMessageContaining(
            "  - the acknowledgement of enum-value-removed on set_status.status=archived expired"
                + " on 2026-11-28; review the change, then fix the agent or renew the"
                + " acknowledgement");
  }

  @Test
  void anAcknowledgementMatchesOnlyItsItem() {
    DriftPolicy other =
        DriftPolicy.failOnBreaking()
            .acknowledge(
                DriftRule.ENUM_VALUE_REMOVED,
                "set_status.status=done",
                LocalDate.parse("2030-01-01"),
                "");
    assertThatThrownBy(() -> bind(liveWithoutArchived(), other)).isInstanceOf(DriftException.class);
    assertThat(other.acknowledgements()).hasSize(1);
  }

  @Test
  void failsClosedWhenTheBackendIsDown() {
    ContractSource down =
        new ContractSource() {
          @Override
          public Contract fetch() throws ContractSourceException {
            throw new ContractSourceException("connect timed out after 2s");
          }

          @Override
          public String describe() {
            return "http://127.0.0.1:1/ops";
          }
        };
    assertThatThrownBy(
            () -> BoundAgent.bind(TRIAGE, down, uses(), DriftPolicy.failOnBreaking(), TODAY))
        .isInstanceOf(BindException.class)
        .hasMessageContaining(
            "[ContractUnavailable] cannot bind without the backend contract from"
                + " http://127.0.0.1:1/ops (connect timed out after 2s)");
  }

  @Test
  void aWarmCacheBindsOnTheLastGoodContractAndSaysHowStale() throws Exception {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong();
    java.util.concurrent.atomic.AtomicBoolean up =
        new java.util.concurrent.atomic.AtomicBoolean(true);
    ContractSource backend =
        new ContractSource() {
          @Override
          public Contract fetch() throws ContractSourceException {
            if (!up.get()) {
              throw new ContractSourceException("connection refused");
            }
            return Fixtures.taskboard();
          }

          @Override
          public String describe() {
            return "http://127.0.0.1:1/ops";
          }
        };
    CachedContract cache =
        CachedContracts.withNanoTime(
                CachedContract.builder(backend)
                    .ttl(java.time.Duration.ofMinutes(5))
                    .maxStaleness(java.time.Duration.ofHours(1)),
                now::get)
            .build();
    cache.fetch();
    up.set(false);
    now.set(java.time.Duration.ofMinutes(12).toNanos());
    BoundAgent<Object> b =
        BoundAgent.bind(TRIAGE, cache, uses(), DriftPolicy.failOnBreaking(), TODAY);
    assertThat(b.notes())
        .containsExactly(
            "bound on the last good contract from cached http://127.0.0.1:1/ops, fetched 12m"
                + " ago: refreshing it failed, so it may be stale");
    // Cold and down: fail closed.
    CachedContract cold =
        CachedContract.builder(backend)
            .ttl(java.time.Duration.ofMinutes(5))
            .maxStaleness(java.time.Duration.ofHours(1))
            .build();
    assertThatThrownBy(
            () -> BoundAgent.bind(TRIAGE, cold, uses(), DriftPolicy.failOnBreaking(), TODAY))
        .isInstanceOf(BindException.class)
        .hasMessageContaining(
            "[ContractUnavailable] cannot bind without the backend contract from"
                + " cached http://127.0.0.1:1/ops");
  }

  @Test
  void theLiveDigestIsComputedOncePerFetchNotPerBind() throws Exception {
    java.util.concurrent.atomic.AtomicInteger fetches =
        new java.util.concurrent.atomic.AtomicInteger();
    CachedContract cache =
        CachedContract.builder(
                () -> {
                  fetches.incrementAndGet();
                  return Contract.of("taskboard", Fixtures.taskboard().ops());
                })
            .ttl(java.time.Duration.ofHours(1))
            .maxStaleness(java.time.Duration.ofHours(2))
            .build();
    Contract first = cache.fetch();
    String digest = first.digest();
    for (int i = 0; i < 3; i++) {
      BoundAgent<Object> b =
          BoundAgent.bind(TRIAGE, cache, uses(), DriftPolicy.failOnBreaking(), TODAY);
      // The same contract object each time, whose digest was computed once and kept.
      assertThat(b.acts().contract().orElseThrow()).isSameAs(first);
      assertThat(first.digest()).isSameAs(digest);
    }
    assertThat(fetches).hasValue(1);
  }

  @Test
  void acknowledgementNeedsAnExpiry() {
    assertThatThrownBy(
            () -> new DriftPolicy.Acknowledgement(DriftRule.OP_REMOVED, "x", null, "why"))
        .hasMessage("expires: every acknowledgement needs an expiry date");
  }

  /**
   * Replaces the test of {@code DriftReport.Usage.of} (gone in API v1): {@link BoundAgent} derives
   * the usage from the uses themselves, so drift is graded by each use's run handler, ask wording
   * and premise input, and a local use takes no part.
   */
  @Test
  void driftIsGradedByEachUsesHandlersAndPremiseInput() {
    Contract compiled =
        Contract.of("taskboard", List.of(Fixtures.setStatus(), Fixtures.setEstimate()));
    CompiledAgent agent = new CompiledAgent("TriageAgent", compiled, compiled.digest());
    List<Use<Object>> uses =
        List.of(
            Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
                .input("status")
                .reader((s, c) -> "")
                .run((s, c) -> null)
                .build(),
            Use.<Object>of("set_estimate", ChangeCategory.MERGE).ask(c -> "Estimate?").build(),
            Use.<Object>local(
                    Op.builder("draft_note")
                        .description("Draft a note.")
                        .tier(Tier.READ_ONLY)
                        .build(),
                    ChangeCategory.ALWAYS_MINTS)
                .build());
    Contract live =
        Contract.of(
            "taskboard",
            List.of(
                Fixtures.setStatus().toBuilder()
                    .tier(Tier.EXTERNAL_REVERSIBLE)
                    .operands(List.of(Fixtures.TASK_ID))
                    .build(),
                Fixtures.setEstimate().toBuilder().tier(Tier.IRREVERSIBLE).build()));
    assertThatThrownBy(
            () -> BoundAgent.bind(agent, live, uses, DriftPolicy.failOnBreaking(), TODAY))
        .isInstanceOf(DriftException.class)
        .satisfies(
            e ->
                assertThat(((DriftException) e).report().items())
                    .extracting(DriftItem::toString)
                    .containsExactlyInAnyOrder(
                        // set_status has a run handler ...
                        "breaking tier-raised: the backend raised the tier of set_status from"
                            + " reversible to external_reversible, which TriageAgent uses; its"
                            + " run handler can never run now, so the act must be asked instead",
                        // ... and compares status ...
                        "breaking operand-removed: the backend removed operand set_status.status"
                            + " (the input of its premise), which TriageAgent uses",
                        // ... while set_estimate has ask wording and no run handler.
                        "compatible tier-raised: the backend raised the tier of set_estimate"
                            + " from read_only to irreversible, which TriageAgent uses; it is now"
                            + " proposed to a human instead of running"));
  }

  @Test
  void aContractAlreadyFetchedBindsToo() {
    BoundAgent<Object> b =
        BoundAgent.bind(TRIAGE, Fixtures.taskboard(), uses(), DriftPolicy.failOnBreaking(), TODAY);
    assertThat(b.report().isEmpty()).isTrue();
    assertThat(b.report().fromDigest()).isEqualTo(COMPILED_DIGEST);
    assertThat(b.acts().op("set_status")).contains(Fixtures.setStatus());
    assertThat(b.acts().contract()).contains(Fixtures.taskboard());
    BoundAgent<Object> drifted =
        BoundAgent.bind(TRIAGE, liveWithoutArchived(), uses(), DriftPolicy.warnOnly(), TODAY);
    assertThat(drifted.report().items()).hasSize(1);
    // The slow path compares the ops the agent was compiled against with the same ops live.
    assertThat(drifted.report().fromDigest()).isEqualTo(COMPILED.digest());
    assertThat(drifted.report().toDigest())
        .isEqualTo(
            Contract.of("taskboard", List.of(liveWithoutArchived().op("set_status").orElseThrow()))
                .digest());
    assertThat(drifted.acts().contract()).contains(liveWithoutArchived());
  }

  @Test
  void aLiveDocumentNamingAnotherContractIsRefusedBeforeAnyComparison() {
    Contract billing =
        Contract.of("billing", "http://127.0.0.1:9/contract", Fixtures.taskboard().ops());
    assertThatThrownBy(
            () -> BoundAgent.bind(TRIAGE, billing, uses(), DriftPolicy.warnOnly(), TODAY))
        .isInstanceOf(BindException.class)
        .hasMessage(
            "the agent's acts could not be bound (1 problem)\n"
                + "  - [ContractMismatch] the backend at http://127.0.0.1:9/contract serves"
                + " contract \"billing\", but TriageAgent was compiled against contract"
                + " \"taskboard\"; point the source at the taskboard backend, or change"
                + " @Agent(contract = ...) and take a snapshot of billing")
        .extracting(e -> ((BindException) e).problems().get(0).kind())
        .isEqualTo(Problem.Kind.CONTRACT_MISMATCH);
  }
}
