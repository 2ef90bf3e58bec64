package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A connection killed mid-accept, on a real PostgreSQL server: a trigger makes the server terminate
 * the very backend that is moving the proposal to a state. The proposal is left either pending
 * (killed while claiming) or accepted with its ops run once (killed while recording the outcome),
 * never half.
 */
class PostgresFaultTest {
  private static final String KEY = InboxContractTest.PRIORITY_T1;

  private Desk desk;
  private DataSource db;
  private ProposalInbox inbox;

  @BeforeEach
  void setUp() {
    desk = new Desk();
    db = EmbeddedPostgresServer.freshDatabase();
    inbox = InboxContractTest.inbox(db, desk, Clock.systemUTC());
    inbox.propose(
        ProposalBatch.of(
            desk.actions(), desk, java.util.List.of(desk.priority("triage", "t1", "urgent"))));
  }

  /** Installs a trigger that kills the connection writing {@code state}. */
  private void killConnectionsWriting(String state) throws SQLException {
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          "CREATE OR REPLACE FUNCTION agentkit_test_kill() RETURNS trigger AS $$ BEGIN"
              + " PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW; END $$"
              + " LANGUAGE plpgsql");
      s.execute(
          "CREATE TRIGGER agentkit_test_kill BEFORE UPDATE ON agentkit_proposal FOR EACH ROW"
              + " WHEN (NEW.state = '"
              + state
              + "') EXECUTE FUNCTION agentkit_test_kill()");
    }
  }

  private void heal() throws SQLException {
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute("DROP TRIGGER agentkit_test_kill ON agentkit_proposal");
    }
  }

  @Test
  void killedWhileClaimingLeavesItPendingAndNothingRan() throws Exception {
    killConnectionsWriting("accepted");
    InboxException e = InboxContractTest.catchInbox(() -> inbox.accept(KEY, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DATABASE);
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxDatabase] the inbox could not accept \"triage:task:t1:set_priority\": the"
                + " database server ended the connection (SQL state 57P01, statement \"decide the"
                + " proposal\"); check that the DataSource reaches the database and that the"
                + " inbox's migrations ran");
    assertThat(desk.applied).isEmpty();
    assertThat(inbox.get(KEY).orElseThrow().state()).isEqualTo(ProposalState.PENDING);

    heal();
    assertThat(inbox.accept(KEY, "ann", Map.of()).done()).isTrue();
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void killedWhileRecordingTheOutcomeLeavesItAcceptedAndRanOnce() throws Exception {
    killConnectionsWriting("done");
    InboxException e = InboxContractTest.catchInbox(() -> inbox.accept(KEY, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.OUTCOME_UNRECORDED);
    assertThat(desk.applied).hasSize(1);
    assertThat(inbox.get(KEY).orElseThrow().state()).isEqualTo(ProposalState.ACCEPTED);

    heal();
    assertThat(InboxContractTest.catchInbox(() -> inbox.accept(KEY, "bob", Map.of())).kind())
        .isEqualTo(InboxException.Kind.NOT_PENDING);
    assertThat(desk.applied).hasSize(1);
  }
}
