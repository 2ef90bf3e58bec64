package dev.agentkit.inbox;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;

/**
 * Runs work in one transaction. A transaction a concurrent writer got in the way of (a duplicate
 * key from a racing insert, a serialization failure, a deadlock, a lock timeout) is run again, up
 * to {@value #ATTEMPTS} times. One the database failed for a transient reason ({@link
 * TransientRetry}) is run again when it certainly did not commit: it failed before its commit, or
 * its commit failed and its {@link ReadBack} finds its writes absent. When the read-back finds
 * them, the work's result stands; when it cannot tell, the failure is reported.
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

  /**
   * Whether a write transaction whose commit failed is in the database: read on a new connection,
   * taking the locks of the rows it wrote, so that a commit the server is still carrying out is
   * waited for rather than missed.
   */
  @FunctionalInterface
  interface ReadBack<T> {
    /**
     * Whether the writes of the work that returned {@code result} landed. Work whose result says it
     * wrote nothing has nothing to lose: true.
     */
    boolean landed(Connection c, T result) throws SQLException;
  }

  private final DataSource dataSource;
  private final TransientRetry retry;

  Tx(DataSource dataSource, TransientRetry retry) {
    this.dataSource = dataSource;
    this.retry = retry;
  }

  /** Runs work that writes nothing and commits; run again after any transient failure. */
  <T> T read(String what, Work<T> work) {
    return run(what, work, null, true);
  }

  /**
   * Runs a write and commits. After a transient failure of its commit, {@code readBack} says
   * whether it landed.
   */
  <T> T write(String what, Work<T> work, ReadBack<T> readBack) {
    return run(what, work, readBack, false);
  }

  private <T> T run(String what, Work<T> work, ReadBack<T> readBack, boolean readOnly) {
    int conflicts = 0;
    int failures = 0;
    while (true) {
      Attempt<T> a = new Attempt<>();
      try {
        return once(work, a);
      } catch (SQLException e) {
        if (retryable(e)) {
          if (++conflicts == ATTEMPTS) {
            throw busy(what, e);
          }
          backoff(conflicts);
          continue;
        }
        if (retry.attempts() == 1 || !TransientRetry.transientState(SqlFailure.state(e))) {
          throw database(what, e, 1);
        }
        failures++;
        if (a.committing && !readOnly && landed(what, e, failures, readBack, a.result)) {
          return a.result;
        }
        if (failures == retry.attempts()) {
          throw database(what, e, failures);
        }
        pause(failures + 1);
      }
    }
  }

  /** The work's result, once it ran, and whether its commit was under way. */
  private static final class Attempt<T> {
    T result;
    boolean committing;
  }

  /**
   * Reads back whether a write whose commit failed landed, with its own transient retries. When it
   * cannot tell, the commit's failure is reported, saying so: the write is never run again blindly.
   */
  private <T> boolean landed(
      String what, SQLException failed, int failures, ReadBack<T> readBack, T result) {
    for (int i = 1; ; i++) {
      try {
        return once(c -> readBack.landed(c, result), new Attempt<>());
      } catch (SQLException e) {
        if (i == retry.attempts() || !TransientRetry.transientState(SqlFailure.state(e))) {
          throw database(what, failed, failures)
              .followedBy("; whether it was committed could not be read back");
        }
        pause(i + 1);
      }
    }
  }

  private <T> T once(Work<T> work, Attempt<T> a) throws SQLException {
    Connection c = connect();
    try {
      begin(c);
      T result = work.run(c);
      a.result = result;
      a.committing = true;
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

  /** Waits before transient attempt {@code next}: a random time in the second half of its wait. */
  private void pause(int next) {
    long millis = retry.backoffMillis(next);
    if (millis > 0) {
      long jittered = millis / 2 + ThreadLocalRandom.current().nextLong(millis / 2 + 1);
      LockSupport.parkNanos(jittered * 1_000_000L);
    }
  }

  private static InboxException busy(String what, SQLException e) {
    return new InboxException(
        InboxException.Kind.BUSY,
        "the inbox could not "
            + what
            + ": concurrent writers conflicted on all "
            + ATTEMPTS
            + " attempts (SQL state "
            + SqlFailure.state(e)
            + "); retry later, or give the DataSource more connections",
        List.of(),
        null);
  }

  /** The failure in words without the driver's text (see {@link SqlFailure}). */
  private static InboxException database(String what, SQLException e, int attempts) {
    SqlFailure safe = SqlFailure.of("", e);
    return new InboxException(
        InboxException.Kind.DATABASE,
        "the inbox could not "
            + what
            + ": "
            + safe.getMessage()
            + (attempts > 1 ? " on all " + attempts + " attempts" : "")
            + "; check that the DataSource reaches the database and that the inbox's migrations"
            + " ran",
        List.of(),
        safe);
  }
}
