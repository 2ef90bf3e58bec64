package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Call;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.UserSlot;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Accept never strands a proposal: connections killed for real at each commit of an accept (before
 * it, or after it with the acknowledgement lost), and at random in a loop. Whatever is left is
 * either pending with nothing run, accepted with nothing run (recover runs it once), or running
 * with its op in doubt (settle decides it; sent again, the idempotency key makes it count once).
 * Run on H2 and on PostgreSQL by {@link H2FaultTest} and {@link PostgresFaultTest}.
 *
 * <p>{@code faults} has no transient retry, so each fault shows what it leaves when nothing is run
 * again; {@code retried} has the default retry, and shows that a write killed before its commit is
 * run again and one whose acknowledgement was lost is read back, never run twice.
 */
abstract class FaultsContractTest extends InboxSuite {
  static final Duration RUN_TIMEOUT = Duration.ofMinutes(10);

  /** How this database's sessions are named and killed. */
  abstract FaultyDataSource.Sessions sessions();

  /** The database the kill loop's inbox reaches, and how to kill every connection to it now. */
  interface KillLoop extends AutoCloseable {
    DataSource dataSource();

    /** Kills every connection of the inbox's now; how many. */
    int killAll() throws Exception;

    @Override
    void close();
  }

  /** The kill loop of this database (its own way of losing connections at any moment). */
  abstract KillLoop killLoop() throws Exception;

  FaultyDataSource faulty;
  ProposalInbox faults;
  ProposalInbox retried;

  @BeforeEach
  void faultyInbox() {
    faulty = new FaultyDataSource(db, sessions());
    faults = faultyInbox(faulty, RUN_TIMEOUT, TransientRetry.off());
    retried = faultyInbox(faulty, RUN_TIMEOUT, TransientRetry.DEFAULT);
  }

  ProposalInbox faultyInbox(DataSource ds, Duration runTimeout, TransientRetry retry) {
    return ProposalInbox.builder(ds)
        .clock(clock)
        .floodCap(100)
        .runTimeout(runTimeout)
        .transientRetry(retry)
        .agent(
            InboxAgent.bind(
                "triage", desk.source, Desk.uses(), OpRunner.withContext(desk::applyOnce)))
        .build();
  }

  /** The database failure of a killed connection: any state, the statement named. */
  static void assertKilled(InboxException e, String what, String statement, String after) {
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DATABASE);
    assertThat(e.getMessage())
        .matches(
            Pattern.quote("[InboxDatabase] the inbox could not " + what + ": ")
                + "[a-z' ]+ \\(SQL state [0-9A-Z]{5}, statement "
                + Pattern.quote(
                    "\""
                        + statement
                        + "\"); check that the DataSource reaches the database and"
                        + " that the inbox's migrations ran"
                        + after));
  }

  private void proposeT1() {
    propose(desk.priority("triage", "t1", "urgent"));
  }

  @Test
  void killedBeforeTheClaimCommitsLeavesItPendingAndNothingRan() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "accepted", 0, FaultyDataSource.When.BEFORE_COMMIT);
    InboxException e = catchInbox(() -> faults.accept(PRIORITY_T1, "ann", Map.of()));
    assertKilled(e, "accept \"triage:task:t1:set_priority\"", "commit", "");
    assertThat(desk.applied).isEmpty();
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
    assertThat(faults.accept(PRIORITY_T1, "ann", Map.of()).done()).isTrue();
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void aProposeKilledBeforeItsCommitStoresNothingAndOneWhoseAcknowledgementIsLostStoresItOnce() {
    ProposalBatch<Desk> batch =
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent")));
    faulty.arm(PRIORITY_T1, "pending", 0, FaultyDataSource.When.BEFORE_COMMIT);
    assertKilled(catchInbox(() -> faults.propose(batch)), "store the proposals", "commit", "");
    assertThat(inbox.get(PRIORITY_T1)).isEmpty();
    assertThat(rows("agentkit_proposal_audit")).isZero();

    faulty.arm(PRIORITY_T1, "pending", 0, FaultyDataSource.When.AFTER_COMMIT);
    assertKilled(catchInbox(() -> faults.propose(batch)), "store the proposals", "commit", "");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
    assertThat(faults.propose(batch).byKey())
        .containsExactly(Map.entry(PRIORITY_T1, ProposeReport.Disposition.REFRESHED));
    assertThat(rows("agentkit_proposal")).isEqualTo(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().version()).isEqualTo(1);
  }

  @Test
  void aDeclineKilledBeforeItsCommitLeavesItPendingAndOneWhoseAcknowledgementIsLostStands() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "declined", 0, FaultyDataSource.When.BEFORE_COMMIT);
    assertKilled(
        catchInbox(() -> faults.decline(PRIORITY_T1, "ann", "no")),
        "decline \"triage:task:t1:set_priority\"",
        "commit",
        "");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);

    faulty.arm(PRIORITY_T1, "declined", 0, FaultyDataSource.When.AFTER_COMMIT);
    assertKilled(
        catchInbox(() -> faults.decline(PRIORITY_T1, "ann", "no")),
        "decline \"triage:task:t1:set_priority\"",
        "commit",
        "");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.DECLINED);
    assertThat(catchInbox(() -> faults.decline(PRIORITY_T1, "ann", "no")).getMessage())
        .isEqualTo(
            "[InboxNotPending] the proposal \"triage:task:t1:set_priority\" is declined by ann at"
                + " 2026-11-30T12:00:00Z, so it cannot be declined; only a pending proposal can be"
                + " accepted or declined");
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "declined");
  }

  @Test
  void aClaimWhoseAcknowledgementIsLostIsReadBackAndTheAcceptGoesOn() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "accepted", 0, FaultyDataSource.When.AFTER_COMMIT);
    Accepted a = faults.accept(PRIORITY_T1, "ann", Map.of());
    assertThat(faulty.fired()).isTrue();
    assertThat(a.done()).isTrue();
    assertThat(desk.applied).hasSize(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "accepted", "ran");
  }

  @Test
  void aClaimThatCannotBeReadBackIsAcceptedWithNothingRunAndRecoverRunsItOnce() {
    proposeT1();
    faulty.arm(
        PRIORITY_T1,
        "accepted",
        0,
        FaultyDataSource.When.AFTER_COMMIT,
        1); // the read-back's connection dies too
    InboxException e = catchInbox(() -> faults.accept(PRIORITY_T1, "ann", Map.of()));
    assertKilled(
        e,
        "accept \"triage:task:t1:set_priority\"",
        "commit",
        "; whether the claim was written could not be read back, and nothing ran: if"
            + " get(\"triage:task:t1:set_priority\") shows it accepted,"
            + " recover(\"triage:task:t1:set_priority\", by) runs it");
    InboxEntry stuck = inbox.get(PRIORITY_T1).orElseThrow();
    assertThat(stuck.state()).isEqualTo(ProposalState.ACCEPTED);
    assertThat(desk.applied).isEmpty();
    assertThat(keys(inbox.pending(InboxQuery.pending().state(ProposalState.ACCEPTED))))
        .containsExactly(PRIORITY_T1);
    assertThat(inbox.counts()).containsEntry(ProposalState.ACCEPTED, 1L);

    assertThat(catchInbox(() -> faults.accept(PRIORITY_T1, "bob", Map.of())).getMessage())
        .isEqualTo(
            "[InboxNotPending] the proposal \"triage:task:t1:set_priority\" is accepted by ann at"
                + " 2026-11-30T12:00:00Z, so it cannot be accepted; only a pending proposal can be"
                + " accepted or declined; none of its ops has started:"
                + " recover(\"triage:task:t1:set_priority\", by) runs them");
    Accepted recovered = faults.recover(PRIORITY_T1, "ops-oncall");
    assertThat(recovered.done()).isTrue();
    assertThat(desk.applied).hasSize(1);
    assertThat(faults.history(PRIORITY_T1))
        .extracting(AuditEvent::action, AuditEvent::outcome)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("proposed", "pending"),
            org.assertj.core.groups.Tuple.tuple(
                "accepted", "version 1, slot values {}, approved by ann"),
            org.assertj.core.groups.Tuple.tuple(
                "recovered", "ops-oncall: none of its ops had started; running them now"),
            org.assertj.core.groups.Tuple.tuple(
                "ran", "done: op 0 (set_priority) done: priority urgent"));
    assertThat(catchInbox(() -> faults.recover(PRIORITY_T1, "ops-oncall")).getMessage())
        .isEqualTo(
            "[InboxNotInFlight] the proposal \"triage:task:t1:set_priority\" is done, so there is"
                + " nothing to recover or settle: only an accepted or running proposal is in"
                + " flight");
  }

  @Test
  void aStartWhoseAcknowledgementIsLostIsReadBackAndTheAcceptGoesOn() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "running", 0, FaultyDataSource.When.AFTER_COMMIT);
    Accepted a = faults.accept(PRIORITY_T1, "ann", Map.of());
    assertThat(faulty.fired()).isTrue();
    assertThat(a.done()).isTrue();
    assertThat(desk.applied).hasSize(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "accepted", "ran");
  }

  @Test
  void aRecoveryRunsTheOpsWithTheSlotValuesTheApproverGave() {
    propose(desk.archive("triage", "p1", "2027-01-01"));
    faulty.arm(ARCHIVE_P1, "accepted", 0, FaultyDataSource.When.AFTER_COMMIT, 1);
    Map<String, String> given = Map.of("until", "2027-06-30", "note", "as agreed");
    catchInbox(() -> faults.accept(ARCHIVE_P1, "ann", given));
    assertThat(inbox.get(ARCHIVE_P1).orElseThrow().state()).isEqualTo(ProposalState.ACCEPTED);
    assertThat(faults.recover(ARCHIVE_P1, "ops-oncall").done()).isTrue();
    assertThat(desk.applied).hasSize(1);
    assertThat(desk.applied.get(0).args())
        .containsEntry("until", "2027-06-30")
        .containsEntry("note", "as agreed");
  }

  @Test
  void killedBeforeTheStartCommitsLeavesItAcceptedWithNothingRun() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "running", 0, FaultyDataSource.When.BEFORE_COMMIT);
    InboxException e = catchInbox(() -> faults.accept(PRIORITY_T1, "ann", Map.of()));
    assertKilled(
        e,
        "start the ops of \"triage:task:t1:set_priority\"",
        "commit",
        "; it is accepted and none of its ops ran: recover(\"triage:task:t1:set_priority\", by)"
            + " runs them");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.ACCEPTED);
    assertThat(desk.applied).isEmpty();
    assertThat(faults.recover(PRIORITY_T1, "ann").done()).isTrue();
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void aStartThatCannotBeReadBackIsSettledByAPerson() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "running", 0, FaultyDataSource.When.AFTER_COMMIT, 1);
    InboxException e = catchInbox(() -> faults.accept(PRIORITY_T1, "ann", Map.of()));
    assertKilled(
        e,
        "start the ops of \"triage:task:t1:set_priority\"",
        "commit",
        "; whether its run was marked started could not be read back, and none of its ops was"
            + " sent: if get(\"triage:task:t1:set_priority\") shows it accepted,"
            + " recover(\"triage:task:t1:set_priority\", by) runs them; if running,"
            + " settle(\"triage:task:t1:set_priority\", by, Settlement.NOT_APPLIED or RUN_AGAIN,"
            + " note) decides op 0");
    InboxEntry stuck = inbox.get(PRIORITY_T1).orElseThrow();
    assertThat(stuck.state()).isEqualTo(ProposalState.RUNNING);
    assertThat(desk.applied).isEmpty();
    assertThat(catchInbox(() -> faults.recover(PRIORITY_T1, "ann")).getMessage())
        .isEqualTo(
            "[InboxOutcomeUnknown] op 0 (set_priority) of \"triage:task:t1:set_priority\" was handed"
                + " to the runner at 2026-11-30T12:00:00Z and its outcome is not recorded, so"
                + " recover does not send it again: check the backend, then"
                + " settle(\"triage:task:t1:set_priority\", by, Settlement.APPLIED, note) if it took"
                + " effect, NOT_APPLIED if it did not, or RUN_AGAIN to send it again with its"
                + " idempotency key "
                + stuck.idempotencyKey(0)
                + " (safe where the backend honours the key)");
    clock.advance(RUN_TIMEOUT);
    assertThat(faults.settle(PRIORITY_T1, "ann", Settlement.RUN_AGAIN, "").done()).isTrue();
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void killedWhileRecordingTheOutcomeLeavesItRunningAndAPersonSettlesIt() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "done", 1, FaultyDataSource.When.BEFORE_COMMIT);
    InboxException e = catchInbox(() -> faults.accept(PRIORITY_T1, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.OUTCOME_UNRECORDED);
    assertThat(e.getMessage())
        .startsWith(
            "[InboxOutcomeUnrecorded] the ops of \"triage:task:t1:set_priority\" ran (op 0"
                + " (set_priority) done: priority urgent) but the outcome could not be written, so"
                + " the proposal stays running and nothing more of it runs: settle it with"
                + " settle(\"triage:task:t1:set_priority\", by, Settlement.APPLIED, note), since op 0"
                + " (set_priority) was done\n  - [InboxDatabase] the inbox could not record the"
                + " outcome of \"triage:task:t1:set_priority\": ");
    assertThat(desk.applied).hasSize(1);
    InboxEntry stuck = inbox.get(PRIORITY_T1).orElseThrow();
    assertThat(stuck.state()).isEqualTo(ProposalState.RUNNING);
    assertThat(stuck.opsDone()).isZero();
    assertThat(stuck.opStartedAt()).contains(clock.instant());
    assertThat(catchInbox(() -> faults.accept(PRIORITY_T1, "bob", Map.of())).getMessage())
        .endsWith(
            "only a pending proposal can be accepted or declined; op 0 (set_priority) was handed"
                + " to the runner and its outcome is not recorded: if it stays so,"
                + " settle(\"triage:task:t1:set_priority\", by, settlement, note) decides it");
    assertThat(
            faults
                .propose(
                    ProposalBatch.of(
                        desk.actions(), desk, List.of(desk.priority("triage", "t1", "normal"))))
                .byKey())
        .containsEntry(PRIORITY_T1, ProposeReport.Disposition.IN_FLIGHT);

    clock.advance(Duration.ofMinutes(3));
    assertThat(
            catchInbox(() -> faults.settle(PRIORITY_T1, "bob", Settlement.APPLIED, "x"))
                .getMessage())
        .isEqualTo(
            "[InboxStillRunning] op 0 (set_priority) of \"triage:task:t1:set_priority\" was handed"
                + " to the runner at 2026-11-30T12:00:00Z and may still be running, so its outcome"
                + " cannot be settled yet: settle it from 2026-11-30T12:10:00Z, when the run"
                + " timeout (PT10M) has passed");
    clock.advance(Duration.ofMinutes(7));
    Accepted settled =
        faults.settle(PRIORITY_T1, "bob", Settlement.APPLIED, "the backend shows it urgent");
    assertThat(settled.entry().state()).isEqualTo(ProposalState.DONE);
    assertThat(settled.entry().outcome())
        .isEqualTo("op 0 (set_priority) done (settled by bob: the backend shows it urgent)");
    assertThat(desk.applied).hasSize(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "accepted", "settled", "ran");
    assertThat(inbox.history(PRIORITY_T1).get(2).outcome())
        .isEqualTo("bob: op 0 (set_priority) took effect: the backend shows it urgent");
  }

  @Test
  void anOpInDoubtSentAgainCarriesTheSameIdempotencyKeyAndAppliesOnce() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "done", 1, FaultyDataSource.When.BEFORE_COMMIT);
    catchInbox(() -> faults.accept(PRIORITY_T1, "ann", Map.of()));
    clock.advance(RUN_TIMEOUT);
    Accepted again = faults.settle(PRIORITY_T1, "bob", Settlement.RUN_AGAIN, "no answer seen");
    assertThat(again.done()).isTrue();
    String key = inbox.get(PRIORITY_T1).orElseThrow().idempotencyKey(0);
    assertThat(key).matches("agentkit-[0-9a-f]{32}-0");
    assertThat(desk.keysSent).containsExactly(key, key + " (retry)");
    assertThat(desk.applied).hasSize(1);
    assertThat(inbox.history(PRIORITY_T1).get(2).outcome())
        .isEqualTo(
            "bob: op 0 (set_priority) is sent again with its idempotency key "
                + key
                + ": no answer seen");
  }

  @Test
  void anOpThatDidNotTakeEffectIsSettledFailedAndTheAgentMayAskAgain() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "done", 1, FaultyDataSource.When.BEFORE_COMMIT);
    catchInbox(() -> faults.accept(PRIORITY_T1, "ann", Map.of()));
    clock.advance(RUN_TIMEOUT);
    Accepted failed = faults.settle(PRIORITY_T1, "bob", Settlement.NOT_APPLIED, "still low");
    assertThat(failed.entry().state()).isEqualTo(ProposalState.FAILED);
    assertThat(failed.entry().outcome())
        .isEqualTo(
            "op 0 (set_priority) failed: it did not take effect (settled by bob: still low)");
    desk.priorities.put("t1", "low"); // what the person found in the backend
    assertThat(propose(desk.priority("triage", "t1", "urgent")).byKey())
        .containsEntry(PRIORITY_T1, ProposeReport.Disposition.REOPENED);
  }

  @Test
  void anOutcomeWhoseAcknowledgementIsLostIsReadBackAsRecorded() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "done", 1, FaultyDataSource.When.AFTER_COMMIT);
    Accepted a = faults.accept(PRIORITY_T1, "ann", Map.of());
    assertThat(faulty.fired()).isTrue();
    assertThat(a.done()).isTrue();
    assertThat(desk.applied).hasSize(1);
  }

  /** Sets p1's budget, then archives it; the archive's note is a slot. */
  private Proposal budgetThenArchive() {
    return Proposal.builder("triage")
        .labeler(desk)
        .anchor("project", "p1")
        .question("Archive this project and set its budget?")
        .op(desk.actions(), Call.of("set_budget", Map.of("project_id", "p1", "amount", "0")))
        .op(
            desk.actions(),
            Call.of("archive_project", Map.of("project_id", "p1", "until", "2027-01-01")))
        .slot(UserSlot.optional("note", "").forOp(1))
        .build();
  }

  @Test
  void theFirstOfTwoOutcomesWhoseAcknowledgementIsLostIsReadBackAndTheSecondOpRuns() {
    propose(budgetThenArchive());
    String key = "triage:project:p1:set_budget";
    faulty.arm(key, "running", 1, FaultyDataSource.When.AFTER_COMMIT);
    Accepted a = faults.accept(key, "ann", Map.of());
    assertThat(faulty.fired()).isTrue();
    assertThat(a.done()).isTrue();
    assertThat(desk.applied)
        .extracting(Call::opcode)
        .containsExactly("set_budget", "archive_project");
    assertThat(a.entry().outcome())
        .isEqualTo("op 0 (set_budget) done: budget 0; op 1 (archive_project) done");
  }

  @Test
  void killedWhileRecordingTheFirstOfTwoOpsLeavesTheSecondUnsentUntilSettled() {
    propose(budgetThenArchive());
    String key = "triage:project:p1:set_budget";
    faulty.arm(key, "running", 1, FaultyDataSource.When.BEFORE_COMMIT);
    InboxException e = catchInbox(() -> faults.accept(key, "ann", Map.of()));
    assertThat(e.getMessage())
        .startsWith(
            "[InboxOutcomeUnrecorded] the ops of \"triage:project:p1:set_budget\" ran (op 0"
                + " (set_budget) done: budget 0) but the outcome could not be written, so the"
                + " proposal stays running");
    assertThat(desk.applied).extracting(Call::opcode).containsExactly("set_budget");
    clock.advance(RUN_TIMEOUT);
    desk.down.set(true); // op 1 is still to be sent, so it is verified first
    assertThat(catchInbox(() -> faults.settle(key, "bob", Settlement.APPLIED, "")).kind())
        .isEqualTo(InboxException.Kind.SOURCE_UNAVAILABLE);
    desk.down.set(false);
    Accepted settled = faults.settle(key, "bob", Settlement.APPLIED, "");
    assertThat(settled.done()).isTrue();
    assertThat(settled.outcomes()).hasSize(1);
    assertThat(desk.applied)
        .extracting(Call::opcode)
        .containsExactly("set_budget", "archive_project");
    assertThat(settled.entry().outcome())
        .isEqualTo("op 0 (set_budget) done (settled by bob); op 1 (archive_project) done");
    assertThat(desk.keysSent)
        .containsExactly(settled.entry().idempotencyKey(0), settled.entry().idempotencyKey(1));
  }

  /** T1 claimed, with nothing run: the claim's acknowledgement and its read-back both lost. */
  private void acceptedWithNothingRun() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "accepted", 0, FaultyDataSource.When.AFTER_COMMIT, 1);
    catchInbox(() -> faults.accept(PRIORITY_T1, "ann", Map.of()));
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.ACCEPTED);
  }

  /** T1 running, its op applied and the outcome lost. */
  private void runningWithTheOutcomeLost() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "done", 1, FaultyDataSource.When.BEFORE_COMMIT);
    catchInbox(() -> faults.accept(PRIORITY_T1, "ann", Map.of()));
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.RUNNING);
  }

  @Test
  void onlyAProposalInFlightIsRecoveredOrSettled() {
    proposeT1();
    String pending =
        "[InboxNotInFlight] the proposal \"triage:task:t1:set_priority\" is pending, so there is"
            + " nothing to recover or settle: only an accepted or running proposal is in flight";
    assertThat(catchInbox(() -> faults.recover(PRIORITY_T1, "ann")).getMessage())
        .isEqualTo(pending);
    assertThat(
            catchInbox(() -> faults.settle(PRIORITY_T1, "ann", Settlement.APPLIED, ""))
                .getMessage())
        .isEqualTo(pending);
    assertThat(catchInbox(() -> faults.recover("triage:task:t9:set_priority", "ann")).kind())
        .isEqualTo(InboxException.Kind.NOT_FOUND);
    assertThat(desk.applied).isEmpty();
  }

  @Test
  void aRecoveryAgainstADriftedContractRunsNothingAndTheProposalStaysAccepted() {
    acceptedWithNothingRun();
    desk.contract.set(Desk.contract()); // the backend drops "urgent"
    InboxException e = catchInbox(() -> faults.recover(PRIORITY_T1, "ops-oncall"));
    assertThat(e.getMessage())
        .startsWith(
            "[InboxDrift] the proposal \"triage:task:t1:set_priority\" was not run: an op no"
                + " longer verifies against the live contract, so nothing ran and it stays"
                + " accepted; settle it with Settlement.NOT_APPLIED, or restore what the op needs in"
                + " the backend\n  - [");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.ACCEPTED);
    assertThat(desk.applied).isEmpty();

    Accepted abandoned =
        faults.settle(PRIORITY_T1, "ops-oncall", Settlement.NOT_APPLIED, "urgent is gone");
    assertThat(abandoned.entry().state()).isEqualTo(ProposalState.FAILED);
    assertThat(abandoned.entry().outcome())
        .isEqualTo(
            "op 0 (set_priority) failed: it did not take effect (settled by ops-oncall: urgent is"
                + " gone)");
    assertThat(desk.applied).isEmpty();
  }

  @Test
  void aRecoveryWhileTheSourceIsDownRunsNothing() {
    acceptedWithNothingRun();
    desk.down.set(true);
    assertThat(catchInbox(() -> faults.recover(PRIORITY_T1, "ops-oncall")).getMessage())
        .startsWith(
            "[InboxSourceUnavailable] the proposal \"triage:task:t1:set_priority\" was not run:"
                + " its agent's live contract could not be had, so nothing was verified and nothing"
                + " ran; it stays accepted: recover or settle it again once the contract source"
                + " answers\n  - [ContractUnavailable]");
    desk.down.set(false);
    assertThat(faults.recover(PRIORITY_T1, "ops-oncall").done()).isTrue();
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void anInboxWithoutTheAgentNeitherRecoversNorSettles() {
    runningWithTheOutcomeLost();
    ProposalInbox bare = ProposalInbox.builder(db).clock(clock).runTimeout(Duration.ZERO).build();
    assertThat(
            catchInbox(() -> bare.settle(PRIORITY_T1, "ann", Settlement.RUN_AGAIN, ""))
                .getMessage())
        .isEqualTo(
            "[InboxUnknownAgent] the inbox has no agent \"triage\", so it cannot settle"
                + " \"triage:task:t1:set_priority\"; register it with"
                + " ProposalInbox.builder(dataSource).agent(InboxAgent.bind(...))");
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void anInboxWithoutTheAgentDoesNotRecoverAnAcceptedProposal() {
    acceptedWithNothingRun();
    ProposalInbox bare = ProposalInbox.builder(db).clock(clock).build();
    assertThat(catchInbox(() -> bare.recover(PRIORITY_T1, "ann")).getMessage())
        .isEqualTo(
            "[InboxUnknownAgent] the inbox has no agent \"triage\", so it cannot run the ops of"
                + " \"triage:task:t1:set_priority\"; register it with"
                + " ProposalInbox.builder(dataSource).agent(InboxAgent.bind(...))");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.ACCEPTED);
    assertThat(desk.applied).isEmpty();
  }

  @Test
  void ofTwoSettlementsAtOnceOneIsRecordedAndTheOtherRefused() {
    runningWithTheOutcomeLost();
    clock.advance(RUN_TIMEOUT);
    java.util.concurrent.atomic.AtomicReference<Accepted> first =
        new java.util.concurrent.atomic.AtomicReference<>();
    ProposalInbox racing =
        ProposalInbox.builder(db)
            .clock(clock)
            .runTimeout(RUN_TIMEOUT)
            .agent(
                InboxAgent.live(
                    "triage",
                    () -> {
                      // While bob's settlement binds, carol's settles it first.
                      if (first.get() == null) {
                        first.set(faults.settle(PRIORITY_T1, "carol", Settlement.APPLIED, ""));
                      }
                      return desk.actions();
                    },
                    OpRunner.withContext(desk::applyOnce)))
            .build();
    InboxException e =
        catchInbox(() -> racing.settle(PRIORITY_T1, "bob", Settlement.RUN_AGAIN, ""));
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxChanged] the proposal \"triage:task:t1:set_priority\" moved on while bob was"
                + " settling it (another recovery or settlement, or its own run, wrote it); nothing"
                + " was recorded: read it again and settle what it says now");
    assertThat(first.get().done()).isTrue();
    assertThat(desk.applied).hasSize(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "accepted", "settled", "ran");
  }

  @Test
  void aFailedOpWhoseOutcomeIsLostIsSettledAsNotApplied() {
    propose(desk.archive("triage", "p1", "2027-01-01"));
    desk.projects.remove("p1"); // the backend will refuse it
    faulty.arm(ARCHIVE_P1, "failed", 1, FaultyDataSource.When.BEFORE_COMMIT);
    InboxException e = catchInbox(() -> faults.accept(ARCHIVE_P1, "ann", Map.of()));
    assertThat(e.getMessage())
        .startsWith(
            "[InboxOutcomeUnrecorded] the ops of \"triage:project:p1:archive_project\" ran (op 0"
                + " (archive_project) failed: project p1 does not exist) but the outcome could not be"
                + " written, so the proposal stays running and nothing more of it runs: settle it"
                + " with settle(\"triage:project:p1:archive_project\", by, Settlement.NOT_APPLIED,"
                + " note), since op 0 (archive_project) failed\n");
    clock.advance(RUN_TIMEOUT);
    faults.settle(ARCHIVE_P1, "bob", Settlement.NOT_APPLIED, "no such project");
    assertThat(inbox.history(ARCHIVE_P1))
        .extracting(AuditEvent::action, AuditEvent::outcome)
        .contains(
            org.assertj.core.groups.Tuple.tuple(
                "settled", "bob: op 0 (archive_project) did not take effect: no such project"));
    assertThat(inbox.get(ARCHIVE_P1).orElseThrow().state()).isEqualTo(ProposalState.FAILED);
  }

  @Test
  void aRunThatLostTheProposalToASettlementDoesNotWriteOverIt() throws Exception {
    proposeT1();
    java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    ProposalInbox slow =
        ProposalInbox.builder(db)
            .clock(clock)
            .runTimeout(Duration.ZERO)
            .agent(
                InboxAgent.bind(
                    "triage",
                    desk.source,
                    Desk.uses(),
                    call -> {
                      running.countDown();
                      release.await(30, TimeUnit.SECONDS);
                      return desk.apply(call);
                    }))
            .build();
    CompletableFuture<InboxException> accept =
        CompletableFuture.supplyAsync(
            () -> catchInbox(() -> slow.accept(PRIORITY_T1, "ann", Map.of())));
    assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
    slow.settle(PRIORITY_T1, "bob", Settlement.APPLIED, "I did it by hand");
    release.countDown();
    assertThat(accept.get(30, TimeUnit.SECONDS).getMessage())
        .isEqualTo(
            "[InboxOutcomeUnrecorded] the ops of \"triage:task:t1:set_priority\" ran (op 0"
                + " (set_priority) done: priority urgent) but the outcome could not be written:"
                + " another run of it took over meanwhile (a recovery or a settlement), which"
                + " records its own; see history(\"triage:task:t1:set_priority\")");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().outcome())
        .isEqualTo("op 0 (set_priority) done (settled by bob: I did it by hand)");
  }

  @Test
  void aRecoveryWhoseTakeOverIsKilledRunsNothing() {
    acceptedWithNothingRun();
    faulty.arm(PRIORITY_T1, "running", 0, FaultyDataSource.When.BEFORE_COMMIT);
    assertKilled(
        catchInbox(() -> faults.recover(PRIORITY_T1, "ops-oncall")),
        "take over the run of \"triage:task:t1:set_priority\"",
        "commit",
        "; nothing was recorded and nothing ran");
    faulty.arm(PRIORITY_T1, "running", 0, FaultyDataSource.When.AFTER_COMMIT, 1);
    assertKilled(
        catchInbox(() -> faults.recover(PRIORITY_T1, "ops-oncall")),
        "take over the run of \"triage:task:t1:set_priority\"",
        "commit",
        "; whether it was taken over could not be read back, and nothing ran: read it again"
            + " before settling it");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.RUNNING);
    assertThat(desk.applied).isEmpty();
  }

  @Test
  void theFirstOfTwoOpsSettledAsNotAppliedSendsNothingAndNeedsNoContract() {
    propose(budgetThenArchive());
    String key = "triage:project:p1:set_budget";
    faulty.arm(key, "running", 1, FaultyDataSource.When.BEFORE_COMMIT);
    catchInbox(() -> faults.accept(key, "ann", Map.of()));
    clock.advance(RUN_TIMEOUT);
    desk.down.set(true);
    Accepted settled = faults.settle(key, "bob", Settlement.NOT_APPLIED, "budget unchanged");
    assertThat(settled.entry().state()).isEqualTo(ProposalState.FAILED);
    assertThat(settled.entry().outcome())
        .isEqualTo(
            "op 0 (set_budget) failed: it did not take effect (settled by bob: budget unchanged);"
                + " op 1 (archive_project) did not run");
    assertThat(desk.applied).extracting(Call::opcode).containsExactly("set_budget");
  }

  @Test
  void aRecoveryWhoseTakeOverAcknowledgementIsLostIsReadBackAndRunsItOnce() {
    acceptedWithNothingRun();
    faulty.arm(PRIORITY_T1, "running", 0, FaultyDataSource.When.AFTER_COMMIT);
    Accepted recovered = faults.recover(PRIORITY_T1, "ops-oncall");
    assertThat(faulty.fired()).isTrue();
    assertThat(recovered.done()).isTrue();
    assertThat(desk.applied).hasSize(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "accepted", "recovered", "ran");
  }

  @Test
  void aSettlementThatSendsAgainAgainstADriftedContractRunsNothingAndItStaysRunning() {
    runningWithTheOutcomeLost();
    clock.advance(RUN_TIMEOUT);
    desk.contract.set(Desk.contract()); // the backend drops "urgent"
    InboxException e =
        catchInbox(() -> faults.settle(PRIORITY_T1, "bob", Settlement.RUN_AGAIN, "again"));
    assertThat(e.getMessage())
        .startsWith(
            "[InboxDrift] the proposal \"triage:task:t1:set_priority\" was not run: an op no"
                + " longer verifies against the live contract, so nothing ran and it stays"
                + " running; settle it with Settlement.NOT_APPLIED, or restore what the op needs in"
                + " the backend\n  - [");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.RUNNING);
    assertThat(desk.applied).hasSize(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "accepted", "refused");
  }

  @Test
  void aSettlementThatSendsNothingNeedsNoContract() {
    runningWithTheOutcomeLost();
    clock.advance(RUN_TIMEOUT);
    desk.down.set(true);
    assertThat(
            catchInbox(() -> faults.settle(PRIORITY_T1, "bob", Settlement.RUN_AGAIN, ""))
                .getMessage())
        .startsWith(
            "[InboxSourceUnavailable] the proposal \"triage:task:t1:set_priority\" was not run:"
                + " its agent's live contract could not be had, so nothing was verified and nothing"
                + " ran; it stays running: recover or settle it again once the contract source"
                + " answers\n  - [ContractUnavailable]");
    Accepted settled = faults.settle(PRIORITY_T1, "bob", Settlement.APPLIED, "it is urgent");
    assertThat(settled.entry().state()).isEqualTo(ProposalState.DONE);
    assertThat(desk.applied).hasSize(1);
    assertThat(faults.history(PRIORITY_T1).get(3))
        .extracting(AuditEvent::action, AuditEvent::contractDigest)
        .containsExactly("settled", "");
  }

  @Test
  void connectionsKilledAtRandomNeverStrandAProposalAndEveryOpAppliesOnce() throws Exception {
    try (KillLoop loop = killLoop()) {
      killedAtRandom(loop);
    }
  }

  private void killedAtRandom(KillLoop loop) throws Exception {
    ProposalInbox calm = faultyInbox(loop.dataSource(), Duration.ZERO, TransientRetry.off());
    int tries = 100;
    AtomicBoolean stop = new AtomicBoolean();
    CompletableFuture<Integer> killer =
        CompletableFuture.supplyAsync(() -> killAtRandom(loop, stop));
    int failures = 0;
    for (int t = 0; t < tries; t++) {
      String key = "triage:task:t" + t + ":set_priority";
      Proposal p = desk.priority("triage", "t" + t, "urgent");
      while (retrying(() -> calm.get(key)).isEmpty()) {
        retrying(() -> calm.propose(ProposalBatch.of(desk.actions(), desk, List.of(p))));
      }
      try {
        calm.accept(key, "ann", Map.of());
      } catch (InboxException e) {
        failures++;
        assertThat(e.kind())
            .as(e.getMessage())
            .isIn(
                InboxException.Kind.DATABASE,
                InboxException.Kind.OUTCOME_UNRECORDED,
                InboxException.Kind.NOT_FOUND,
                InboxException.Kind.BUSY);
      }
    }
    stop.set(true);
    assertThat(killer.get(60, TimeUnit.SECONDS)).as("sessions killed").isPositive();
    assertThat(failures).as("accepts that lost their connection").isPositive();

    Map<ProposalState, Integer> left = new java.util.EnumMap<>(ProposalState.class);
    for (int t = 0; t < tries; t++) {
      String key = "triage:task:t" + t + ":set_priority";
      InboxEntry e = calm.get(key).orElseThrow();
      long runs = desk.runs("set_priority", "t" + t);
      switch (e.state()) {
        case PENDING, ACCEPTED -> assertThat(runs).as(key + " " + e.state()).isZero();
        case RUNNING -> assertThat(runs).as(key).isLessThanOrEqualTo(1);
        case DONE -> assertThat(runs).as(key).isEqualTo(1);
        default -> throw new AssertionError(key + " is " + e.state());
      }
      left.merge(e.state(), 1, Integer::sum);
      switch (e.state()) {
        case PENDING -> calm.accept(key, "ann", Map.of());
        case ACCEPTED -> calm.recover(key, "ops-oncall");
        case RUNNING -> calm.settle(key, "ops-oncall", Settlement.RUN_AGAIN, "after the kill loop");
        default -> {}
      }
      assertThat(calm.get(key).orElseThrow().state()).as(key).isEqualTo(ProposalState.DONE);
      assertThat(desk.runs("set_priority", "t" + t)).as(key).isEqualTo(1);
    }
    System.out.println(
        getClass().getSimpleName()
            + ": "
            + failures
            + " of "
            + tries
            + " accepts lost a connection; the loop left "
            + left);
    assertThat(calm.counts()).containsEntry(ProposalState.DONE, (long) tries);
  }

  // -------------------------------------------------------------------------------------------
  // With the transient retry: run again when it did not commit, read back when it may have

  @Test
  void withRetryAProposeKilledBeforeItsCommitIsRunAgainAndStoredOnce() {
    ProposalBatch<Desk> batch =
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent")));
    faulty.arm(PRIORITY_T1, "pending", 0, FaultyDataSource.When.BEFORE_COMMIT);
    assertThat(retried.propose(batch).byKey())
        .containsExactly(Map.entry(PRIORITY_T1, ProposeReport.Disposition.ADDED));
    assertThat(faulty.fired()).isTrue();
    assertThat(rows("agentkit_proposal")).isEqualTo(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed");
  }

  @Test
  void withRetryAProposeWhoseAcknowledgementIsLostIsReadBackNotRunAgain() {
    ProposalBatch<Desk> batch =
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent")));
    faulty.arm(PRIORITY_T1, "pending", 0, FaultyDataSource.When.AFTER_COMMIT);
    // Run again, it would report REFRESHED; read back, it reports what the lost commit did.
    assertThat(retried.propose(batch).byKey())
        .containsExactly(Map.entry(PRIORITY_T1, ProposeReport.Disposition.ADDED));
    assertThat(faulty.fired()).isTrue();
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed");
  }

  @Test
  void withRetryADeclineKilledBeforeItsCommitIsRunAgainAndOneWhoseAcknowledgementIsLostStands() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "declined", 0, FaultyDataSource.When.BEFORE_COMMIT);
    assertThat(retried.decline(PRIORITY_T1, "ann", "no").state()).isEqualTo(ProposalState.DECLINED);
    assertThat(faulty.fired()).isTrue();
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "declined");

    propose(desk.priority("triage", "t2", "urgent"));
    String t2 = "triage:task:t2:set_priority";
    faulty.arm(t2, "declined", 0, FaultyDataSource.When.AFTER_COMMIT);
    // Run again, the decline would find it declined and refuse ([InboxNotPending]).
    assertThat(retried.decline(t2, "ann", "no").state()).isEqualTo(ProposalState.DECLINED);
    assertThat(faulty.fired()).isTrue();
    assertThat(actions(t2)).containsExactly("proposed", "declined");
  }

  @Test
  void withRetryAnAcceptKilledBeforeEachCommitRunsItsOpOnce() {
    String[][] commits = {{"accepted", "0"}, {"running", "0"}, {"done", "1"}};
    for (int i = 0; i < commits.length; i++) {
      String key = "triage:task:t" + (10 + i) + ":set_priority";
      propose(desk.priority("triage", "t" + (10 + i), "urgent"));
      faulty.arm(
          key, commits[i][0], Integer.parseInt(commits[i][1]), FaultyDataSource.When.BEFORE_COMMIT);
      Accepted a = retried.accept(key, "ann", Map.of());
      assertThat(faulty.fired()).as(commits[i][0]).isTrue();
      assertThat(a.done()).as(commits[i][0]).isTrue();
      assertThat(desk.runs("set_priority", "t" + (10 + i))).as(commits[i][0]).isEqualTo(1);
      assertThat(actions(key)).as(commits[i][0]).containsExactly("proposed", "accepted", "ran");
    }
  }

  @Test
  void withRetryAnOutcomeWhoseAcknowledgementIsLostIsReadBackAndNothingRunsTwice() {
    proposeT1();
    faulty.arm(PRIORITY_T1, "done", 1, FaultyDataSource.When.AFTER_COMMIT);
    assertThat(retried.accept(PRIORITY_T1, "ann", Map.of()).done()).isTrue();
    assertThat(faulty.fired()).isTrue();
    assertThat(desk.applied).hasSize(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "accepted", "ran");
  }

  @Test
  void withRetryARefusedConnectionIsTriedAgainUpToTheAttempts() {
    proposeT1();
    faulty.refuseNext(2);
    assertThat(retried.get(PRIORITY_T1)).isPresent();
    faulty.refuseNext(1);
    assertKilled(
        catchInbox(() -> faults.get(PRIORITY_T1)),
        "read the proposal \"triage:task:t1:set_priority\"",
        "connect",
        "");
    faulty.refuseNext(TransientRetry.DEFAULT.attempts());
    InboxException e = catchInbox(() -> retried.get(PRIORITY_T1));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DATABASE);
    assertThat(e.getMessage())
        .contains(", statement \"connect\") on all 5 attempts; check that the DataSource");
  }

  @Test
  void withRetryACommitThatCannotBeReadBackIsReportedNotRunAgain() {
    ProposalBatch<Desk> batch =
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent")));
    faulty.arm(
        PRIORITY_T1, "pending", 0, FaultyDataSource.When.AFTER_COMMIT, 100); // read-backs refused
    InboxException e = catchInbox(() -> retried.propose(batch));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DATABASE);
    assertThat(e.getMessage())
        .startsWith("[InboxDatabase] the inbox could not store the proposals: ")
        .endsWith("; whether it was committed could not be read back");
    faulty.refuseNext(0);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed");
  }

  @Test
  void withRetryConnectionsKilledAtRandomNeedFewerRetriesByHandAndEveryOpAppliesOnce()
      throws Exception {
    try (KillLoop loop = killLoop()) {
      ProposalInbox calm = faultyInbox(loop.dataSource(), Duration.ZERO, TransientRetry.DEFAULT);
      int tries = 40;
      AtomicBoolean stop = new AtomicBoolean();
      CompletableFuture<Integer> killer =
          CompletableFuture.supplyAsync(() -> killAtRandom(loop, stop));
      int byHand = 0;
      for (int t = 0; t < tries; t++) {
        String key = "triage:task:t" + t + ":set_priority";
        Proposal p = desk.priority("triage", "t" + t, "urgent");
        while (true) {
          try {
            calm.propose(ProposalBatch.of(desk.actions(), desk, List.of(p)));
            if (calm.get(key).isPresent()) {
              break;
            }
          } catch (InboxException e) {
            assertThat(e.kind()).isIn(InboxException.Kind.DATABASE, InboxException.Kind.BUSY);
            byHand++;
          }
        }
        try {
          calm.accept(key, "ann", Map.of());
        } catch (InboxException e) {
          byHand++;
        }
      }
      stop.set(true);
      assertThat(killer.get(60, TimeUnit.SECONDS)).as("sessions killed").isPositive();
      for (int t = 0; t < tries; t++) {
        String key = "triage:task:t" + t + ":set_priority";
        InboxEntry e = calm.get(key).orElseThrow();
        long runs = desk.runs("set_priority", "t" + t);
        switch (e.state()) {
          case PENDING, ACCEPTED -> assertThat(runs).as(key + " " + e.state()).isZero();
          case RUNNING -> assertThat(runs).as(key).isLessThanOrEqualTo(1);
          case DONE -> assertThat(runs).as(key).isEqualTo(1);
          default -> throw new AssertionError(key + " is " + e.state());
        }
        assertThat(rows("agentkit_proposal")).isEqualTo(tries);
      }
      System.out.println(
          getClass().getSimpleName()
              + ": with the transient retry, "
              + byHand
              + " calls of "
              + 2 * tries
              + " needed a retry by hand under the kill loop");
    }
  }

  /** The result of a call the killer may interrupt, tried again until it gets through. */
  private static <T> T retrying(java.util.function.Supplier<T> call) {
    for (int attempt = 0; ; attempt++) {
      try {
        return call.get();
      } catch (InboxException e) {
        assertThat(e.kind()).isIn(InboxException.Kind.DATABASE, InboxException.Kind.BUSY);
        assertThat(attempt).as("attempts through the kill loop").isLessThan(1_000);
      }
    }
  }

  private static int killAtRandom(KillLoop loop, AtomicBoolean stop) {
    java.util.Random random = new java.util.Random(7);
    int killed = 0;
    try {
      while (!stop.get()) {
        Thread.sleep(5 + random.nextInt(30)); // an accept is a few transactions long
        killed += loop.killAll();
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
    return killed;
  }
}
