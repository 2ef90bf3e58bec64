package dev.agentkit.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.benchmarks.InboxBenchmark;
import dev.agentkit.inbox.AuditEvent;
import dev.agentkit.inbox.InboxAgent;
import dev.agentkit.inbox.InboxEntry;
import dev.agentkit.inbox.InboxException;
import dev.agentkit.inbox.ProposalBatch;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.inbox.ProposalState;
import dev.agentkit.inbox.Settlement;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.testing.EmbeddedPostgresServer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Connections killed from outside in the middle of an accept, on a real PostgreSQL server: another
 * connection calls {@code pg_terminate_backend} on the inbox's server process while it waits on a
 * row lock (in the claim, or in recording the outcome), or at random moments under a stream of
 * accepts. A proposal is always left pending or accepted with nothing run, running with its op run
 * at most once, or done with its op run exactly once; never run and pending or accepted, never run
 * twice. What is left in flight is finished by the recovery step docs/inbox.md describes ({@code
 * recover} for an accepted one, a person's {@code settle} for a running one), and then every op has
 * run exactly once.
 */
class InboxConnectionKillTest {
  private final ActionSet<Object> acts = InboxBenchmark.actions();
  private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
  private volatile CountDownLatch running = new CountDownLatch(0);
  private volatile CountDownLatch release = new CountDownLatch(0);
  private HikariDataSource db;
  private ProposalInbox inbox;

  @BeforeEach
  void setUp() {
    db = InboxBenchmark.pool("reliability_kill", 8);
    inbox =
        ProposalInbox.builder(db)
            .floodCap(100)
            .runTimeout(Duration.ZERO) // the test is the person who settles, with nothing running
            .agent(InboxAgent.of("triage", acts, this::run))
            .build();
  }

  @AfterEach
  void tearDown() {
    db.close();
  }

  private Object run(Call call) throws InterruptedException {
    runs.computeIfAbsent(call.arg("task_id"), k -> new AtomicInteger()).incrementAndGet();
    running.countDown();
    release.await(30, TimeUnit.SECONDS);
    return "ran";
  }

  private int runs(String task) {
    return runs.getOrDefault(task, new AtomicInteger()).get();
  }

  private void propose(int tasks) {
    List<Proposal> batch = new ArrayList<>();
    for (int t = 0; t < tasks; t++) {
      batch.add(InboxBenchmark.proposal(acts, "triage", "t" + t, "urgent"));
    }
    inbox.propose(ProposalBatch.of(acts, new Object(), batch));
  }

  private static String key(int task) {
    return "triage:task:t" + task + ":set_priority";
  }

  /**
   * Holds the proposal's row lock from another connection, so the inbox's next write to the row
   * waits; {@link #killWaiter} then terminates the waiting server process.
   */
  private Connection lockRow(String key) throws SQLException {
    Connection holder = db.getConnection();
    holder.setAutoCommit(false);
    try (PreparedStatement s =
        holder.prepareStatement("SELECT 1 FROM agentkit_proposal WHERE ask_key = ? FOR UPDATE")) {
      s.setString(1, key);
      s.executeQuery().close();
    }
    return holder;
  }

  /** Waits until a server process is blocked by the holder, terminates it, returns its pid. */
  private int killWaiter(Connection holder) throws Exception {
    int holderPid = pid(holder);
    try (Connection killer = db.getConnection();
        PreparedStatement find =
            killer.prepareStatement(
                "SELECT pid FROM pg_stat_activity WHERE ? = ANY(pg_blocking_pids(pid))");
        PreparedStatement kill = killer.prepareStatement("SELECT pg_terminate_backend(?)")) {
      find.setInt(1, holderPid);
      for (int attempt = 0; attempt < 2_000; attempt++) {
        try (ResultSet r = find.executeQuery()) {
          if (r.next()) {
            int pid = r.getInt(1);
            kill.setInt(1, pid);
            kill.executeQuery().close();
            return pid;
          }
        }
        Thread.sleep(5);
      }
    }
    throw new AssertionError("no server process waited on the held row lock");
  }

  private static int pid(Connection c) throws SQLException {
    try (var s = c.createStatement();
        var r = s.executeQuery("SELECT pg_backend_pid()")) {
      r.next();
      return r.getInt(1);
    }
  }

  /** What the accept threw; fails when it threw nothing. */
  private static InboxException refused(Runnable accept) {
    try {
      accept.run();
    } catch (InboxException e) {
      return e;
    }
    throw new AssertionError("the accept was not refused");
  }

  private List<String> trail(String key) {
    return inbox.history(key).stream().map(AuditEvent::action).toList();
  }

  @Test
  void killedWhileClaimingLeavesItPendingWithNothingRun() throws Exception {
    propose(1);
    InboxException e;
    try (Connection holder = lockRow(key(0))) {
      CompletableFuture<InboxException> accept =
          CompletableFuture.supplyAsync(() -> refused(() -> inbox.accept(key(0), "ann", Map.of())));
      killWaiter(holder);
      e = accept.get(60, TimeUnit.SECONDS);
      holder.rollback();
    }
    assertThat(e.kind()).isEqualTo(InboxException.Kind.DATABASE);
    assertThat(e.getMessage()).contains("(SQL state 57P01, statement \"lock the proposal\")");
    assertThat(inbox.get(key(0)).orElseThrow().state()).isEqualTo(ProposalState.PENDING);
    assertThat(runs("t0")).isZero();

    assertThat(inbox.accept(key(0), "ann", Map.of()).done()).isTrue();
    assertThat(runs("t0")).isEqualTo(1);
    assertThat(trail(key(0))).containsExactly("proposed", "accepted", "ran");
  }

  @Test
  void killedWhileRecordingTheOutcomeLeavesItRunningAndRunOnce() throws Exception {
    propose(1);
    running = new CountDownLatch(1);
    release = new CountDownLatch(1);
    CompletableFuture<InboxException> accept =
        CompletableFuture.supplyAsync(() -> refused(() -> inbox.accept(key(0), "ann", Map.of())));
    assertThat(running.await(60, TimeUnit.SECONDS)).isTrue(); // claimed, the op is running
    InboxException e;
    try (Connection holder = lockRow(key(0))) {
      release.countDown(); // the op returns; recording its outcome waits on the lock
      killWaiter(holder);
      e = accept.get(60, TimeUnit.SECONDS);
      holder.rollback();
    }
    assertThat(e.kind()).isEqualTo(InboxException.Kind.OUTCOME_UNRECORDED);
    InboxEntry entry = inbox.get(key(0)).orElseThrow();
    assertThat(entry.state()).isEqualTo(ProposalState.RUNNING);
    assertThat(entry.decision().orElseThrow().by()).isEqualTo("ann");
    assertThat(runs("t0")).isEqualTo(1);

    InboxException again = refused(() -> inbox.accept(key(0), "bob", Map.of()));
    assertThat(again.kind()).isEqualTo(InboxException.Kind.NOT_PENDING);
    InboxException notAgain = refused(() -> inbox.recover(key(0), "ops"));
    assertThat(notAgain.kind()).isEqualTo(InboxException.Kind.OUTCOME_UNKNOWN);
    assertThat(runs("t0")).isEqualTo(1);
    assertThat(trail(key(0))).containsExactly("proposed", "accepted");

    // A person checks the backend, sees the op took effect, and says so.
    InboxEntry settled =
        inbox.settle(key(0), "ops", Settlement.APPLIED, "the backend has it").entry();
    assertThat(settled.state()).isEqualTo(ProposalState.DONE);
    assertThat(runs("t0")).isEqualTo(1);
    assertThat(trail(key(0))).containsExactly("proposed", "accepted", "settled", "ran");
  }

  @Test
  void connectionsKilledAtRandomLeaveEveryProposalPendingOrRunOnce() throws Exception {
    int tasks = 60;
    propose(tasks);
    AtomicBoolean stop = new AtomicBoolean();
    CompletableFuture<Integer> killer = CompletableFuture.supplyAsync(() -> killAtRandom(stop));
    List<String> unexpected = Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < tasks; t++) {
      try {
        inbox.accept(key(t), "ann", Map.of());
      } catch (InboxException e) {
        if (e.kind() != InboxException.Kind.DATABASE
            && e.kind() != InboxException.Kind.OUTCOME_UNRECORDED) {
          unexpected.add(e.getMessage());
        }
      }
    }
    stop.set(true);
    assertThat(killer.get(60, TimeUnit.SECONDS)).as("connections killed").isPositive();
    assertThat(unexpected).isEmpty();

    for (int t = 0; t < tasks; t++) {
      InboxEntry e = inbox.get(key(t)).orElseThrow();
      List<String> trail = trail(key(t));
      switch (e.state()) {
        case PENDING -> {
          assertThat(runs("t" + t)).as(key(t)).isZero();
          assertThat(trail).as(key(t)).doesNotContain("accepted", "ran");
          assertThat(inbox.accept(key(t), "ann", Map.of()).done()).isTrue(); // nothing lost
          assertThat(runs("t" + t)).as(key(t)).isEqualTo(1);
        }
        case ACCEPTED -> {
          assertThat(runs("t" + t)).as(key(t)).isZero(); // claimed, nothing started
          assertThat(trail).as(key(t)).containsOnlyOnce("accepted").doesNotContain("ran");
        }
        case RUNNING -> {
          assertThat(runs("t" + t)).as(key(t)).isLessThanOrEqualTo(1); // the op in doubt
          assertThat(trail).as(key(t)).containsOnlyOnce("accepted").doesNotContain("ran");
        }
        case DONE -> {
          assertThat(runs("t" + t)).as(key(t)).isEqualTo(1);
          assertThat(trail).as(key(t)).containsOnlyOnce("accepted", "ran");
        }
        default -> throw new AssertionError(key(t) + " is " + e.state());
      }
      settleInFlight(t, e.state());
      assertThat(inbox.get(key(t)).orElseThrow().state()).as(key(t)).isEqualTo(ProposalState.DONE);
      assertThat(runs("t" + t)).as(key(t)).isEqualTo(1);
    }
  }

  /**
   * The recovery step: an accepted proposal is recovered (nothing had been sent); for a running one
   * a person checks the backend (here, the count of runs) and settles it.
   */
  private void settleInFlight(int t, ProposalState state) {
    if (state == ProposalState.ACCEPTED) {
      assertThat(inbox.recover(key(t), "ops").done()).as(key(t)).isTrue();
    } else if (state == ProposalState.RUNNING) {
      Settlement word = runs("t" + t) == 1 ? Settlement.APPLIED : Settlement.RUN_AGAIN;
      assertThat(inbox.settle(key(t), "ops", word, "checked the backend").done())
          .as(key(t))
          .isTrue();
    }
  }

  /** Terminates every other server process of the inbox's database now and then; the count. */
  private int killAtRandom(AtomicBoolean stop) {
    Random random = new Random(7);
    int killed = 0;
    try (Connection killer = EmbeddedPostgresServer.server().getPostgresDatabase().getConnection();
        PreparedStatement kill =
            killer.prepareStatement(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                    + " WHERE datname = ? AND pid <> pg_backend_pid() AND state <> 'idle'")) {
      kill.setString(1, database());
      while (!stop.get()) {
        // Up to 40 ms between kills: with a kill every few ms, nearly every accept died before
        // its claim and left nothing in flight to finish.
        Thread.sleep(random.nextInt(40));
        try (ResultSet r = kill.executeQuery()) {
          while (r.next()) {
            killed += r.getBoolean(1) ? 1 : 0;
          }
        }
      }
    } catch (SQLException | InterruptedException e) {
      throw new IllegalStateException(e);
    }
    return killed;
  }

  private String database() throws SQLException {
    try (Connection c = db.getConnection();
        var s = c.createStatement();
        var r = s.executeQuery("SELECT current_database()")) {
      r.next();
      return r.getString(1);
    }
  }
}
