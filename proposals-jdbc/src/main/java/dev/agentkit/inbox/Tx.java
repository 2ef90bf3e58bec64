package dev.agentkit.inbox;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;

/**
 * Runs work in one transaction, retrying the whole transaction when a concurrent writer got in the
 * way (a duplicate key from a racing insert, a serialization failure, a deadlock, a lock timeout).
 */
final class Tx {
  /** SQL states that mean "a concurrent transaction interfered; run it again". */
  private static final Set<String> RETRYABLE =
      Set.of(
          "23505", // unique violation: a racing insert of the same key (H2 and PostgreSQL)
          "40001", // serialization failure / H2 deadlock
          "40P01", // PostgreSQL deadlock
          "55P03", // PostgreSQL lock not available
          "HYT00", // H2 lock timeout
          "90131"); // H2 concurrent update

  private static final int ATTEMPTS = 30;

  @FunctionalInterface
  interface Work<T> {
    T run(Connection c) throws SQLException;
  }

  private final DataSource dataSource;

  Tx(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /** Runs the work and commits; {@code what} completes "the inbox could not ..." in errors. */
  <T> T run(String what, Work<T> work) {
    for (int attempt = 1; ; attempt++) {
      try {
        return once(work);
      } catch (SQLException e) {
        if (!retryable(e)) {
          throw database(what, e);
        }
        if (attempt == ATTEMPTS) {
          throw new InboxException(
              InboxException.Kind.BUSY,
              "the inbox could not "
                  + what
                  + ": concurrent writers conflicted on all "
                  + ATTEMPTS
                  + " attempts (SQL state "
                  + SqlFailure.state(e)
                  + "); retry later, or give the DataSource more connections",
              java.util.List.of(),
              null);
        }
        backoff(attempt);
      }
    }
  }

  private <T> T once(Work<T> work) throws SQLException {
    Connection c = connect();
    try {
      begin(c);
      T result = work.run(c);
      commit(c);
      return result;
    } catch (SQLException | RuntimeException | Error e) {
      rollback(c);
      throw e;
    } finally {
      close(c);
    }
  }

  private Connection connect() throws SQLException {
    try {
      return dataSource.getConnection();
    } catch (SQLException e) {
      throw SqlFailure.of("connect", e);
    }
  }

  private static void begin(Connection c) throws SQLException {
    try {
      c.setAutoCommit(false);
    } catch (SQLException e) {
      throw SqlFailure.of("begin", e);
    }
  }

  private static void commit(Connection c) throws SQLException {
    try {
      c.commit();
    } catch (SQLException e) {
      throw SqlFailure.of("commit", e);
    }
  }

  /** Closes the connection; a failure to is dropped, since the work is committed or rolled back. */
  private static void close(Connection c) {
    try {
      c.close();
    } catch (SQLException ignored) {
      // Nothing is left to lose: the transaction ended before.
    }
  }

  /** Rolls back; a failure to is dropped, since the first failure is the one to report. */
  private static void rollback(Connection c) {
    try {
      c.rollback();
    } catch (SQLException ignored) {
      // The connection is broken; closing it discards the transaction.
    }
  }

  static boolean retryable(SQLException e) {
    return RETRYABLE.contains(SqlFailure.state(e));
  }

  private static void backoff(int attempt) {
    long maxMillis = Math.min(50, 2L * attempt);
    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1, maxMillis + 1) * 1_000_000L);
  }

  /** The failure in words without the driver's text (see {@link SqlFailure}). */
  static InboxException database(String what, SQLException e) {
    SqlFailure safe = SqlFailure.of("", e);
    return new InboxException(
        InboxException.Kind.DATABASE,
        "the inbox could not "
            + what
            + ": "
            + safe.getMessage()
            + "; check that the DataSource reaches the database and that the inbox's migrations"
            + " ran",
        java.util.List.of(),
        safe);
  }
}
