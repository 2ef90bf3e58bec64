package dev.agentkit.inbox;

import dev.agentkit.proposal.Proposal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every shared inbox suite stands on: a new, empty database per test from its subclass (H2 in
 * file mode, or a real PostgreSQL server), the test desk, a clock moved by hand, and helpers.
 */
abstract class InboxSuite {
  static final String PRIORITY_T1 = "triage:task:t1:set_priority";
  static final String ARCHIVE_P1 = "triage:project:p1:archive_project";

  /** A new, empty database. */
  abstract DataSource newDatabase();

  /** How many threads the load test runs. */
  int loadThreads() {
    return 32;
  }

  final MutableClock clock = new MutableClock(Instant.parse("2026-11-30T12:00:00Z"));
  Desk desk;
  DataSource db;
  ProposalInbox inbox;

  @BeforeEach
  void setUp() {
    desk = new Desk();
    db = newDatabase();
    inbox = inbox(db, desk, clock);
  }

  static ProposalInbox inbox(DataSource db, Desk desk, Clock clock) {
    return ProposalInbox.builder(db)
        .clock(clock)
        .floodCap(3)
        .agent(
            InboxAgent.bind("triage", desk.source, Desk.uses(), desk::apply)
                .coolOff(Duration.ofHours(24)))
        .build();
  }

  ProposeReport propose(Proposal... proposals) {
    return inbox.propose(ProposalBatch.of(desk.actions(), desk, List.of(proposals)));
  }

  long rows(String table) {
    try (Connection c = db.getConnection();
        Statement s = c.createStatement();
        ResultSet r = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      r.next();
      return r.getLong(1);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  List<String> actions(String key) {
    List<String> out = new ArrayList<>();
    for (AuditEvent e : inbox.history(key)) {
      out.add(e.action());
    }
    return out;
  }

  static InboxException catchInbox(Runnable r) {
    try {
      r.run();
    } catch (InboxException e) {
      return e;
    }
    throw new AssertionError("no InboxException");
  }

  static List<String> keys(InboxPage page) {
    return page.entries().stream().map(InboxEntry::askKey).toList();
  }

  /** Runs the task on n threads released together; each result or thrown exception, in order. */
  static List<Object> race(int n, java.util.function.IntFunction<Object> task) throws Exception {
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(n);
    try {
      java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
      List<java.util.concurrent.Future<Object>> futures = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int index = i;
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  try {
                    return task.apply(index);
                  } catch (RuntimeException e) {
                    return e;
                  }
                }));
      }
      start.countDown();
      List<Object> out = new ArrayList<>();
      for (java.util.concurrent.Future<Object> f : futures) {
        out.add(f.get(120, java.util.concurrent.TimeUnit.SECONDS));
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }

  /** A clock tests move by hand. */
  static final class MutableClock extends Clock {
    private volatile Instant now;

    MutableClock(Instant now) {
      this.now = now;
    }

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }
}
