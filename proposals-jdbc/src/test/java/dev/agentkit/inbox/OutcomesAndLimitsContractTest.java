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
                    + " 1,048,576 characters, over the limit of 20,000 per argument (set by"
                    + " maxValueChars); keep bulky content in the backend and pass a reference to"
                    + " it, or raise the setting on ProposalInbox.builder"));
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
            " characters as stored, over the limit of 100,000 per proposal (set by maxJsonChars);"
                + " keep bulky content in the backend and pass a reference to it, or raise the"
                + " setting on ProposalInbox.builder");
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
                + " over the limit of 1,000 per propose call (set by maxBatchSize); nothing was"
                + " stored: propose them in batches of at most 1,000");
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
                + " 20,001 characters, over the limit of 20,000 per value (set by maxValueChars);"
                + " correct the value; the inbox never runs a changed copy");
    InboxException named =
        catchInbox(() -> inbox.accept(ARCHIVE_P1, "ann", Map.of("n".repeat(201), "x")));
    assertThat(named.getMessage())
        .isEqualTo(
            "[InboxLimit] the proposal \"triage:project:p1:archive_project\" cannot be accepted with"
                + " these slot values; it stays pending: the name of a slot value has 201"
                + " characters, over the limit of 200 per name; correct the value; the inbox never"
                + " runs a changed copy");
    assertThat(desk.applied).isEmpty();
    assertThat(actions(ARCHIVE_P1)).containsExactly("proposed", "refused", "refused", "refused");
    assertThat(inbox.history(ARCHIVE_P1).get(1).outcome()).contains("(\\uDC00 at index 1)");
  }

  /** An inbox with other limits than the defaults. */
  ProposalInbox limited(ProposalInbox.Builder b) {
    return b.clock(clock)
        .agent(InboxAgent.bind("triage", desk.source, Desk.uses(), desk::apply))
        .build();
  }

  @Test
  void raisedLimitsLetBiggerProposalsInAndTheyRunAsProposed() {
    ProposalInbox roomy =
        limited(
            ProposalInbox.builder(db)
                .maxQuestionChars(300_000)
                .maxValueChars(200_000)
                .maxJsonChars(1_000_000)); // a NUL takes 6 characters in JSON
    String question = "Archive this project? " + "Why: it shipped. ".repeat(14_000);
    String note = "n\u0000".repeat(75_000);
    Proposal big = archiveWith("p1", question, note);
    ProposeReport r = roomy.propose(ProposalBatch.of(desk.actions(), desk, List.of(big)));
    assertThat(r.refused()).isEmpty();
    assertThat(r.byKey()).containsExactly(Map.entry(ARCHIVE_P1, Disposition.ADDED));
    InboxEntry stored = roomy.get(ARCHIVE_P1).orElseThrow();
    assertThat(stored.question()).isEqualTo(big.question()).hasSizeGreaterThan(200_000);
    assertThat(stored.ops().get(0).arg("note")).isEqualTo(note);
    assertThat(roomy.accept(ARCHIVE_P1, "ann", Map.of()).done()).isTrue();
    assertThat(desk.applied.get(0).arg("note")).isEqualTo(note);
    // the default inbox on the same database still refuses what is over its own limits
    assertThat(
            propose(archiveWith("p2", question, "n"))
                .refused()
                .get("triage:project:p2:archive_project"))
        .contains(
            ": the question has "
                + Text.count(big.question().length())
                + " characters, over the limit of 20,000 per question (set by maxQuestionChars);"
                + " keep bulky");
  }

  @Test
  void theColumnsALimitRaisesAreAMillionCharactersWideAndKeepTheirConstraints() throws Exception {
    List<String> widened = new ArrayList<>();
    try (java.sql.Connection c = db.getConnection();
        java.sql.Statement s = c.createStatement();
        java.sql.ResultSet r =
            s.executeQuery(
                "SELECT LOWER(table_name), LOWER(column_name), character_maximum_length,"
                    + " is_nullable, column_default FROM information_schema.columns"
                    + " WHERE LOWER(table_name) IN ('agentkit_proposal', 'agentkit_version_approval')"
                    + " AND character_maximum_length = 1000000"
                    + " ORDER BY LOWER(table_name), LOWER(column_name)")) {
      while (r.next()) {
        String dflt = r.getString(5) == null ? "" : r.getString(5).replaceAll("::.*", "");
        widened.add(r.getString(1) + "." + r.getString(2) + " " + r.getString(4) + " " + dflt);
      }
    }
    assertThat(widened)
        .containsExactly(
            "agentkit_proposal.context_json NO '[]'",
            "agentkit_proposal.metadata_json NO '{}'",
            "agentkit_proposal.ops_json NO ",
            "agentkit_proposal.question NO ",
            "agentkit_proposal.refs_json NO ",
            "agentkit_proposal.slot_values_json YES ",
            "agentkit_proposal.slots_json NO ",
            "agentkit_version_approval.slot_values_json NO ");
  }

  @Test
  void aValueOfExactlyTheLimitIsStoredAndOneMoreIsRefused() {
    ProposalInbox tight = limited(ProposalInbox.builder(db).maxValueChars(10).maxBatchSize(2));
    ProposeReport r =
        tight.propose(
            ProposalBatch.of(
                desk.actions(),
                desk,
                List.of(
                    archiveWithNote("p1", "n".repeat(10)), archiveWithNote("p2", "n".repeat(11)))));
    assertThat(r.byKey())
        .containsExactly(
            Map.entry(ARCHIVE_P1, Disposition.ADDED),
            Map.entry("triage:project:p2:archive_project", Disposition.REFUSED));
    assertThat(r.refused().get("triage:project:p2:archive_project"))
        .isEqualTo(
            "[InboxLimit] the proposal \"triage:project:p2:archive_project\" was not stored (the"
                + " rest of its batch was): argument \"note\" of op 0 (archive_project) has 11"
                + " characters, over the limit of 10 per argument (set by maxValueChars); keep bulky"
                + " content in the backend and pass a reference to it, or raise the setting on"
                + " ProposalInbox.builder");
    List<Proposal> three =
        List.of(
            desk.priority("triage", "t1", "urgent"),
            desk.priority("triage", "t2", "urgent"),
            desk.priority("triage", "t3", "urgent"));
    assertThat(
            catchInbox(() -> tight.propose(ProposalBatch.of(desk.actions(), desk, three)))
                .getMessage())
        .isEqualTo(
            "[InboxLimit] the batch holds 3 proposals after the no-op filter and the flood cap,"
                + " over the limit of 2 per propose call (set by maxBatchSize); nothing was stored:"
                + " propose them in batches of at most 2");
    assertThat(tight.propose(ProposalBatch.of(desk.actions(), desk, three.subList(0, 2))).byKey())
        .hasSize(2);
  }

  @Test
  void aProposalWhoseJsonIsOverTheRaisedOrLoweredLimitIsRefused() {
    ProposalInbox exact = limited(ProposalInbox.builder(db).maxJsonChars(104));
    assertThat(
            exact
                .propose(
                    ProposalBatch.of(desk.actions(), desk, List.of(archiveWithNote("p2", "n"))))
                .byKey())
        .containsExactly(Map.entry("triage:project:p2:archive_project", Disposition.ADDED));
    ProposalInbox tight = limited(ProposalInbox.builder(db).maxJsonChars(60));
    ProposeReport r =
        tight.propose(ProposalBatch.of(desk.actions(), desk, List.of(archiveWithNote("p1", "n"))));
    assertThat(r.refused().get(ARCHIVE_P1))
        .isEqualTo(
            "[InboxLimit] the proposal \"triage:project:p1:archive_project\" was not stored (the"
                + " rest of its batch was): the ops take 104 characters as stored, over the limit"
                + " of 60 per proposal (set by maxJsonChars); keep bulky content in the backend and"
                + " pass a reference to it, or raise the setting on ProposalInbox.builder");
  }

  @Test
  void slotValuesThatDoNotFitTogetherAreRefusedAndTheProposalStaysPending() {
    ProposalInbox tight = limited(ProposalInbox.builder(db).maxValueChars(1_000).maxJsonChars(600));
    tight.propose(
        ProposalBatch.of(
            desk.actions(), desk, List.of(desk.archive("triage", "p1", "2027-01-01"))));
    InboxException e =
        catchInbox(() -> tight.accept(ARCHIVE_P1, "ann", Map.of("note", "n".repeat(900))));
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxLimit] the proposal \"triage:project:p1:archive_project\" cannot be accepted with"
                + " these slot values; it stays pending: the slot values take 911 characters as"
                + " stored, over the limit of 600 per proposal (set by maxJsonChars); correct the"
                + " value; the inbox never runs a changed copy");
    assertThat(tight.get(ARCHIVE_P1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
    assertThat(desk.applied).isEmpty();
  }

  @Test
  void anAnchorARefOrAContextObjectOverItsLimitIsRefusedAlone() {
    ActionSet<Desk> acts = desk.actions();
    Proposal labelled =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor("project", "p1")
            .ref(new dev.agentkit.proposal.ObjectRef("user", "u1", "L".repeat(1_001)))
            .question("Archive this project?")
            .op(acts, Call.of("archive_project", Map.of("project_id", "p1", "until", "2027-01-01")))
            .build();
    Proposal shown =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor("project", "p2")
            .context(new dev.agentkit.proposal.ObjectRef("board", "b".repeat(501), "Board"))
            .question("Archive this project?")
            .op(acts, Call.of("archive_project", Map.of("project_id", "p2", "until", "2027-01-01")))
            .build();
    String big = "p".repeat(501);
    Proposal anchored =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor(new dev.agentkit.proposal.ObjectRef("project", big, "Big"))
            .question("Archive this project?")
            .op(acts, Call.of("archive_project", Map.of("project_id", big, "until", "2027-01-01")))
            .build();
    ProposeReport r = propose(labelled, shown, desk.priority("triage", "t1", "urgent"));
    assertThat(propose(anchored).refused().get("triage:project:" + big + ":archive_project"))
        .contains(
            ": the anchor's id has 501 characters, over the limit of 500 per id; keep bulky"
                + " content in the backend and pass a reference to it");
    assertThat(r.refused().get(ARCHIVE_P1))
        .contains(
            ": the label of a ref has 1,001 characters, over the limit of 1,000 per label;"
                + " keep bulky content in the backend and pass a reference to it");
    assertThat(r.refused().get("triage:project:p2:archive_project"))
        .contains(
            ": the id of a context object has 501 characters, over the limit of 500 per id;"
                + " keep bulky content in the backend and pass a reference to it");
    assertThat(inbox.get(PRIORITY_T1)).isPresent();
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
