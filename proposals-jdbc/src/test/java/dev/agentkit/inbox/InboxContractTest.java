package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.contract.OperandType;
import dev.agentkit.inbox.ProposeReport.Disposition;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.UserSlot;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The inbox's behaviour, run against each real database by a subclass ({@link H2InboxTest}, {@link
 * PostgresInboxTest}).
 */
abstract class InboxContractTest extends InboxSuite {
  @Test
  void aNewAskIsAddedAndARepeatRefreshesTheOneRow() {
    ProposeReport first = propose(desk.priority("triage", "t1", "urgent"));
    assertThat(first.byKey()).containsExactly(Map.entry(PRIORITY_T1, Disposition.ADDED));
    assertThat(first.count(Disposition.ADDED)).isEqualTo(1);
    assertThat(first.count(Disposition.REFRESHED)).isZero();

    ProposeReport again = propose(desk.priority("triage", "t1", "urgent"));
    assertThat(again.byKey()).containsExactly(Map.entry(PRIORITY_T1, Disposition.REFRESHED));
    assertThat(rows("agentkit_proposal")).isEqualTo(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed");

    propose(desk.priority("triage", "t1", "normal"));
    InboxEntry e = inbox.get(PRIORITY_T1).orElseThrow();
    assertThat(e.ops().get(0).arg("priority")).isEqualTo("normal");
    assertThat(e.question()).isEqualTo("Make {{task:t1|Task 1}} normal?");
    assertThat(e.state()).isEqualTo(ProposalState.PENDING);
    assertThat(e.round()).isEqualTo(1);
    assertThat(e.proposedDigest()).isEqualTo(desk.contract.get().digest());
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "refreshed");
    assertThat(rows("agentkit_proposal")).isEqualTo(1);
  }

  @Test
  void theNoOpFilterAndTheFloodCapApplyBeforeAnythingIsStored() {
    desk.priorities.put("t2", "urgent");
    ProposeReport r =
        propose(
            desk.priority("triage", "t2", "urgent"), // already urgent: a no-op
            desk.priority("triage", "t3", "urgent"),
            desk.priority("triage", "t4", "urgent"),
            desk.priority("triage", "t5", "urgent"),
            desk.priority("triage", "t6", "urgent")); // over the cap of 3
    assertThat(r.droppedNoOps()).isEqualTo(1);
    assertThat(r.droppedByAgent()).containsExactly(Map.entry("triage", 1));
    assertThat(r.byKey().keySet())
        .containsExactly(
            "triage:task:t3:set_priority",
            "triage:task:t4:set_priority",
            "triage:task:t5:set_priority");
    assertThat(rows("agentkit_proposal")).isEqualTo(3);
  }

  @Test
  void aDeclinedAskStaysDeclinedUntilTheCoolOffPasses() {
    propose(desk.priority("triage", "t1", "urgent"));
    InboxEntry declined = inbox.decline(PRIORITY_T1, "ann", "not now");
    assertThat(declined.state()).isEqualTo(ProposalState.DECLINED);
    assertThat(declined.decision().orElseThrow().by()).isEqualTo("ann");
    assertThat(declined.decision().orElseThrow().reason()).isEqualTo("not now");

    clock.advance(Duration.ofHours(23));
    assertThat(propose(desk.priority("triage", "t1", "urgent")).byKey())
        .containsExactly(Map.entry(PRIORITY_T1, Disposition.KEPT_DECIDED));
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.DECLINED);

    clock.advance(Duration.ofHours(1));
    assertThat(propose(desk.priority("triage", "t1", "urgent")).byKey())
        .containsExactly(Map.entry(PRIORITY_T1, Disposition.REOPENED));
    InboxEntry reopened = inbox.get(PRIORITY_T1).orElseThrow();
    assertThat(reopened.state()).isEqualTo(ProposalState.PENDING);
    assertThat(reopened.round()).isEqualTo(2);
    assertThat(reopened.decision()).isEmpty();
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "declined", "reopened");
    assertThat(inbox.history(PRIORITY_T1).get(1).outcome()).isEqualTo("not now");
    assertThat(inbox.history(PRIORITY_T1).get(2))
        .extracting(AuditEvent::round, AuditEvent::outcome)
        .containsExactly(2, "pending again after declined (round 1)");
    assertThat(rows("agentkit_proposal")).isEqualTo(1);
  }

  @Test
  void anInboxWithoutTheAgentHoldsItsRefusalsForItsDefaultCoolOff() {
    propose(desk.priority("triage", "t1", "urgent"));
    inbox.decline(PRIORITY_T1, "ann", "not now");
    ProposalBatch<Desk> again =
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent")));
    ProposalInbox weekly = ProposalInbox.builder(db).clock(clock).build();
    assertThat(weekly.propose(again).byKey()).containsEntry(PRIORITY_T1, Disposition.KEPT_DECIDED);
    ProposalInbox impatient =
        ProposalInbox.builder(db).clock(clock).defaultCoolOff(Duration.ZERO).build();
    assertThat(impatient.propose(again).byKey()).containsEntry(PRIORITY_T1, Disposition.REOPENED);
  }

  @Test
  void aReopenedAskIsShownUnderItsNewContext() {
    ActionSet<Desk> acts = desk.actions();
    Call urgent = Call.of("set_priority", Map.of("task_id", "t1", "priority", "urgent"));
    Proposal onP7 =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor("task", "t1")
            .question("Make this task urgent?")
            .op(acts, urgent)
            .context("project", "p7")
            .build();
    propose(onP7);
    inbox.decline(PRIORITY_T1, "ann", "not now");
    clock.advance(Duration.ofHours(24));
    Proposal onP8 =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor("task", "t1")
            .question("Make this task urgent?")
            .op(acts, urgent)
            .context("project", "p8")
            .build();
    assertThat(propose(onP8).byKey()).containsEntry(PRIORITY_T1, Disposition.REOPENED);
    assertThat(keys(inbox.pending(InboxQuery.pending().context("project", "p8"))))
        .containsExactly(PRIORITY_T1);
    assertThat(keys(inbox.pending(InboxQuery.pending().context("project", "p7")))).isEmpty();
  }

  @Test
  void pendingPagesByAgentAnchorAndOpcode() {
    propose(
        desk.priority("triage", "t1", "urgent"),
        desk.priority("triage", "t2", "urgent"),
        desk.archive("triage", "p1", "2027-01-01"));
    propose(desk.priority("ops", "t1", "normal"));
    inbox.decline("triage:task:t2:set_priority", "ann", "");

    InboxPage first = inbox.pending(InboxQuery.pending().limit(2));
    assertThat(keys(first)).containsExactly("ops:task:t1:set_priority", ARCHIVE_P1);
    InboxPage second =
        inbox.pending(InboxQuery.pending().limit(2).after(first.next().orElseThrow()));
    assertThat(keys(second)).containsExactly(PRIORITY_T1);
    assertThat(second.next()).isEmpty();

    assertThat(keys(inbox.pending(InboxQuery.pending().agent("triage"))))
        .containsExactly(ARCHIVE_P1, PRIORITY_T1);
    assertThat(keys(inbox.pending(InboxQuery.pending().anchor("task", "t1"))))
        .containsExactly("ops:task:t1:set_priority", PRIORITY_T1);
    assertThat(keys(inbox.pending(InboxQuery.pending().opcode("archive_project"))))
        .containsExactly(ARCHIVE_P1);
    assertThat(keys(inbox.pending(InboxQuery.pending().state(ProposalState.DECLINED))))
        .containsExactly("triage:task:t2:set_priority");
  }

  @Test
  void anAnchorFilterMatchesItsKindAndItsIdTogether() {
    desk.projects.put("t1", "Project t1");
    propose(
        desk.priority("triage", "t1", "urgent"),
        desk.priority("triage", "t2", "urgent"),
        desk.archive("triage", "t1", "2027-01-01"));
    assertThat(keys(inbox.pending(InboxQuery.pending())))
        .containsExactly(
            "triage:project:t1:archive_project", PRIORITY_T1, "triage:task:t2:set_priority");
    assertThat(keys(inbox.pending(InboxQuery.pending().anchor("task", "t1"))))
        .containsExactly(PRIORITY_T1);
  }

  @Test
  void anAgentWithActsItsHostKeepsBoundAcceptsAgainstThoseActs() {
    ActionSet<Desk> held = desk.actions();
    ProposalInbox hosted =
        ProposalInbox.builder(db)
            .clock(clock)
            .agent(InboxAgent.of("triage", held, desk::apply))
            .build();
    propose(desk.priority("triage", "t1", "urgent"));
    desk.contract.set(Desk.contract()); // the live contract drops "urgent"; the held acts do not
    Accepted a = hosted.accept(PRIORITY_T1, "ann", Map.of());
    assertThat(a.done()).isTrue();
    assertThat(desk.priorities).containsEntry("t1", "urgent");
    assertThat(inbox.history(PRIORITY_T1).get(1).contractDigest())
        .isEqualTo(held.contract().orElseThrow().digest());
  }

  @Test
  void contextMetadataAndSlotFormsAreStoredAndPendingListsByContext() throws SQLException {
    ActionSet<Desk> acts = desk.actions();
    Proposal onBoard =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor("task", "t1")
            .question("Raise this task?")
            .op(acts, Call.of("set_priority", Map.of("task_id", "t1")))
            .slot(UserSlot.required("priority", "normal").withLabel("New priority"))
            .context("project", "p7")
            .metadata("ticket", "OPS-12")
            .metadata("format", "2")
            .build();
    propose(
        onBoard,
        desk.priority("triage", "t2", "urgent"),
        desk.archive("triage", "p7", "2027-01-01"));

    InboxEntry e = inbox.get(PRIORITY_T1).orElseThrow();
    assertThat(e.context()).containsExactly(new ObjectRef("project", "p7", "Project 7"));
    assertThat(e.metadata())
        .containsExactly(Map.entry("format", "2"), Map.entry("ticket", "OPS-12"));
    assertThat(e.slots())
        .containsExactly(
            new UserSlot(
                "priority",
                0,
                "normal",
                true,
                "New priority",
                OperandType.ENUM,
                List.of("low", "normal", "urgent")));
    assertThat(inbox.get(ARCHIVE_P1.replace("p1", "p7")).orElseThrow().slots())
        .extracting(UserSlot::label, UserSlot::type)
        .containsExactly(tuple("Until", OperandType.DATE), tuple("Note", OperandType.STRING));

    // Shown under project p7: the ask anchored on it and the ask whose context names it.
    assertThat(keys(inbox.pending(InboxQuery.pending().context("project", "p7"))))
        .containsExactly("triage:project:p7:archive_project", PRIORITY_T1);
    assertThat(keys(inbox.pending(InboxQuery.pending().context("project", "p7").limit(1))))
        .containsExactly("triage:project:p7:archive_project");
    assertThat(keys(inbox.pending(InboxQuery.pending().context("project", "p8")))).isEmpty();

    // A refresh moves it to another board; the old one no longer lists it.
    Proposal moved =
        Proposal.builder("triage")
            .labeler(desk)
            .anchor("task", "t1")
            .question("Raise this task?")
            .op(acts, Call.of("set_priority", Map.of("task_id", "t1")))
            .slot(UserSlot.required("priority", "urgent"))
            .context("project", "p8")
            .build();
    assertThat(propose(moved).byKey()).containsEntry(PRIORITY_T1, Disposition.REFRESHED);
    assertThat(keys(inbox.pending(InboxQuery.pending().context("project", "p8"))))
        .containsExactly(PRIORITY_T1);
    assertThat(keys(inbox.pending(InboxQuery.pending().context("project", "p7"))))
        .containsExactly("triage:project:p7:archive_project");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().metadata()).isEmpty();
    assertThat(rows("agentkit_proposal_context")).isEqualTo(1);
  }

  @Test
  void aHostsFlywayWithItsDefaultLocationFindsNoneOfTheInboxsMigrations() {
    // Flyway scans classpath:db/migration recursively: migrations under it would be run as the
    // host's own, clash with its V1, and leave the inbox's history table without them.
    org.flywaydb.core.api.MigrationInfo[] found =
        org.flywaydb.core.Flyway.configure(ProposalInbox.class.getClassLoader())
            .dataSource(newDatabase())
            .load()
            .info()
            .all();
    assertThat(found).isEmpty();
    org.flywaydb.core.api.MigrationInfo[] inbox =
        org.flywaydb.core.Flyway.configure(ProposalInbox.class.getClassLoader())
            .dataSource(newDatabase())
            .locations(ProposalInbox.MIGRATIONS)
            .load()
            .info()
            .all();
    assertThat(inbox).extracting(m -> m.getScript()).contains("V1__proposal_inbox.sql");
  }

  @Test
  void aRowWrittenBeforeVersion3ReadsWithNoContextMetadataOrSlotForm() throws SQLException {
    DataSource old = newDatabase();
    org.flywaydb.core.Flyway.configure(ProposalInbox.class.getClassLoader())
        .dataSource(old)
        .locations(ProposalInbox.MIGRATIONS)
        .table("agentkit_schema_history")
        .baselineOnMigrate(true)
        .baselineVersion("0")
        .target("2")
        .load()
        .migrate();
    try (Connection c = old.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "INSERT INTO agentkit_proposal (ask_key, agent, anchor_kind, anchor_id, anchor_label,"
              + " opcode, question, archetype, refs_json, ops_json, slots_json, state, round_no,"
              + " proposed_digest, proposed_at, updated_at) VALUES ('"
              + ARCHIVE_P1
              + "', 'triage', 'project', 'p1', 'Project 1', 'archive_project', 'Archive"
              + " {{project:p1|Project 1}}?', 'input', '[]', '[{\"opcode\":\"archive_project\","
              + "\"args\":{\"project_id\":\"p1\"},\"userFills\":[\"until\"]}]',"
              + " '[{\"operand\":\"until\",\"opIndex\":0,\"default\":\"\",\"required\":true}]',"
              + " 'pending', 1, '', TIMESTAMP WITH TIME ZONE '2026-11-29 10:00:00+00',"
              + " TIMESTAMP WITH TIME ZONE '2026-11-29 10:00:00+00')");
    }
    ProposalInbox upgraded = inbox(old, desk, clock);
    InboxEntry e = upgraded.get(ARCHIVE_P1).orElseThrow();
    assertThat(e.context()).isEmpty();
    assertThat(e.metadata()).isEmpty();
    assertThat(e.slots()).containsExactly(new UserSlot("until", 0, "", true));
    assertThat(keys(upgraded.pending(InboxQuery.pending().context("project", "p1"))))
        .containsExactly(ARCHIVE_P1);
    assertThat(upgraded.accept(ARCHIVE_P1, "ann", Map.of("until", "2027-01-31")).done()).isTrue();
  }

  @Test
  void acceptFillsTheSlotsRunsTheOpsOnceAndRecordsTheOutcome() {
    propose(desk.archive("triage", "p1", ""));
    InboxEntry pending = inbox.get(ARCHIVE_P1).orElseThrow();
    assertThat(pending.ops().get(0).userFills()).containsExactly("until", "note");

    Accepted a = inbox.accept(ARCHIVE_P1, "ann", Map.of("until", "2027-01-31"));
    assertThat(a.done()).isTrue();
    assertThat(a.outcomes()).hasSize(1);
    assertThat(desk.applied).hasSize(1);
    assertThat(desk.applied.get(0).args())
        .isEqualTo(Map.of("project_id", "p1", "until", "2027-01-31"));
    assertThat(desk.applied.get(0).isBound()).isTrue();
    assertThat(a.entry().state()).isEqualTo(ProposalState.DONE);
    assertThat(a.entry().outcome()).isEqualTo("op 0 (archive_project) done");
    assertThat(a.entry().decision().orElseThrow().slotValues())
        .isEqualTo(Map.of("until", "2027-01-31"));

    List<AuditEvent> trail = inbox.history(ARCHIVE_P1);
    assertThat(trail).extracting(AuditEvent::action).containsExactly("proposed", "accepted", "ran");
    assertThat(trail.get(1).actor()).isEqualTo("ann");
    assertThat(trail.get(1).contractDigest()).isEqualTo(desk.contract.get().digest());
    assertThat(trail.get(2).outcome()).isEqualTo("done: op 0 (archive_project) done");

    assertThatThrownBy(() -> inbox.accept(ARCHIVE_P1, "bob", Map.of("until", "2027-01-31")))
        .isInstanceOf(InboxException.class)
        .hasMessage(
            "[InboxNotPending] the proposal \"triage:project:p1:archive_project\" is done by ann"
                + " at 2026-11-30T12:00:00Z, so it cannot be accepted; only a pending proposal can"
                + " be accepted or declined");
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void aDraftedValueFillsASlotTheReviewerLeavesOut() {
    propose(desk.archive("triage", "p1", "2027-02-01"));
    inbox.accept(ARCHIVE_P1, "ann", Map.of("note", "wrapped up"));
    assertThat(desk.applied.get(0).args())
        .isEqualTo(Map.of("project_id", "p1", "until", "2027-02-01", "note", "wrapped up"));
  }

  @Test
  void badSlotValuesAreRefusedAndTheProposalStaysPending() {
    propose(desk.archive("triage", "p1", ""));
    assertThatThrownBy(() -> inbox.accept(ARCHIVE_P1, "ann", Map.of("note", "x")))
        .isInstanceOf(InboxException.class)
        .hasMessage(
            "[InboxSlot] the proposal \"triage:project:p1:archive_project\" cannot be accepted"
                + " with these slot values; it stays pending\n"
                + "  - the slot \"until\" of op 0 (archive_project) is required and has no drafted"
                + " value: give it a value");
    assertThatThrownBy(
            () -> inbox.accept(ARCHIVE_P1, "ann", Map.of("until", "2027-01-31", "colour", "red")))
        .hasMessageContaining(
            "  - the proposal has no slot \"colour\"; its slots are: note, until");
    InboxException typed =
        catchInbox(() -> inbox.accept(ARCHIVE_P1, "ann", Map.of("until", "next friday")));
    assertThat(typed.kind()).isEqualTo(InboxException.Kind.SLOT);
    assertThat(typed.problems()).hasSize(1);
    assertThat(typed.problems().get(0))
        .startsWith("op 0 (archive_project): [")
        .contains("until")
        .contains("next friday");

    assertThat(desk.applied).isEmpty();
    assertThat(inbox.get(ARCHIVE_P1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
    assertThat(actions(ARCHIVE_P1)).containsExactly("proposed", "refused", "refused", "refused");
  }

  @Test
  void aDriftedOpFailsTheAcceptWithTheVerifySentencesAndStaysPending() {
    propose(desk.priority("triage", "t1", "urgent"));
    desk.contract.set(Desk.contract()); // the backend drops "urgent"
    InboxException e = catchInbox(() -> inbox.accept(PRIORITY_T1, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DRIFT);
    assertThat(e.getMessage())
        .startsWith(
            "[InboxDrift] the proposal \"triage:task:t1:set_priority\" was not accepted: an op no"
                + " longer verifies against the live contract, so nothing ran and it stays"
                + " pending; decline it, or let the agent propose it again against the new"
                + " contract\n  - [");
    assertThat(e.problems()).hasSize(1);
    assertThat(e.problems().get(0)).contains("\"urgent\"").contains("low, normal");
    assertThat(desk.applied).isEmpty();
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
    AuditEvent refused = inbox.history(PRIORITY_T1).get(1);
    assertThat(refused.action()).isEqualTo("refused");
    assertThat(refused.contractDigest()).isEqualTo(Desk.contract().digest());
    assertThat(refused.outcome()).isEqualTo(e.getMessage());
  }

  @Test
  void anOpTheBackendNoLongerHasFailsTheAcceptWithTheBindSentences() {
    propose(desk.archive("triage", "p1", "2027-01-01"));
    desk.contract.set(
        dev.agentkit.contract.Contract.of(
            "desk", List.of(Desk.contract("urgent").op("set_priority").orElseThrow())));
    InboxException e = catchInbox(() -> inbox.accept(ARCHIVE_P1, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DRIFT);
    assertThat(e.getMessage()).contains("its agent's acts no longer bind");
    assertThat(e.problems()).anySatisfy(p -> assertThat(p).contains("archive_project"));
    assertThat(desk.applied).isEmpty();
    assertThat(inbox.get(ARCHIVE_P1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
  }

  @Test
  void breakingDriftFromTheHostsBindingRefusesTheAccept() {
    dev.agentkit.CompiledAgent compiled =
        new dev.agentkit.CompiledAgent(
            "triage", Desk.contract("urgent"), Desk.contract("urgent").digest());
    ProposalInbox hostBound =
        ProposalInbox.builder(db)
            .clock(clock)
            .agent(
                InboxAgent.live(
                    "triage",
                    () ->
                        dev.agentkit.BoundAgent.bind(
                                compiled,
                                desk.source,
                                Desk.uses(),
                                dev.agentkit.drift.DriftPolicy.failOnBreaking(),
                                clock)
                            .acts(),
                    desk::apply))
            .build();
    propose(desk.priority("triage", "t1", "normal"));
    desk.contract.set(Desk.contract()); // "urgent" removed: breaking drift for this agent
    InboxException e = catchInbox(() -> hostBound.accept(PRIORITY_T1, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DRIFT);
    assertThat(e.getMessage()).contains("its agent's acts no longer bind");
    assertThat(e.problems()).anySatisfy(p -> assertThat(p).startsWith("[DriftBreaking]"));
    assertThat(desk.applied).isEmpty();
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
  }

  /** Sets p1's budget, then archives it: two ops in one proposal. */
  private Proposal budgetThenArchive() {
    return Proposal.builder("triage")
        .labeler(desk)
        .anchor("project", "p1")
        .question("Set this project's budget, then archive it?")
        .op(desk.actions(), Call.of("set_budget", Map.of("project_id", "p1", "amount", "0")))
        .op(
            desk.actions(),
            Call.of("archive_project", Map.of("project_id", "p1", "until", "2027-01-01")))
        .build();
  }

  @Test
  void twoOpsRunInOrderAndEachOutcomeIsRecorded() {
    propose(budgetThenArchive());
    Accepted a = inbox.accept("triage:project:p1:set_budget", "ann", Map.of());
    assertThat(a.done()).isTrue();
    assertThat(a.outcomes()).hasSize(2);
    assertThat(desk.applied)
        .extracting(Call::opcode)
        .containsExactly("set_budget", "archive_project");
    assertThat(a.entry().outcome())
        .isEqualTo("op 0 (set_budget) done: budget 0; op 1 (archive_project) done");
    assertThat(a.entry().opsDone()).isEqualTo(2);
    assertThat(actions("triage:project:p1:set_budget"))
        .containsExactly("proposed", "accepted", "ran");
  }

  @Test
  void whenTheFirstOfTwoOpsFailsTheSecondDoesNotRun() {
    propose(budgetThenArchive());
    Accepted a =
        withRunner(
                call -> {
                  if (call.opcode().equals("set_budget")) {
                    throw new dev.agentkit.CallFailedException("the budget is frozen");
                  }
                  return desk.apply(call);
                })
            .accept("triage:project:p1:set_budget", "ann", Map.of());
    assertThat(a.done()).isFalse();
    assertThat(a.outcomes()).hasSize(1);
    assertThat(desk.applied).isEmpty();
    assertThat(a.entry().state()).isEqualTo(ProposalState.FAILED);
    assertThat(a.entry().outcome())
        .isEqualTo(
            "op 0 (set_budget) failed: the budget is frozen; op 1 (archive_project) did not run");
  }

  @Test
  void aRunnerThatThrowsSomethingElseFailsTheOpNamingTheExceptionWithoutSecrets() {
    propose(desk.priority("triage", "t1", "urgent"), desk.priority("triage", "t2", "urgent"));
    Accepted said =
        withRunner(
                call -> {
                  throw new IllegalStateException("the backend said no; token=abc123 was used");
                })
            .accept(PRIORITY_T1, "ann", Map.of());
    assertThat(said.entry().state()).isEqualTo(ProposalState.FAILED);
    assertThat(said.entry().outcome())
        .isEqualTo(
            "op 0 (set_priority) failed: the op runner threw IllegalStateException: the backend"
                + " said no; token=*** was used");
    Accepted silent =
        withRunner(
                call -> {
                  throw new java.io.IOException();
                })
            .accept("triage:task:t2:set_priority", "ann", Map.of());
    assertThat(silent.entry().outcome())
        .isEqualTo("op 0 (set_priority) failed: the op runner threw IOException");
  }

  @Test
  void anAcceptOfAProposalDeclinedWhileItWasBeingVerifiedIsRefused() {
    propose(desk.priority("triage", "t1", "urgent"));
    ProposalInbox slow =
        ProposalInbox.builder(db)
            .clock(clock)
            .agent(
                InboxAgent.live(
                    "triage",
                    () -> {
                      inbox.decline(PRIORITY_T1, "bob", "no"); // while ann's accept verifies
                      return desk.actions();
                    },
                    desk::apply))
            .build();
    assertThat(catchInbox(() -> slow.accept(PRIORITY_T1, "ann", Map.of())).getMessage())
        .isEqualTo(
            "[InboxNotPending] the proposal \"triage:task:t1:set_priority\" is declined by bob at"
                + " 2026-11-30T12:00:00Z, so it cannot be accepted; only a pending proposal can be"
                + " accepted or declined");
    assertThat(desk.applied).isEmpty();
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "declined");
  }

  private ProposalInbox withRunner(OpRunner runner) {
    return ProposalInbox.builder(db)
        .clock(clock)
        .agent(InboxAgent.bind("triage", desk.source, Desk.uses(), runner))
        .build();
  }

  @Test
  void aFailingOpIsRecordedAsFailed() {
    propose(desk.archive("triage", "p1", "2027-01-01"));
    desk.projects.remove("p1");
    Accepted a = inbox.accept(ARCHIVE_P1, "ann", Map.of());
    assertThat(a.done()).isFalse();
    assertThat(a.entry().state()).isEqualTo(ProposalState.FAILED);
    assertThat(a.entry().outcome())
        .isEqualTo("op 0 (archive_project) failed: project p1 does not exist");
    assertThat(a.outcomes().get(0).failure()).isEqualTo("project p1 does not exist");
    desk.projects.put("p1", "Project 1");
    assertThat(propose(desk.archive("triage", "p1", "2027-01-01")).byKey())
        .containsExactly(Map.entry(ARCHIVE_P1, Disposition.REOPENED));
  }

  @Test
  void aCrashWhileAnOpRunsLeavesItRunningVisibleAndNeverReRun() {
    propose(desk.priority("triage", "t1", "urgent"));
    ProposalInbox crashing =
        ProposalInbox.builder(db)
            .clock(clock)
            .agent(
                InboxAgent.bind(
                    "triage",
                    desk.source,
                    Desk.uses(),
                    call -> {
                      desk.apply(call);
                      throw new SimulatedCrash();
                    }))
            .build();
    assertThatThrownBy(() -> crashing.accept(PRIORITY_T1, "ann", Map.of()))
        .isInstanceOf(SimulatedCrash.class);

    InboxEntry stuck = inbox.get(PRIORITY_T1).orElseThrow();
    assertThat(stuck.state()).isEqualTo(ProposalState.RUNNING);
    assertThat(stuck.outcome()).isEmpty();
    assertThat(stuck.opsDone()).isZero();
    assertThat(keys(inbox.pending(InboxQuery.pending().state(ProposalState.RUNNING))))
        .containsExactly(PRIORITY_T1);
    assertThat(inbox.counts())
        .containsExactly(
            Map.entry(ProposalState.PENDING, 0L),
            Map.entry(ProposalState.DECLINED, 0L),
            Map.entry(ProposalState.ACCEPTED, 0L),
            Map.entry(ProposalState.RUNNING, 1L),
            Map.entry(ProposalState.DONE, 0L),
            Map.entry(ProposalState.FAILED, 0L));
    assertThat(catchInbox(() -> inbox.accept(PRIORITY_T1, "bob", Map.of())).getMessage())
        .startsWith(
            "[InboxNotPending] the proposal \"triage:task:t1:set_priority\" is running by ann");
    assertThat(propose(desk.priority("triage", "t1", "normal")).byKey())
        .containsExactly(Map.entry(PRIORITY_T1, Disposition.IN_FLIGHT));
    assertThat(catchInbox(() -> inbox.recover(PRIORITY_T1, "bob")).kind())
        .isEqualTo(InboxException.Kind.OUTCOME_UNKNOWN);
    assertThat(desk.applied).hasSize(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "accepted");

    clock.advance(ProposalInbox.DEFAULT_RUN_TIMEOUT);
    assertThat(inbox.settle(PRIORITY_T1, "bob", Settlement.APPLIED, "").done()).isTrue();
    assertThat(desk.applied).hasSize(1);
  }

  /** Stands for the process dying mid-accept: an Error the inbox does not catch. */
  static final class SimulatedCrash extends Error {
    private static final long serialVersionUID = 1L;
  }

  @Test
  void aRunProposalIsReopenedWhenTheAgentAsksAgainAfterTheCoolOff() {
    propose(desk.priority("triage", "t1", "urgent"));
    inbox.accept(PRIORITY_T1, "ann", Map.of());
    desk.priorities.put("t1", "low"); // someone changed it back
    assertThat(propose(desk.priority("triage", "t1", "urgent")).byKey())
        .containsExactly(Map.entry(PRIORITY_T1, Disposition.KEPT_DECIDED));
    clock.advance(Duration.ofHours(24));
    assertThat(propose(desk.priority("triage", "t1", "urgent")).byKey())
        .containsExactly(Map.entry(PRIORITY_T1, Disposition.REOPENED));
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().round()).isEqualTo(2);
  }

  @Test
  void requestsThatCannotBeCarriedOutAreRefusedInOneSentence() {
    propose(desk.priority("triage", "t1", "urgent"), desk.priority("ops", "t2", "urgent"));
    assertThat(
            catchInbox(() -> inbox.accept("triage:task:t9:set_priority", "ann", Map.of()))
                .getMessage())
        .isEqualTo(
            "[InboxNotFound] no proposal has the ask key \"triage:task:t9:set_priority\": list the"
                + " pending ones with pending(InboxQuery.pending())");
    assertThat(catchInbox(() -> inbox.decline(PRIORITY_T1, " ", "no")).getMessage())
        .isEqualTo(
            "[InboxArgument] who decided is blank: pass the person's name or id, which the audit"
                + " trail records for every accept and refusal");
    assertThat(catchInbox(() -> inbox.get(" ")).getMessage())
        .isEqualTo(
            "[InboxArgument] the ask key is blank: pass a proposal's askKey(), such as"
                + " \"triage:project:p1:archive_project\"");
    assertThat(
            catchInbox(() -> inbox.accept("ops:task:t2:set_priority", "ann", Map.of()))
                .getMessage())
        .isEqualTo(
            "[InboxUnknownAgent] the inbox has no agent \"ops\", so it cannot re-verify and run the"
                + " ops of \"ops:task:t2:set_priority\"; register it with"
                + " ProposalInbox.builder(dataSource).agent(InboxAgent.bind(...)) (registered:"
                + " triage)");
    assertThat(catchInbox(() -> InboxQuery.pending().limit(0)).getMessage())
        .isEqualTo(
            "[InboxArgument] the page size is 0: give a limit from 1 to 500 and page on with"
                + " after(page.next())");
    inbox.decline(PRIORITY_T1, "ann", "no");
    assertThat(catchInbox(() -> inbox.decline(PRIORITY_T1, "bob", "no")).getMessage())
        .isEqualTo(
            "[InboxNotPending] the proposal \"triage:task:t1:set_priority\" is declined by ann at"
                + " 2026-11-30T12:00:00Z, so it cannot be declined; only a pending proposal can be"
                + " accepted or declined");
  }

  @Test
  void migratingTwiceIsHarmlessAndSecondInboxSeesTheSameRows() {
    propose(desk.priority("triage", "t1", "urgent"));
    ProposalInbox second = inbox(db, desk, clock);
    assertThat(second.get(PRIORITY_T1)).isPresent();
  }

  @Test
  void concurrentAcceptsOfOneKeyRunItsOpsOnce() throws Exception {
    propose(desk.priority("triage", "t1", "urgent"));
    int threads = 16;
    List<Object> results = race(threads, i -> inbox.accept(PRIORITY_T1, "person" + i, Map.of()));
    assertThat(results).filteredOn(Accepted.class::isInstance).hasSize(1);
    assertThat(results)
        .filteredOn(InboxException.class::isInstance)
        .hasSize(threads - 1)
        .allSatisfy(
            e ->
                assertThat(((InboxException) e).kind()).isEqualTo(InboxException.Kind.NOT_PENDING));
    assertThat(desk.applied).hasSize(1);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "accepted", "ran");
  }

  @Test
  void threadsProposingAndAcceptingOverlappingKeysLeaveOneRowPerKeyAndRunNothingTwice()
      throws Exception {
    int threads = loadThreads();
    int tasks = 8;
    List<Object> results =
        race(
            threads,
            i -> {
              java.util.Random random = new java.util.Random(i);
              int accepted = 0;
              for (int round = 0; round < 6; round++) {
                List<Proposal> batch = new ArrayList<>();
                for (int t = 0; t < tasks; t++) {
                  batch.add(desk.priority("triage", "t" + ((t + i) % tasks), "urgent"));
                }
                inbox.propose(ProposalBatch.of(desk.actions(), desk, batch));
                String key = "triage:task:t" + random.nextInt(tasks) + ":set_priority";
                try {
                  inbox.accept(key, "person" + i, Map.of());
                  accepted++;
                } catch (InboxException e) {
                  if (e.kind() != InboxException.Kind.NOT_PENDING
                      && e.kind() != InboxException.Kind.NOT_FOUND) {
                    throw e;
                  }
                }
              }
              return accepted;
            });
    assertThat(results).allSatisfy(r -> assertThat(r).isInstanceOf(Integer.class));
    int accepts = results.stream().mapToInt(r -> (Integer) r).sum();
    assertThat(accepts).isPositive();
    assertThat(rows("agentkit_proposal")).isEqualTo(tasks);
    for (int t = 0; t < tasks; t++) {
      String key = "triage:task:t" + t + ":set_priority";
      long runs = desk.runs("set_priority", "t" + t);
      assertThat(runs).as("runs of " + key).isLessThanOrEqualTo(1);
      List<String> trail = actions(key);
      assertThat(trail.stream().filter("accepted"::equals).count()).isEqualTo(runs);
      assertThat(trail.stream().filter("ran"::equals).count()).isEqualTo(runs);
      assertThat(trail.stream().filter("proposed"::equals).count()).isEqualTo(1);
      InboxEntry e = inbox.get(key).orElseThrow();
      assertThat(e.state()).isEqualTo(runs == 1 ? ProposalState.DONE : ProposalState.PENDING);
    }
    assertThat(desk.applied).hasSize(accepts);
  }

  @Test
  void opsThatRanButWhoseOutcomeCannotBeWrittenLeaveItRunningUntilSettled() throws SQLException {
    propose(desk.priority("triage", "t1", "urgent"));
    ProposalInbox sabotaged =
        ProposalInbox.builder(db)
            .clock(clock)
            .runTimeout(Duration.ZERO)
            .agent(
                InboxAgent.bind(
                    "triage",
                    desk.source,
                    Desk.uses(),
                    call -> {
                      // The database starts refusing the outcome while the op runs.
                      try (Connection c = db.getConnection();
                          Statement s = c.createStatement()) {
                        s.execute(
                            "ALTER TABLE agentkit_proposal ADD CONSTRAINT no_done"
                                + " CHECK (state <> 'done')");
                      }
                      return desk.apply(call);
                    }))
            .build();
    InboxException e = catchInbox(() -> sabotaged.accept(PRIORITY_T1, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.OUTCOME_UNRECORDED);
    assertThat(e.getMessage())
        .startsWith(
            "[InboxOutcomeUnrecorded] the ops of \"triage:task:t1:set_priority\" ran (op 0"
                + " (set_priority) done: priority urgent) but the outcome could not be written, so"
                + " the proposal stays running and nothing more of it runs: settle it with"
                + " settle(\"triage:task:t1:set_priority\", by, Settlement.APPLIED, note), since op 0"
                + " (set_priority) was done\n  - [InboxDatabase] the inbox could not record the"
                + " outcome of \"triage:task:t1:set_priority\": a constraint on the inbox's tables"
                + " refused a row (SQL state 2351");
    assertThat(e.getMessage()).doesNotContain("\tat ");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.RUNNING);
    assertThat(desk.applied).hasSize(1);

    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute("ALTER TABLE agentkit_proposal DROP CONSTRAINT no_done");
    }
    assertThat(sabotaged.settle(PRIORITY_T1, "ann", Settlement.APPLIED, "it ran").done()).isTrue();
    assertThat(desk.applied).hasSize(1);
  }

  ProposalInbox overseen(Oversight oversight) {
    return ProposalInbox.builder(db)
        .clock(clock)
        .agent(
            InboxAgent.bind("triage", desk.source, Desk.uses(), desk::apply)
                .oversight(oversight)
                .oversight("archive_project", Oversight.approvers(1, "boss")))
        .build();
  }

  @Test
  void twoOfThreeApproversMustAcceptBeforeTheOpsRun() {
    ProposalInbox two = overseen(Oversight.approvers(2, "ann", "bob", "carol"));
    two.propose(
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent"))));
    assertThat(catchInbox(() -> two.accept(PRIORITY_T1, "dave", Map.of())).getMessage())
        .isEqualTo(
            "[InboxNotApprover] dave may not approve \"triage:task:t1:set_priority\": its"
                + " oversight needs 2 approvals from ann, bob, carol");
    assertThat(catchInbox(() -> two.decline(PRIORITY_T1, "dave", "no")).kind())
        .isEqualTo(InboxException.Kind.NOT_APPROVER);

    Accepted first = two.accept(PRIORITY_T1, "ann", Map.of());
    assertThat(first.waiting()).isTrue();
    assertThat(first.approvalsMissing()).isEqualTo(1);
    assertThat(first.entry().state()).isEqualTo(ProposalState.PENDING);
    assertThat(desk.applied).isEmpty();
    assertThat(catchInbox(() -> two.accept(PRIORITY_T1, "ann", Map.of())).getMessage())
        .isEqualTo(
            "[InboxAlreadyApproved] ann already approved \"triage:task:t1:set_priority\", which"
                + " waits for the rest of 2 approvals from ann, bob, carol");

    Accepted second = two.accept(PRIORITY_T1, "bob", Map.of());
    assertThat(second.done()).isTrue();
    assertThat(second.approvalsMissing()).isZero();
    assertThat(desk.applied).hasSize(1);
    assertThat(two.history(PRIORITY_T1))
        .extracting(AuditEvent::action, AuditEvent::actor)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("proposed", "triage"),
            org.assertj.core.groups.Tuple.tuple("approved", "ann"),
            org.assertj.core.groups.Tuple.tuple("accepted", "bob"),
            org.assertj.core.groups.Tuple.tuple("ran", "bob"));
    assertThat(two.history(PRIORITY_T1).get(1).outcome())
        .isEqualTo("1 of 2 approvals from ann, bob, carol, of version 1");
  }

  @Test
  void oversightPerOpcodeWinsOverTheAgents() {
    ProposalInbox o = overseen(Oversight.anyone());
    o.propose(
        ProposalBatch.of(
            desk.actions(), desk, List.of(desk.archive("triage", "p1", "2027-01-01"))));
    assertThat(catchInbox(() -> o.accept(ARCHIVE_P1, "ann", Map.of())).kind())
        .isEqualTo(InboxException.Kind.NOT_APPROVER);
    assertThat(o.accept(ARCHIVE_P1, "boss", Map.of()).done()).isTrue();
  }

  @Test
  void atTheDeadlineTheSweepDeclinesAndNothingRuns() {
    ProposalInbox o = overseen(Oversight.anyone().deadline(Duration.ofHours(1)));
    o.propose(
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent"))));
    assertThat(o.get(PRIORITY_T1).orElseThrow().deadline())
        .contains(Instant.parse("2026-11-30T13:00:00Z"));
    clock.advance(Duration.ofMinutes(59));
    assertThat(o.sweep().byKey()).isEmpty();
    clock.advance(Duration.ofMinutes(1));
    assertThat(o.sweep().byKey())
        .containsExactly(Map.entry(PRIORITY_T1, SweepReport.Expired.DECLINED));
    InboxEntry e = o.get(PRIORITY_T1).orElseThrow();
    assertThat(e.state()).isEqualTo(ProposalState.DECLINED);
    assertThat(e.decision().orElseThrow().by()).isEqualTo(ProposalInbox.EXPIRY_ACTOR);
    assertThat(e.decision().orElseThrow().reason()).isEqualTo("no decision before the deadline");
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "expired");
    assertThat(o.sweep().byKey()).isEmpty();
    assertThat(desk.applied).isEmpty();
  }

  @Test
  void escalationHandsItToAnotherSetThenDeclines() {
    ProposalInbox o =
        overseen(
            Oversight.approvers(1, "ann")
                .deadline(Duration.ofHours(1))
                .onExpiryEscalate(1, "boss"));
    o.propose(
        ProposalBatch.of(
            desk.actions(),
            desk,
            List.of(
                desk.priority("triage", "t1", "urgent"), desk.priority("triage", "t2", "urgent"))));
    clock.advance(Duration.ofHours(1));
    assertThat(o.sweep().byKey())
        .containsExactly(
            Map.entry(PRIORITY_T1, SweepReport.Expired.ESCALATED),
            Map.entry("triage:task:t2:set_priority", SweepReport.Expired.ESCALATED));
    InboxEntry e = o.get(PRIORITY_T1).orElseThrow();
    assertThat(e.escalated()).isTrue();
    assertThat(e.deadline()).contains(Instant.parse("2026-11-30T14:00:00Z"));
    assertThat(catchInbox(() -> o.accept(PRIORITY_T1, "ann", Map.of())).getMessage())
        .isEqualTo(
            "[InboxNotApprover] ann may not approve \"triage:task:t1:set_priority\": its"
                + " oversight needs 1 approval from boss (escalated)");
    assertThat(o.accept(PRIORITY_T1, "boss", Map.of()).done()).isTrue();
    clock.advance(Duration.ofHours(1));
    assertThat(o.sweep().byKey())
        .containsExactly(Map.entry("triage:task:t2:set_priority", SweepReport.Expired.DECLINED));
    assertThat(actions("triage:task:t2:set_priority"))
        .containsExactly("proposed", "escalated", "expired");
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void keepLeavesItPendingWithNoDeadline() {
    ProposalInbox o = overseen(Oversight.anyone().deadline(Duration.ofHours(1)).onExpiryKeep());
    o.propose(
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent"))));
    clock.advance(Duration.ofHours(2));
    assertThat(o.sweep().byKey()).containsExactly(Map.entry(PRIORITY_T1, SweepReport.Expired.KEPT));
    InboxEntry e = o.get(PRIORITY_T1).orElseThrow();
    assertThat(e.state()).isEqualTo(ProposalState.PENDING);
    assertThat(e.deadline()).isEmpty();
    clock.advance(Duration.ofHours(2));
    assertThat(o.sweep().byKey()).isEmpty();
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed", "kept");
    assertThat(inbox.history(PRIORITY_T1).get(1).outcome())
        .isEqualTo("past its deadline; kept pending, no deadline");
  }

  @Test
  void concurrentApprovalsOfTwoOfManyRunTheOpsOnce() throws Exception {
    ProposalInbox two =
        overseen(Oversight.approvers(2, "p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7"));
    two.propose(
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent"))));
    List<Object> results = race(8, i -> two.accept(PRIORITY_T1, "p" + i, Map.of()));
    assertThat(results).filteredOn(r -> r instanceof Accepted a && a.done()).hasSize(1);
    assertThat(results).filteredOn(r -> r instanceof Accepted a && a.waiting()).hasSize(1);
    assertThat(results)
        .filteredOn(r -> r instanceof Accepted a && a.waiting())
        .allSatisfy(
            r -> assertThat(((Accepted) r).entry().state()).isEqualTo(ProposalState.PENDING));
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void theBacklogCountsWhatWaitsSinceWhenAndWhatIsStrandedPerAgentOrInAll() throws Exception {
    Instant first = clock.instant();
    propose(desk.priority("triage", "t1", "urgent"));
    clock.advance(Duration.ofMinutes(10));
    propose(desk.priority("triage", "t2", "urgent"), desk.priority("ops", "t3", "urgent"));
    clock.advance(Duration.ofMinutes(5));

    InboxBacklog all = inbox.backlog();
    assertThat(all.pending()).isEqualTo(3);
    assertThat(all.inFlight()).isZero();
    assertThat(all.stranded()).isZero();
    assertThat(all.oldestPending()).contains(first);
    assertThat(all.oldestPendingAge()).contains(Duration.ofMinutes(15));
    assertThat(all.counts()).containsEntry(ProposalState.DONE, 0L).hasSize(6);
    InboxBacklog ops = inbox.backlog("ops");
    assertThat(ops.pending()).isEqualTo(1);
    assertThat(ops.oldestPendingAge()).contains(Duration.ofMinutes(5));
    assertThat(inbox.backlog("nobody").oldestPending()).isEmpty();

    // An accept claimed and never started, as a process that died after its claim leaves it.
    execute(
        "UPDATE agentkit_proposal SET state = 'accepted', run_token = 'lost', updated_at = "
            + "CURRENT_TIMESTAMP WHERE ask_key = '"
            + PRIORITY_T1
            + "'");
    execute(
        "UPDATE agentkit_proposal SET updated_at = ? WHERE ask_key = '" + PRIORITY_T1 + "'",
        clock.instant());
    InboxBacklog claimed = inbox.backlog("triage");
    assertThat(claimed.pending()).isEqualTo(1);
    assertThat(claimed.inFlight()).isEqualTo(1);
    assertThat(claimed.stranded()).isZero();
    assertThat(claimed.oldestPendingAge()).contains(Duration.ofMinutes(5));
    clock.advance(ProposalInbox.DEFAULT_RUN_TIMEOUT.plusSeconds(1));
    assertThat(inbox.backlog("triage").stranded()).isEqualTo(1);
    assertThat(inbox.backlog("ops").stranded()).isZero();
    assertThat(inbox.backlog().stranded()).isEqualTo(1);
  }

  @Test
  void anInboxBuiltWithoutMigratingNeedsTheMigrationsRunFirst() {
    DataSource fresh = newDatabase();
    ProposalInbox bare = ProposalInbox.builder(fresh).migrate(false).build();
    InboxException e = catchInbox(bare::backlog);
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DATABASE);
    assertThat(e.getMessage())
        .startsWith("[InboxDatabase] the inbox could not read the backlog:")
        .contains("a table or column the inbox needs is missing or different");
    ProposalInbox.migrate(fresh);
    ProposalInbox.migrate(fresh); // a current schema is left as it is
    assertThat(bare.backlog().pending()).isZero();
  }

  @Test
  void anAcceptAgainstALiveAgentPausedOnDriftIsRefusedAsDrift() throws Exception {
    dev.agentkit.source.CachedContract cache =
        dev.agentkit.source.CachedContract.builder(desk.source)
            .ttl(Duration.ofMillis(50))
            .maxStaleness(Duration.ofHours(1))
            .build();
    dev.agentkit.LiveAgent<Desk> live = liveAgent(cache);
    ProposalInbox overLive =
        ProposalInbox.builder(db)
            .clock(clock)
            .agent(InboxAgent.live("triage", live::acts, desk::apply))
            .build();
    propose(desk.priority("triage", "t1", "normal"));
    desk.contract.set(Desk.contract()); // the backend drops "urgent", which the agent was built on
    awaitState(live, dev.agentkit.LiveAgent.State.PAUSED_ON_DRIFT);

    InboxException e = catchInbox(() -> overLive.accept(PRIORITY_T1, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DRIFT);
    assertThat(e.getMessage())
        .startsWith(
            "[InboxDrift] the proposal \"triage:task:t1:set_priority\" was not accepted: its agent"
                + " is paused: its acts no longer bind against the live contract, so nothing ran"
                + " and it stays pending");
    assertThat(String.join("\n", e.problems())).contains("enum-value-removed");
    assertThat(desk.applied).isEmpty();
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
  }

  @Test
  void anAcceptAgainstALiveAgentWhoseSourceIsStaleIsRefusedAsSourceUnavailable() throws Exception {
    dev.agentkit.source.CachedContract cache =
        dev.agentkit.source.CachedContract.builder(desk.source)
            .ttl(Duration.ofMillis(50))
            .maxStaleness(Duration.ofMillis(200))
            .build();
    dev.agentkit.LiveAgent<Desk> live = liveAgent(cache);
    ProposalInbox overLive =
        ProposalInbox.builder(db)
            .clock(clock)
            .agent(InboxAgent.live("triage", live::acts, desk::apply))
            .build();
    propose(desk.priority("triage", "t1", "normal"));
    desk.down.set(true);
    awaitState(live, dev.agentkit.LiveAgent.State.SOURCE_STALE);

    InboxException e = catchInbox(() -> overLive.accept(PRIORITY_T1, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.SOURCE_UNAVAILABLE);
    assertThat(String.join("\n", e.problems()))
        .contains("is paused because its contract source is stale");
    assertThat(desk.applied).isEmpty();
  }

  @Test
  void anAcceptObserverWrapsEachAcceptAndTheRunnerRunsInsideIt() {
    List<String> seen = new ArrayList<>();
    ThreadLocal<Boolean> inside = ThreadLocal.withInitial(() -> false);
    List<Boolean> ranInside = new ArrayList<>();
    ProposalInbox observed =
        ProposalInbox.builder(db)
            .clock(clock)
            .migrate(false)
            .agent(
                InboxAgent.bind(
                    "triage",
                    desk.source,
                    Desk.uses(),
                    call -> {
                      ranInside.add(inside.get());
                      return desk.apply(call);
                    }))
            .acceptObserver(
                (entry, by, accept) -> {
                  inside.set(true);
                  try {
                    Accepted a = accept.get();
                    seen.add(entry.askKey() + " by " + by + ": " + a.entry().state());
                    return a;
                  } catch (InboxException e) {
                    seen.add(entry.askKey() + " by " + by + ": " + e.kind());
                    throw e;
                  } finally {
                    inside.set(false);
                  }
                })
            .build();
    propose(desk.priority("triage", "t1", "urgent"), desk.archive("triage", "p1", null));

    assertThat(observed.accept(PRIORITY_T1, "ann", Map.of()).done()).isTrue();
    assertThat(catchInbox(() -> observed.accept(ARCHIVE_P1, "bob", Map.of())).kind())
        .isEqualTo(InboxException.Kind.SLOT);
    assertThat(seen).containsExactly(PRIORITY_T1 + " by ann: DONE", ARCHIVE_P1 + " by bob: SLOT");
    assertThat(ranInside).containsExactly(true);
    assertThat(catchInbox(() -> observed.accept(PRIORITY_T1, "ann", Map.of())).kind())
        .isEqualTo(InboxException.Kind.NOT_PENDING);
    assertThat(seen).hasSize(2); // refused before the proposal was read as pending: not observed
  }

  private dev.agentkit.LiveAgent<Desk> liveAgent(dev.agentkit.source.CachedContract cache) {
    dev.agentkit.contract.Contract compiled = desk.contract.get();
    return dev.agentkit.LiveAgent.bind(
        new dev.agentkit.CompiledAgent("Triage", compiled, compiled.digest()),
        cache,
        Desk.uses(),
        dev.agentkit.drift.DriftPolicy.failOnBreaking(),
        java.time.Clock.systemUTC());
  }

  private static void awaitState(dev.agentkit.LiveAgent<?> live, dev.agentkit.LiveAgent.State s)
      throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (live.state() != s) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the live agent never became " + s + "; it is " + live.state());
      }
      Thread.sleep(20);
    }
  }

  private void execute(String sql, Object... values) throws SQLException {
    try (Connection c = db.getConnection();
        java.sql.PreparedStatement s = c.prepareStatement(sql)) {
      for (int i = 0; i < values.length; i++) {
        s.setObject(
            i + 1,
            values[i] instanceof Instant at ? at.atOffset(java.time.ZoneOffset.UTC) : values[i]);
      }
      s.executeUpdate();
    }
  }
}
