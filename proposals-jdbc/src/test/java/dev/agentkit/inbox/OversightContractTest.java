package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import dev.agentkit.inbox.ProposeReport.Disposition;
import dev.agentkit.proposal.Proposal;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Approvals that mean what they say: an approval is of a version (any change of what the proposal
 * runs starts a new one), of the exact calls it approved (slot values included), of the set in
 * force (an escalation counts only its own), and only before the deadline. Run on H2 and on
 * PostgreSQL by {@link H2OversightTest} and {@link PostgresOversightTest}.
 */
abstract class OversightContractTest extends InboxSuite {
  static final String BUDGET_P1 = "triage:project:p1:set_budget";

  ProposalInbox overseen(Oversight oversight) {
    return ProposalInbox.builder(db)
        .clock(clock)
        .agent(
            InboxAgent.bind("triage", desk.source, Desk.uses(), desk::apply).oversight(oversight))
        .build();
  }

  static ProposeReport propose(ProposalInbox inbox, Desk desk, Proposal... proposals) {
    return inbox.propose(ProposalBatch.of(desk.actions(), desk, List.of(proposals)));
  }

  @Test
  void anApprovalCountsOnlyTowardTheVersionItApproved() {
    ProposalInbox two = overseen(Oversight.approvers(2, "ann", "bob", "carol"));
    propose(two, desk, desk.budget("p1", "100"));
    assertThat(two.accept(BUDGET_P1, "ann", Map.of()).waiting()).isTrue();

    assertThat(propose(two, desk, desk.budget("p1", "1000000")).byKey())
        .containsExactly(Map.entry(BUDGET_P1, Disposition.REFRESHED));
    InboxEntry v2 = two.get(BUDGET_P1).orElseThrow();
    assertThat(v2.version()).isEqualTo(2);
    assertThat(v2.round()).isEqualTo(1);

    Accepted bob = two.accept(BUDGET_P1, "bob", Map.of());
    assertThat(bob.waiting()).isTrue();
    assertThat(bob.approvalsMissing()).isEqualTo(1);
    assertThat(desk.applied).isEmpty();

    Accepted carol = two.accept(BUDGET_P1, "carol", Map.of());
    assertThat(carol.done()).isTrue();
    assertThat(desk.applied).extracting(c -> c.arg("amount")).containsExactly("1000000");
    assertThat(two.history(BUDGET_P1))
        .extracting(AuditEvent::action, AuditEvent::actor, AuditEvent::outcome)
        .containsExactly(
            tuple("proposed", "triage", "pending"),
            tuple("approved", "ann", "1 of 2 approvals from ann, bob, carol, of version 1"),
            tuple(
                "refreshed",
                "triage",
                "pending, now version 2: the agent changed amount of op 0 (set_budget) from \"100\""
                    + " to \"1000000\", so the approvals of version 1 (ann) no longer count"),
            tuple("approved", "bob", "1 of 2 approvals from ann, bob, carol, of version 2"),
            tuple("accepted", "carol", "version 2, slot values {}, approved by bob, carol"),
            tuple("ran", "carol", "done: op 0 (set_budget) done: budget 1000000"));
  }

  @Test
  void aRefreshThatChangesNothingThatRunsKeepsTheApprovals() {
    ProposalInbox two = overseen(Oversight.approvers(2, "ann", "bob"));
    propose(two, desk, desk.budget("p1", "100"));
    two.accept(BUDGET_P1, "ann", Map.of());
    propose(two, desk, desk.budget("p1", "100"));
    Proposal reworded =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor("project", "p1")
            .question("Give this project a budget?")
            .op(
                desk.actions(),
                dev.agentkit.Call.of("set_budget", Map.of("amount", "100", "project_id", "p1")))
            .build();
    propose(two, desk, reworded);
    assertThat(two.get(BUDGET_P1).orElseThrow().version()).isEqualTo(1);
    assertThat(two.history(BUDGET_P1).get(2).outcome())
        .isEqualTo("pending, reworded; still version 1, so its approvals still count");
    assertThat(two.accept(BUDGET_P1, "bob", Map.of()).done()).isTrue();
    assertThat(desk.applied).extracting(c -> c.arg("amount")).containsExactly("100");
  }

  @Test
  void anApprovalOfWhatWasShownIsRefusedWhenTheProposalChanged() {
    ProposalInbox one = overseen(Oversight.approvers(1, "ann"));
    propose(one, desk, desk.budget("p1", "100"));
    InboxEntry shown = one.get(BUDGET_P1).orElseThrow();
    propose(one, desk, desk.budget("p1", "1000000"));
    InboxException e = catchInbox(() -> one.accept(shown, "ann", Map.of()));
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxChanged] the proposal \"triage:project:p1:set_budget\" changed since it was shown"
                + " to ann: it is now version 2 (ann was shown version 1); nothing was recorded:"
                + " read it again and decide on what it says now");
    assertThat(desk.applied).isEmpty();
    assertThat(one.accept(one.get(BUDGET_P1).orElseThrow(), "ann", Map.of()).done()).isTrue();
    assertThat(desk.applied).extracting(c -> c.arg("amount")).containsExactly("1000000");
  }

  @Test
  void aNewVersionWhileApprovingRefusesTheApproval() {
    ProposalInbox refreshing =
        ProposalInbox.builder(db)
            .clock(clock)
            .agent(
                InboxAgent.live(
                    "triage",
                    () -> {
                      // The agent's next run lands while the accept binds the live acts.
                      propose(inbox, desk, desk.budget("p1", "1000000"));
                      return desk.actions();
                    },
                    desk::apply))
            .build();
    propose(inbox, desk, desk.budget("p1", "100"));
    InboxException e = catchInbox(() -> refreshing.accept(BUDGET_P1, "ann", Map.of()));
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxChanged] the proposal \"triage:project:p1:set_budget\" changed while ann was"
                + " approving it: it is now version 2 (ann approved version 1); nothing was"
                + " recorded: read it again and decide on what it says now");
    assertThat(desk.applied).isEmpty();
    assertThat(inbox.get(BUDGET_P1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
  }

  @Test
  void anApprovalOfARoundThatWasReopenedSinceItWasShownIsRefused() {
    ProposalInbox one = overseen(Oversight.approvers(1, "ann"));
    propose(one, desk, desk.budget("p1", "100"));
    InboxEntry shown = one.get(BUDGET_P1).orElseThrow();
    one.decline(BUDGET_P1, "ann", "not now");
    clock.advance(InboxAgent.DEFAULT_COOL_OFF);
    assertThat(propose(one, desk, desk.budget("p1", "100")).byKey())
        .containsEntry(BUDGET_P1, Disposition.REOPENED);
    assertThat(catchInbox(() -> one.accept(shown, "ann", Map.of())).getMessage())
        .isEqualTo(
            "[InboxChanged] the proposal \"triage:project:p1:set_budget\" changed since it was shown"
                + " to ann: it is now round 2 (ann was shown round 1); nothing was recorded: read it"
                + " again and decide on what it says now");
  }

  @Test
  void anEscalationWhileApprovingRefusesTheApproval() {
    Oversight escalating =
        Oversight.approvers(2, "carol", "ann")
            .deadline(Duration.ofHours(1))
            .onExpiryEscalate(2, "carol", "dave");
    ProposalInbox plain = overseen(escalating);
    ProposalInbox sweepingMeanwhile =
        ProposalInbox.builder(db)
            .clock(clock)
            .agent(
                InboxAgent.live(
                        "triage",
                        () -> {
                          clock.advance(Duration.ofHours(1)); // the deadline passes, the sweep runs
                          plain.sweep();
                          return desk.actions();
                        },
                        desk::apply)
                    .oversight(escalating))
            .build();
    propose(plain, desk, desk.budget("p1", "100"));
    clock.advance(Duration.ofMinutes(30));
    InboxException e = catchInbox(() -> sweepingMeanwhile.accept(BUDGET_P1, "carol", Map.of()));
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxChanged] the proposal \"triage:project:p1:set_budget\" changed while carol was"
                + " approving it: it was escalated, and now needs 2 approvals from carol, dave;"
                + " nothing was recorded: read it again and decide on what it says now");
    assertThat(plain.get(BUDGET_P1).orElseThrow().escalated()).isTrue();
    assertThat(desk.applied).isEmpty();
  }

  @Test
  void theAuditSaysWhoApprovedOtherValuesAndWhoseApprovalWasReplaced() {
    ProposalInbox three = overseen(Oversight.approvers(3, "ann", "bob", "carol", "dave"));
    propose(three, desk, desk.budgetDrafted("p1", "100"));
    three.accept(BUDGET_P1, "ann", Map.of("amount", "100"));
    three.accept(BUDGET_P1, "bob", Map.of("amount", "200"));
    three.accept(BUDGET_P1, "carol", Map.of("amount", "300"));
    three.accept(BUDGET_P1, "ann", Map.of("amount", "300"));
    assertThat(three.history(BUDGET_P1))
        .extracting(AuditEvent::outcome)
        .containsSubsequence(
            "1 of 3 approvals from ann, bob, carol, dave, of version 1 with slot values"
                + " {\"amount\":\"300\"}; ann, bob each approved other values, which count only"
                + " toward those",
            "2 of 3 approvals from ann, bob, carol, dave, of version 1 with slot values"
                + " {\"amount\":\"300\"}; it replaces ann's approval of other values; bob approved"
                + " other values, which count only toward those");
    assertThat(desk.applied).isEmpty();
  }

  @Test
  void approvalsOfDifferentSlotValuesCountOnlyTowardTheirOwnValues() {
    ProposalInbox two = overseen(Oversight.approvers(2, "ann", "bob", "carol"));
    propose(two, desk, desk.budgetDrafted("p1", "100"));
    assertThat(two.accept(BUDGET_P1, "ann", Map.of("amount", "100")).waiting()).isTrue();
    Accepted bob = two.accept(BUDGET_P1, "bob", Map.of("amount", "999999"));
    assertThat(bob.waiting()).isTrue();
    assertThat(desk.applied).isEmpty();
    assertThat(two.history(BUDGET_P1).get(2).outcome())
        .isEqualTo(
            "1 of 2 approvals from ann, bob, carol, of version 1 with slot values"
                + " {\"amount\":\"999999\"}; ann approved other values, which count only toward"
                + " those");

    // carol leaves the drafted 100: the same calls ann approved, so the two complete the set.
    assertThat(two.accept(BUDGET_P1, "carol", Map.of()).done()).isTrue();
    assertThat(desk.applied).extracting(c -> c.arg("amount")).containsExactly("100");
    assertThat(two.history(BUDGET_P1).get(3).outcome())
        .isEqualTo("version 1, slot values {}, approved by ann, carol");
  }

  @Test
  void anApproverMayChangeTheValuesTheyApproved() {
    ProposalInbox two = overseen(Oversight.approvers(2, "ann", "bob"));
    propose(two, desk, desk.budgetDrafted("p1", "100"));
    two.accept(BUDGET_P1, "ann", Map.of());
    two.accept(BUDGET_P1, "bob", Map.of("amount", "250")).waiting();
    assertThat(catchInbox(() -> two.accept(BUDGET_P1, "bob", Map.of("amount", "250"))).kind())
        .isEqualTo(InboxException.Kind.ALREADY_APPROVED);
    Accepted changed = two.accept(BUDGET_P1, "ann", Map.of("amount", "250"));
    assertThat(changed.done()).isTrue();
    assertThat(desk.applied).extracting(c -> c.arg("amount")).containsExactly("250");
    assertThat(two.history(BUDGET_P1))
        .extracting(AuditEvent::outcome)
        .contains("version 1, slot values {\"amount\":\"250\"}, approved by bob, ann");
  }

  @Test
  void anEscalationCountsOnlyTheApprovalsOfItsOwnSet() {
    ProposalInbox o =
        overseen(
            Oversight.approvers(2, "ann", "bob")
                .deadline(Duration.ofHours(1))
                .onExpiryEscalate(2, "carol", "dave"));
    propose(o, desk, desk.budget("p1", "100"));
    assertThat(o.accept(BUDGET_P1, "ann", Map.of()).waiting()).isTrue();
    clock.advance(Duration.ofHours(1));
    assertThat(o.sweep().byKey())
        .containsExactly(Map.entry(BUDGET_P1, SweepReport.Expired.ESCALATED));
    assertThat(o.history(BUDGET_P1).get(2).outcome())
        .isEqualTo(
            "past its deadline; now needs 2 approvals from carol, dave; the approvals given before"
                + " (ann) do not count toward it");

    Accepted carol = o.accept(BUDGET_P1, "carol", Map.of());
    assertThat(carol.waiting()).isTrue();
    assertThat(carol.approvalsMissing()).isEqualTo(1);
    assertThat(desk.applied).isEmpty();
    assertThat(o.accept(BUDGET_P1, "dave", Map.of()).done()).isTrue();
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void anApproverInBothSetsApprovesAgainAfterTheEscalation() {
    ProposalInbox o =
        overseen(
            Oversight.approvers(2, "ann", "bob")
                .deadline(Duration.ofHours(1))
                .onExpiryEscalate(2, "ann", "carol"));
    propose(o, desk, desk.budget("p1", "100"));
    o.accept(BUDGET_P1, "ann", Map.of());
    clock.advance(Duration.ofHours(1));
    o.sweep();
    assertThat(o.accept(BUDGET_P1, "carol", Map.of()).waiting()).isTrue();
    assertThat(o.accept(BUDGET_P1, "ann", Map.of()).done()).isTrue();
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void theDeadlineIsCheckedAtAcceptBeforeAnySweep() {
    ProposalInbox o = overseen(Oversight.anyone().deadline(Duration.ofHours(1)));
    propose(o, desk, desk.budget("p1", "100"));
    clock.advance(Duration.ofHours(1));
    InboxException e = catchInbox(() -> o.accept(BUDGET_P1, "ann", Map.of()));
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxExpired] the proposal \"triage:project:p1:set_budget\" passed its deadline at"
                + " 2026-11-30T13:00:00Z, so it can no longer be approved; nothing was recorded and"
                + " nothing ran: the next sweep declines it");
    assertThat(desk.applied).isEmpty();
    assertThat(o.get(BUDGET_P1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
    assertThat(actions(BUDGET_P1)).containsExactly("proposed", "refused");
    assertThat(o.sweep().byKey())
        .containsExactly(Map.entry(BUDGET_P1, SweepReport.Expired.DECLINED));
  }

  @Test
  void theExpiredRefusalSaysWhatTheSweepWillDo() {
    ProposalInbox escalating =
        overseen(Oversight.anyone().deadline(Duration.ofHours(1)).onExpiryEscalate(1, "boss"));
    propose(escalating, desk, desk.budget("p1", "100"));
    ProposalInbox keeping =
        overseen(Oversight.anyone().deadline(Duration.ofHours(2)).onExpiryKeep());
    clock.advance(Duration.ofHours(1));
    assertThat(catchInbox(() -> escalating.accept(BUDGET_P1, "ann", Map.of())).getMessage())
        .endsWith("nothing ran: the next sweep hands it to 1 approval from boss");
    clock.advance(Duration.ofHours(1));
    assertThat(catchInbox(() -> keeping.accept(BUDGET_P1, "ann", Map.of())).getMessage())
        .endsWith(
            "nothing ran: the next sweep keeps it pending with no deadline, and it can be approved"
                + " then");
  }

  @Test
  void theDeadlineIsCheckedAgainWhenTheApprovalIsRecorded() {
    ProposalInbox slow =
        ProposalInbox.builder(db)
            .clock(clock)
            .agent(
                InboxAgent.live(
                        "triage",
                        () -> {
                          clock.advance(Duration.ofMinutes(2)); // binding takes the last minutes
                          return desk.actions();
                        },
                        desk::apply)
                    .oversight(Oversight.approvers(2, "ann", "bob").deadline(Duration.ofHours(1))))
            .build();
    propose(slow, desk, desk.budget("p1", "100"));
    assertThat(slow.accept(BUDGET_P1, "ann", Map.of()).waiting()).isTrue();
    clock.advance(Duration.ofMinutes(57)); // 59 minutes in: within the deadline when read
    InboxException e = catchInbox(() -> slow.accept(BUDGET_P1, "bob", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.EXPIRED);
    assertThat(desk.applied).isEmpty();
  }
}
