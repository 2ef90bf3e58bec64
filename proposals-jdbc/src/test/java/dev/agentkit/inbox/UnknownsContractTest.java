package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the inbox does when the world around it is not what it expects: a contract source that does
 * not answer, an inbox sharing the database without the agent registered, a row this version cannot
 * read. Run on H2 and on PostgreSQL by {@link H2UnknownsTest} and {@link PostgresUnknownsTest}.
 */
abstract class UnknownsContractTest extends InboxSuite {

  @Test
  void anUnreachableSourceAtAcceptIsReportedAsSuchNotAsDrift() {
    propose(desk.priority("triage", "t1", "urgent"));
    desk.down.set(true);
    InboxException e = catchInbox(() -> inbox.accept(PRIORITY_T1, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.SOURCE_UNAVAILABLE);
    assertThat(e.getMessage())
        .startsWith(
            "[InboxSourceUnavailable] the proposal \"triage:task:t1:set_priority\" was not"
                + " accepted: its agent's live contract could not be had, so nothing was verified"
                + " and nothing ran; it stays pending: accept it again once the contract source"
                + " answers\n  - ");
    assertThat(e.problems())
        .singleElement()
        .asString()
        .startsWith(
            "[ContractUnavailable] cannot bind without the backend contract from the test desk"
                + " (the test desk is down)");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
    AuditEvent refused = inbox.history(PRIORITY_T1).get(1);
    assertThat(refused.action()).isEqualTo("refused");
    assertThat(refused.outcome()).isEqualTo(e.getMessage());
    assertThat(refused.contractDigest()).isEmpty(); // no contract was had, so none is named

    desk.down.set(false);
    assertThat(inbox.accept(PRIORITY_T1, "ann", Map.of()).done()).isTrue();
  }

  @Test
  void aHostBindingThatThrowsIsReportedAsTheLiveActsUnavailable() {
    propose(desk.priority("triage", "t1", "urgent"));
    ProposalInbox broken =
        ProposalInbox.builder(db)
            .clock(clock)
            .agent(
                InboxAgent.live(
                    "triage",
                    () -> {
                      throw new IllegalStateException("the host's binding broke");
                    },
                    desk::apply))
            .build();
    InboxException e = catchInbox(() -> broken.accept(PRIORITY_T1, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.SOURCE_UNAVAILABLE);
    assertThat(e.problems())
        .containsExactly(
            "the agent's binding threw IllegalStateException: the host's binding broke");
    assertThat(inbox.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
  }

  @Test
  void anInboxWithoutTheAgentRefusesToDecideRatherThanSkipTheApproverCheck() {
    ProposalInbox overseen =
        ProposalInbox.builder(db)
            .clock(clock)
            .agent(
                InboxAgent.bind("triage", desk.source, Desk.uses(), desk::apply)
                    .oversight(Oversight.approvers(1, "ann")))
            .build();
    overseen.propose(
        ProposalBatch.of(desk.actions(), desk, List.of(desk.priority("triage", "t1", "urgent"))));
    ProposalInbox bare = ProposalInbox.builder(db).clock(clock).build();
    assertThat(catchInbox(() -> bare.decline(PRIORITY_T1, "mallory", "no")).getMessage())
        .isEqualTo(
            "[InboxUnknownAgent] the inbox has no agent \"triage\", so it cannot check who may"
                + " decline \"triage:task:t1:set_priority\"; register it with"
                + " ProposalInbox.builder(dataSource).agent(InboxAgent.bind(...))");
    assertThat(catchInbox(() -> bare.accept(PRIORITY_T1, "mallory", Map.of())).kind())
        .isEqualTo(InboxException.Kind.UNKNOWN_AGENT);
    assertThat(overseen.get(PRIORITY_T1).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
    assertThat(actions(PRIORITY_T1)).containsExactly("proposed");
    assertThat(desk.applied).isEmpty();
  }

  @Test
  void anInboxWithoutTheAgentRefusesEveryStepThatNeedsIt() {
    propose(desk.budget("p1", "100"));
    InboxEntry shown = inbox.get("triage:project:p1:set_budget").orElseThrow();
    propose(desk.budget("p1", "200"));
    ProposalInbox bare = ProposalInbox.builder(db).clock(clock).build();
    assertThat(catchInbox(() -> bare.accept(shown, "ann", Map.of())).getMessage())
        .isEqualTo(
            "[InboxUnknownAgent] the inbox has no agent \"triage\", so it cannot check who may"
                + " approve \"triage:project:p1:set_budget\"; register it with"
                + " ProposalInbox.builder(dataSource).agent(InboxAgent.bind(...))");
    assertThat(catchInbox(() -> bare.recover("triage:project:p1:set_budget", "ann")).getMessage())
        .isEqualTo(
            "[InboxNotInFlight] the proposal \"triage:project:p1:set_budget\" is pending, so there"
                + " is nothing to recover or settle: only an accepted or running proposal is in"
                + " flight");
  }

  @Test
  void aRowWithAStateThisVersionDoesNotKnowIsListedAsUnreadable() throws SQLException {
    propose(desk.priority("triage", "t1", "urgent"));
    try (Connection c = db.getConnection();
        java.sql.Statement s = c.createStatement()) {
      s.execute("ALTER TABLE agentkit_proposal DROP CONSTRAINT agentkit_proposal_state_check");
    }
    corrupt(PRIORITY_T1, "state", "paused");
    assertThat(catchInbox(() -> inbox.get(PRIORITY_T1)).getMessage())
        .isEqualTo(
            "[InboxUnreadable] the proposal \"triage:task:t1:set_priority\" cannot be read: its"
                + " state is \"paused\", which this version of the inbox does not know (known:"
                + " pending, declined, accepted, running, done, failed); it was likely written by"
                + " another version of agentkit: read and decide it with that version, or repair"
                + " the row");
  }

  private void corrupt(String key, String column, String value) throws SQLException {
    try (Connection c = db.getConnection();
        PreparedStatement s =
            c.prepareStatement(
                "UPDATE agentkit_proposal SET " + column + " = ? WHERE ask_key = ?")) {
      s.setString(1, value);
      s.setString(2, key);
      assertThat(s.executeUpdate()).isEqualTo(1);
    }
  }

  @Test
  void aRowWithAnUnknownArchetypeIsListedAsUnreadableAndThePageGoesOn() throws SQLException {
    propose(
        desk.priority("triage", "t1", "urgent"),
        desk.priority("triage", "t2", "urgent"),
        desk.archive("triage", "p1", "2027-01-01"));
    corrupt(PRIORITY_T1, "archetype", "poll");
    String problem =
        "[InboxUnreadable] the proposal \"triage:task:t1:set_priority\" cannot be read: its"
            + " archetype is \"poll\", which this version of the inbox does not know (known:"
            + " draft, input); it was likely written by another version of agentkit: read and"
            + " decide it with that version, or repair the row";

    InboxPage page = inbox.pending(InboxQuery.pending());
    assertThat(keys(page)).containsExactly(ARCHIVE_P1, "triage:task:t2:set_priority");
    assertThat(page.unreadable()).containsExactly(new InboxPage.Unreadable(PRIORITY_T1, problem));
    assertThat(catchInbox(() -> inbox.get(PRIORITY_T1)).getMessage()).isEqualTo(problem);

    // Paging steps over the row it cannot read.
    InboxPage first = inbox.pending(InboxQuery.pending().limit(2));
    assertThat(keys(first)).containsExactly(ARCHIVE_P1);
    assertThat(first.unreadable())
        .extracting(InboxPage.Unreadable::askKey)
        .containsExactly(PRIORITY_T1);
    InboxPage second =
        inbox.pending(InboxQuery.pending().limit(2).after(first.next().orElseThrow()));
    assertThat(keys(second)).containsExactly("triage:task:t2:set_priority");
    assertThat(second.unreadable()).isEmpty();
  }

  @Test
  void aRowWhoseOpsAreNotTheInboxsJsonIsListedAsUnreadable() throws SQLException {
    propose(desk.priority("triage", "t1", "urgent"), desk.priority("triage", "t2", "urgent"));
    corrupt(PRIORITY_T1, "ops_json", "{\"not\": \"a list\"}");
    InboxPage page = inbox.pending(InboxQuery.pending());
    assertThat(keys(page)).containsExactly("triage:task:t2:set_priority");
    assertThat(page.unreadable())
        .containsExactly(
            new InboxPage.Unreadable(
                PRIORITY_T1,
                "[InboxUnreadable] the proposal \"triage:task:t1:set_priority\" cannot be read: its"
                    + " ops_json column does not hold the JSON this version of the inbox writes; it"
                    + " was likely written by another version of agentkit: read and decide it with"
                    + " that version, or repair the row"));
    assertThat(catchInbox(() -> inbox.decline(PRIORITY_T1, "ann", "no")).kind())
        .isEqualTo(InboxException.Kind.UNREADABLE);
  }
}
