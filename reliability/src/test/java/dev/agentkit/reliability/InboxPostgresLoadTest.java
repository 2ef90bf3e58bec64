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
import dev.agentkit.proposal.Proposal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The proposal inbox under load on a real PostgreSQL server: 64 threads proposing, accepting and
 * declining overlapping ask keys. Every decision a caller was told about is the one recorded, every
 * key has one row, and no op runs twice.
 */
class InboxPostgresLoadTest {
  private static final int THREADS = 64;
  private static final int TASKS = 24;
  private static final int ROUNDS = 8;

  private final ActionSet<Object> acts = InboxBenchmark.actions();
  private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
  private HikariDataSource db;
  private ProposalInbox inbox;

  @BeforeEach
  void setUp() {
    db = InboxBenchmark.pool("reliability_load", 32);
    inbox =
        ProposalInbox.builder(db)
            .floodCap(TASKS)
            .agent(InboxAgent.of("triage", acts, this::run))
            .build();
  }

  @AfterEach
  void tearDown() {
    db.close();
  }

  private Object run(Call call) throws InterruptedException {
    int n = runs.computeIfAbsent(call.arg("task_id"), k -> new AtomicInteger()).incrementAndGet();
    Thread.sleep(1); // widen the window between claiming a proposal and recording its outcome
    return "run " + n;
  }

  private static String key(int task) {
    return "triage:task:t" + task + ":set_priority";
  }

  /** One decision a caller was told it made. */
  private record Decision(String key, String by, ProposalState state) {}

  @Test
  void sixtyFourThreadsLeaveOneRowPerKeyRunNothingTwiceAndLoseNoDecision() throws Exception {
    List<Decision> told = Collections.synchronizedList(new ArrayList<>());
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    List<Future<?>> done = new ArrayList<>();
    for (int i = 0; i < THREADS; i++) {
      int thread = i;
      done.add(pool.submit(() -> work(thread, start, told)));
    }
    start.countDown();
    for (Future<?> f : done) {
      f.get(5, TimeUnit.MINUTES); // rethrows what a thread threw
    }
    pool.shutdown();

    Set<String> decided = ConcurrentHashMap.newKeySet();
    for (Decision d : told) {
      assertThat(decided.add(d.key())).as("two callers were told they decided " + d.key()).isTrue();
      InboxEntry e = inbox.get(d.key()).orElseThrow();
      assertThat(e.state()).as(d.key()).isEqualTo(d.state());
      assertThat(e.decision().orElseThrow().by()).as(d.key()).isEqualTo(d.by());
    }
    for (int t = 0; t < TASKS; t++) {
      InboxEntry e = inbox.get(key(t)).orElseThrow();
      int ran = runs.getOrDefault("t" + t, new AtomicInteger()).get();
      List<String> trail = inbox.history(key(t)).stream().map(AuditEvent::action).toList();
      assertThat(ran).as("runs of " + key(t)).isEqualTo(e.state() == ProposalState.DONE ? 1 : 0);
      assertThat(Collections.frequency(trail, "proposed")).as(key(t)).isEqualTo(1);
      assertThat(Collections.frequency(trail, "ran")).as(key(t)).isEqualTo(ran);
      long decisions =
          trail.stream().filter(a -> a.equals("accepted") || a.equals("declined")).count();
      assertThat(decisions).as(key(t)).isEqualTo(decided.contains(key(t)) ? 1 : 0);
      assertThat(e.state()).isIn(ProposalState.PENDING, ProposalState.DONE, ProposalState.DECLINED);
    }
    assertThat(told).isNotEmpty();
    assertThat(rows("agentkit_proposal")).isEqualTo(TASKS);
    assertThat(rows("agentkit_proposal_context")).isEqualTo(TASKS);
  }

  private Void work(int thread, CountDownLatch start, List<Decision> told) throws Exception {
    Random random = new Random(thread);
    start.await();
    for (int round = 0; round < ROUNDS; round++) {
      List<Proposal> batch = new ArrayList<>();
      for (int t = 0; t < TASKS; t += 1 + random.nextInt(3)) {
        batch.add(InboxBenchmark.proposal(acts, "triage", "t" + ((t + thread) % TASKS), "urgent"));
      }
      inbox.propose(ProposalBatch.of(acts, new Object(), batch));
      String key = key(random.nextInt(TASKS));
      String who = "person" + thread;
      try {
        if (random.nextInt(4) == 0) {
          inbox.decline(key, who, "not now");
          told.add(new Decision(key, who, ProposalState.DECLINED));
        } else {
          inbox.accept(key, who, Map.of());
          told.add(new Decision(key, who, ProposalState.DONE));
        }
      } catch (InboxException e) {
        // Someone else decided it first, or it is not proposed yet: the only refusals expected.
        assertThat(e.kind()).isIn(InboxException.Kind.NOT_PENDING, InboxException.Kind.NOT_FOUND);
      }
    }
    return null;
  }

  private long rows(String table) throws Exception {
    try (var c = db.getConnection();
        var s = c.createStatement();
        var r = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      r.next();
      return r.getLong(1);
    }
  }
}
