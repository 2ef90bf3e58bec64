package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.testing.EmbeddedPostgresServer;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The fault cases on a real PostgreSQL server (sessions killed with {@code pg_terminate_backend}),
 * and two of PostgreSQL's own: a trigger makes the server terminate the very backend that is moving
 * the proposal to a state, in the middle of the statement. The proposal is left either pending
 * (killed while claiming) or running with its op run once (killed while recording the outcome),
 * never half.
 */
class PostgresFaultTest extends FaultsContractTest {
  private static final String KEY = InboxContractTest.PRIORITY_T1;

  @Override
  DataSource newDatabase() {
    return EmbeddedPostgresServer.freshDatabase("inbox");
  }

  @Override
  FaultyDataSource.Sessions sessions() {
    return new FaultyDataSource.Sessions() {
      @Override
      public int id(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
            java.sql.ResultSet r = s.executeQuery("SELECT pg_backend_pid()")) {
          r.next();
          return r.getInt(1);
        }
      }

      @Override
      public void kill(Connection killer, int id) throws SQLException {
        try (Statement s = killer.createStatement()) {
          s.executeQuery("SELECT pg_terminate_backend(" + id + ")").close();
        }
      }
    };
  }

  /** Another connection terminates every other server process of the database. */
  @Override
  KillLoop killLoop() throws SQLException {
    Connection killer = db.getConnection();
    Statement kill = killer.createStatement();
    return new KillLoop() {
      @Override
      public DataSource dataSource() {
        return db;
      }

      @Override
      public int killAll() throws SQLException {
        int n = 0;
        try (java.sql.ResultSet r =
            kill.executeQuery(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    + " WHERE datname = current_database() AND pid <> pg_backend_pid()")) {
          while (r.next()) {
            n += r.getBoolean(1) ? 1 : 0;
          }
        }
        return n;
      }

      @Override
      public void close() {
        try {
          killer.close();
        } catch (SQLException ignored) {
          // the test is over
        }
      }
    };
  }

  private void proposeKey() {
    propose(desk.priority("triage", "t1", "urgent"));
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
  void killedInTheClaimStatementLeavesItPendingAndNothingRan() throws Exception {
    proposeKey();
    killConnectionsWriting("accepted");
    InboxException e = InboxContractTest.catchInbox(() -> inbox.accept(KEY, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DATABASE);
    assertThat(e.getMessage())
        .isEqualTo(
            "[InboxDatabase] the inbox could not accept \"triage:task:t1:set_priority\": the"
                + " database server ended the connection (SQL state 57P01, statement \"claim the"
                + " proposal\"); check that the DataSource reaches the database and that the"
                + " inbox's migrations ran");
    assertThat(desk.applied).isEmpty();
    assertThat(inbox.get(KEY).orElseThrow().state()).isEqualTo(ProposalState.PENDING);

    heal();
    assertThat(inbox.accept(KEY, "ann", Map.of()).done()).isTrue();
    assertThat(desk.applied).hasSize(1);
  }

  @Test
  void killedInTheOutcomeStatementLeavesItRunningAndRanOnce() throws Exception {
    proposeKey();
    killConnectionsWriting("done");
    InboxException e = InboxContractTest.catchInbox(() -> inbox.accept(KEY, "ann", Map.of()));
    assertThat(e.kind()).isEqualTo(InboxException.Kind.OUTCOME_UNRECORDED);
    assertThat(e.problems())
        .containsExactly(
            "[InboxDatabase] the inbox could not record the outcome of"
                + " \"triage:task:t1:set_priority\": the database server ended the connection (SQL"
                + " state 57P01, statement \"record the outcome\"); check that the DataSource"
                + " reaches the database and that the inbox's migrations ran");
    assertThat(desk.applied).hasSize(1);
    assertThat(inbox.get(KEY).orElseThrow().state()).isEqualTo(ProposalState.RUNNING);

    heal();
    assertThat(InboxContractTest.catchInbox(() -> inbox.accept(KEY, "bob", Map.of())).kind())
        .isEqualTo(InboxException.Kind.NOT_PENDING);
    assertThat(desk.applied).hasSize(1);
  }
}
