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
                  + e.getSQLState()
                  + "); retry later, or give the DataSource more connections",
              java.util.List.of(),
              null);
        }
        backoff(attempt);
      }
    }
  }

  private <T> T once(Work<T> work) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      c.setAutoCommit(false);
      try {
        T result = work.run(c);
        c.commit();
        return result;
      } catch (SQLException | RuntimeException | Error e) {
        rollback(c, e);
        throw e;
      }
    }
  }

  private static void rollback(Connection c, Throwable cause) {
    try {
      c.rollback();
    } catch (SQLException suppressed) {
      cause.addSuppressed(suppressed);
    }
  }

  static boolean retryable(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s
          && s.getSQLState() != null
          && RETRYABLE.contains(s.getSQLState())) {
        return true;
      }
    }
    return false;
  }

  private static void backoff(int attempt) {
    long maxMillis = Math.min(50, 2L * attempt);
    LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1, maxMillis + 1) * 1_000_000L);
  }

  static InboxException database(String what, SQLException e) {
    String state = e.getSQLState() == null ? "" : " (SQL state " + e.getSQLState() + ")";
    String message = firstLine(Redact.secrets(e.getMessage()));
    return new InboxException(
        InboxException.Kind.DATABASE,
        "the inbox could not "
            + what
            + ": "
            + message
            + state
            + "; check that the DataSource reaches the database and that the inbox's migrations"
            + " ran",
        java.util.List.of(),
        e);
  }

  private static String firstLine(String text) {
    int nl = text.indexOf('\n');
    return (nl < 0 ? text : text.substring(0, nl)).strip();
  }
}
