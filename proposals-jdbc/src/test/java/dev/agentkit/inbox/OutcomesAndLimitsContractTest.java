package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.inbox.ProposeReport.Disposition;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.UserSlot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the inbox stores and records whatever the agent, the person or the backend hands it: every
 * outcome is recordable (cut and escaped), every limit is checked per proposal before anything is
 * written, and nothing that runs is ever changed on the way through the database. Run on H2 and on
 * PostgreSQL by {@link H2OutcomesAndLimitsTest} and {@link PostgresOutcomesAndLimitsTest}.
 */
abstract class OutcomesAndLimitsContractTest extends InboxSuite {
  private static final String MARKER_30K = " … [30,000 characters in all; the rest not recorded]";

  ProposalInbox withRunner(OpRunner runner) {
    return ProposalInbox.builder(db)
        .clock(clock)
        .agent(InboxAgent.bind("triage", desk.source, Desk.uses(), runner))
        .build();
  }

  Proposal archiveWithNote(String project, String note) {
    return archiveWith(project, "Archive this project?", note);
  }

  Proposal archiveWith(String project, String question, String note) {
    ActionSet<Desk> acts = desk.actions();
    return Proposal.builder("triage")
        .labeler(desk)
        .anchor("project", project)
        .question(question)
        .op(
            acts,
            Call.of(
                "archive_project",
                Map.of("project_id", project, "until", "2027-01-01", "note", note)))
        .build();
  }

  @Test
  void aFailureMessageOfAnyLengthIsRecordedCutWithAMarker() {
    propose(desk.priority("triage", "t1", "urgent"));
    String huge = "x".repeat(30_000);
    ProposalInbox failing =
        withRunner(
            call -> {
              throw new CallFailedException(huge);
            });
    Accepted a = failing.accept(PRIORITY_T1, "ann", Map.of());
    assertThat(a.entry().state()).isEqualTo(ProposalState.FAILED);
    assertThat(a.outcomes().get(0).failure()).isEqualTo(huge); // the runner's own words, whole
    String kept = "x".repeat(Limits.FAILURE - MARKER_30K.length());
    assertThat(a.entry().outcome()).isEqualTo("op 0 (set_priority) failed: " + kept + MARKER_30K);
    assertThat(inbox.history(PRIORITY_T1).get(2).outcome())
        .isEqualTo("failed: op 0 (set_priority) failed: " + kept + MARKER_30K);
  }

  @Test
  void aResultWithNulAndALoneSurrogateIsRecordedEscaped() {
    propose(desk.priority("triage", "t1", "urgent"));
    Accepted a = withRunner(call -> "a\u0000b\uD800c").accept(PRIORITY_T1, "ann", Map.of());
    assertThat(a.entry().state()).isEqualTo(ProposalState.DONE);
    assertThat(a.entry().outcome()).isEqualTo("op 0 (set_priority) done: a\\u0000b\\uD800c");
    assertThat(a.outcomes().get(0).value()).contains("a\u0000b\uD800c");
  }

  @Test
  void aLongReasonIsRecordedCutWithAMarker() {
    propose(desk.priority("triage", "t1", "urgent"));
    InboxEntry e = inbox.decline(PRIORITY_T1, "ann", "y".repeat(30_000));
    String kept = "y".repeat(Limits.TEXT - MARKER_30K.length());
    assertThat(e.decision().orElseThrow().reason()).isEqualTo(kept + MARKER_30K);
    assertThat(inbox.history(PRIORITY_T1).get(1).outcome()).isEqualTo(kept + MARKER_30K);
  }

  @Test
  void oneOversizedProposalIsRefusedAloneAndTheRestOfTheBatchGoesIn() {
    ProposeReport r =
        propose(
            desk.priority("triage", "t1", "urgent"), archiveWithNote("p1", "n".repeat(1 << 20)));
    assertThat(r.byKey())
        .containsExactly(
            Map.entry(ARCHIVE_P1, Disposition.REFUSED), Map.entry(PRIORITY_T1, Disposition.ADDED));
    assertThat(r.refused())
        .containsExactly(
            Map.entry(
                ARCHIVE_P1,
                "[InboxLimit] the proposal \"triage:project:p1:archive_project\" was not stored (the"
                    + " rest of its batch was): argument \"note\" of op 0 (archive_project) has"
                    + " 1,048,576 characters, over the limit of 20,000 per argument; keep bulky"
                    + " content in the backend and pass a reference to it"));
    assertThat(inbox.get(ARCHIVE_P1)).isEmpty();
    assertThat(inbox.get(PRIORITY_T1)).isPresent();
  }

  @Test
  void manyArgumentsUnderTheirLimitStillFitTheOpsColumn() {
    ActionSet<Desk> acts = desk.actions();
    Proposal.Builder b =
        Proposal.builder("triage").labeler(desk).anchor("project", "p1").question("Archive?");
    for (int i = 0; i < 6; i++) {
      b.op(
          acts,
          Call.of(
              "archive_project",
              Map.of("project_id", "p1", "until", "2027-01-01", "note", "n".repeat(19_000))));
    }
    ProposeReport r = propose(b.build());
    assertThat(r.refused().get(ARCHIVE_P1))
        .startsWith(
            "[InboxLimit] the proposal \"triage:project:p1:archive_project\" was not stored (the"
                + " rest of its batch was): the ops take 114,")
        .endsWith(
            " characters as stored, over the limit of 100,000 per proposal; keep bulky content in"
                + " the backend and pass a reference to it");
  }

  @Test
  void aBatchOverTheLimitIsRefusedBeforeAnythingIsWritten() {
    ProposalInbox roomy =
        ProposalInbox.builder(db)
            .clock(clock)
            .floodCap(5_000)
            .agent(InboxAgent.bind("triage", desk.source, Desk.uses(), desk::apply))
            .build();
    ActionSet<Desk> acts = desk.actions();
    List<Proposal> many = new ArrayList<>();
    for (int i = 0; i <= Limits.BATCH; i++) {
      many.add(
          Proposal.builder("triage")
              .labeler(desk)
              .anchor("task", "t1")
              .question("Make this task urgent?")
              .op(acts, Call.of("set_priority", Map.of("task_id", "t1", "priority", "urgent")))
              .discriminator("d" + i)
              .build());
    }
    InboxException e = catchInbox(() -> roomy.propose(ProposalBatch.of(acts, desk, many)));
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxLimit] the batch holds 1,001 proposals after the no-op filter and the flood cap,"
                + " over the limit of 1,000 per propose call; nothing was stored: propose them in"
                + " batches of at most 1,000");
    assertThat(rows("agentkit_proposal")).isZero();
  }

  @Test
  void anArgumentThatCannotBeStoredAsItIsIsRefusedNeverChanged() {
    ProposeReport r =
        propose(desk.priority("triage", "t1", "urgent"), archiveWithNote("p1", "caf\uD800e"));
    assertThat(r.refused())
        .containsExactly(
            Map.entry(
                ARCHIVE_P1,
                "[InboxUnstorable] the proposal \"triage:project:p1:archive_project\" was not stored"
                    + " (the rest of its batch was): argument \"note\" of op 0 (archive_project)"
                    + " holds a lone surrogate (\\uD800 at index 3), which has no UTF-8 form, so no"
                    + " database column or request would carry it as it is; correct the text the"
                    + " agent produced; the inbox never stores or runs a changed copy"));
    assertThat(inbox.get(ARCHIVE_P1)).isEmpty();
    assertThat(inbox.get(PRIORITY_T1)).isPresent();
  }

  @Test
  void aNulInAnArgumentIsStoredAndRunsAsProposed() {
    assertThat(propose(archiveWithNote("p1", "a\u0000b")).byKey())
        .containsExactly(Map.entry(ARCHIVE_P1, Disposition.ADDED));
    assertThat(inbox.get(ARCHIVE_P1).orElseThrow().ops().get(0).arg("note")).isEqualTo("a\u0000b");
    assertThat(inbox.accept(ARCHIVE_P1, "ann", Map.of()).done()).isTrue();
    assertThat(desk.applied.get(0).arg("note")).isEqualTo("a\u0000b");
  }

  @Test
  void aNulInTheQuestionIsRefused() {
    ProposeReport r = propose(archiveWith("p1", "Archive\u0000 it?", "note"));
    assertThat(r.refused().get(ARCHIVE_P1))
        .isEqualTo(
            "[InboxUnstorable] the proposal \"triage:project:p1:archive_project\" was not stored"
                + " (the rest of its batch was): the question holds a NUL character (at index 7),"
                + " which PostgreSQL cannot store; correct the text the agent produced; the inbox"
                + " never stores or runs a changed copy");
  }

  @Test
  void aDeciderNameThatDoesNotFitIsRefused() {
    propose(desk.priority("triage", "t1", "urgent"));
    assertThat(catchInbox(() -> inbox.accept(PRIORITY_T1, "p".repeat(201), Map.of())).getMessage())
        .isEqualTo(
            "[InboxLimit] the decider's name has 201 characters, over the limit of 200 per name;"
                + " pass the person's id, which the audit trail records");
    assertThat(catchInbox(() -> inbox.decline(PRIORITY_T1, "a\u0000n", "no")).getMessage())
        .isEqualTo(
            "[InboxUnstorable] the decider's name holds a NUL character (at index 1), which"
                + " PostgreSQL cannot store; pass the person's id, which the audit trail records");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
  }

  @Test
  void aSlotValueThatCannotBeStoredAsGivenIsRefusedAndTheProposalStaysPending() {
    propose(desk.archive("triage", "p1", "2027-01-01"));
    InboxException e = catchInbox(() -> inbox.accept(ARCHIVE_P1, "ann", Map.of("note", "x\uDC00")));
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxUnstorable] the proposal \"triage:project:p1:archive_project\" cannot be"
                + " accepted with these slot values; it stays pending: the value given for slot"
                + " \"note\" holds a lone surrogate (\\uDC00 at index 1), which has no UTF-8 form,"
                + " so no database column or request would carry it as it is; correct the value;"
                + " the inbox never runs a changed copy");
    InboxException big =
        catchInbox(() -> inbox.accept(ARCHIVE_P1, "ann", Map.of("note", "n".repeat(20_001))));
    assertThat(big.getMessage())
        .isEqualTo(
            "[InboxLimit] the proposal \"triage:project:p1:archive_project\" cannot be accepted with"
                + " these slot values; it stays pending: the value given for slot \"note\" has"
                + " 20,001 characters, over the limit of 20,000 per value; correct the value; the"
                + " inbox never runs a changed copy");
    assertThat(desk.applied).isEmpty();
    assertThat(actions(ARCHIVE_P1)).containsExactly("proposed", "refused", "refused");
    assertThat(inbox.history(ARCHIVE_P1).get(1).outcome()).contains("(\\uDC00 at index 1)");
  }

  @Test
  void aSlotDraftedWithALoneSurrogateIsRefused() {
    ActionSet<Desk> acts = desk.actions();
    Proposal p =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor("project", "p1")
            .question("Archive this project?")
            .op(acts, Call.of("archive_project", Map.of("project_id", "p1", "until", "2027-01-01")))
            .slot(UserSlot.optional("note", "\uDBFF!"))
            .build();
    assertThat(propose(p).refused().get(ARCHIVE_P1))
        .contains(
            ": the drafted value of slot \"note\" holds a lone surrogate (\\uDBFF at index 0),");
  }
}
