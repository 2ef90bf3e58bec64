package dev.agentkit.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.AgentPausedException;
import dev.agentkit.Call;
import dev.agentkit.CompiledAgent;
import dev.agentkit.LiveAgent;
import dev.agentkit.LoopbackBackend;
import dev.agentkit.Plan;
import dev.agentkit.Use;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.HttpContractSource;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A live agent under 16 threads gating and running calls while a real loopback backend changes its
 * contract underneath: a tier raised, restored, an enum value removed, restored. No call runs under
 * a tier or with a value the contract the agent holds at that moment forbids, every transition is
 * reported once and in order, and nothing deadlocks.
 */
class LiveAgentLoadTest {
  private static final List<String> ALL = List.of("todo", "in_progress", "done", "archived");

  private static Contract board(Tier tier, List<String> statuses) {
    return Contract.of(
        "taskboard",
        List.of(
            Op.builder("set_status")
                .description("Set a task's status.")
                .objectType("task")
                .tier(tier)
                .operand(Operand.requiredString("task_id", "The task."))
                .operand(
                    Operand.enumOf("status", true, statuses.toArray(String[]::new))
                        .withDescription("The new status."))
                .build(),
            Op.builder("archive_project")
                .description("Archive a project.")
                .objectType("project")
                .tier(Tier.IRREVERSIBLE)
                .operand(Operand.requiredString("project_id", "The project."))
                .build()));
  }

  private static final Contract V1 = board(Tier.REVERSIBLE, ALL);
  private static final Contract TIER_RAISED = board(Tier.IRREVERSIBLE, ALL);
  private static final Contract ARCHIVED_REMOVED =
      board(Tier.REVERSIBLE, List.of("todo", "in_progress", "done"));

  @Test
  void sixteenThreadsNeverRunWhatTheContractOfTheMomentForbids() throws Exception {
    LoopbackBackend backend = new LoopbackBackend(V1);
    URI uri = backend.uri();
    CachedContract cache =
        CachedContract.builder(HttpContractSource.builder(uri).contractName("taskboard").build())
            .ttl(Duration.ofMillis(10))
            .maxStaleness(Duration.ofMinutes(5))
            .build();

    ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
    AtomicReference<LiveAgent<Object>> agent = new AtomicReference<>();
    AtomicInteger ran = new AtomicInteger();
    AtomicInteger refused = new AtomicInteger();
    AtomicInteger withheld = new AtomicInteger();
    List<Use<Object>> uses =
        List.of(
            Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
                .input("status")
                .reader((s, c) -> "todo")
                .run(
                    (s, call) -> {
                      check(agent.get(), call, violations);
                      ran.incrementAndGet();
                      return null;
                    })
                .build(),
            Use.<Object>of("archive_project", ChangeCategory.TERMINAL)
                .terminalStates("archived")
                .reader((s, c) -> "active")
                .ask(c -> "Archive " + c.arg("project_id") + "?")
                .build());
    CompiledAgent compiled = new CompiledAgent("TriageAgent", V1, V1.digest());
    List<LiveAgent.Event> events = new CopyOnWriteArrayList<>();
    LiveAgent<Object> live =
        LiveAgent.bind(compiled, cache, uses, DriftPolicy.failOnBreaking(), Clock.systemUTC())
            .listen(events::add);
    agent.set(live);

    int threads = 16;
    AtomicBoolean stop = new AtomicBoolean();
    CountDownLatch done = new CountDownLatch(threads);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread w =
          new Thread(
              () -> {
                try {
                  while (!stop.get()) {
                    work(live, violations, refused, withheld);
                  }
                } catch (Throwable e) {
                  violations.add("worker died: " + e);
                } finally {
                  done.countDown();
                }
              },
              "live-load-" + t);
      w.setDaemon(true);
      workers.add(w);
      w.start();
    }

    List<LiveAgent.Kind> expected = new ArrayList<>();
    for (Contract next : List.of(TIER_RAISED, V1, ARCHIVED_REMOVED, V1)) {
      Thread.sleep(150);
      backend.serve(next);
      expected.add(next == V1 ? LiveAgent.Kind.RESUMED : LiveAgent.Kind.PAUSED);
      awaitEvents(events, expected.size());
    }
    Thread.sleep(150);
    stop.set(true);
    boolean finished = done.await(30, TimeUnit.SECONDS);
    backend.close();

    assertThat(finished).as("every worker finished: no deadlock").isTrue();
    assertThat(violations).isEmpty();
    assertThat(events.stream().map(LiveAgent.Event::kind).toList())
        .containsExactlyElementsOf(expected);
    assertThat(events.get(0).sentence()).contains("tier-raised");
    assertThat(events.get(2).sentence()).contains("enum-value-removed");
    assertThat(live.state()).isEqualTo(LiveAgent.State.BOUND);
    // The test saw every side: calls run, runs refused while paused, programs withheld.
    assertThat(ran.get()).isPositive();
    assertThat(refused.get()).isPositive();
    assertThat(withheld.get()).isPositive();
  }

  /** Gates a program and runs what it applies, or tries to run a call directly. */
  private static void work(
      LiveAgent<Object> live,
      ConcurrentLinkedQueue<String> violations,
      AtomicInteger refused,
      AtomicInteger withheld)
      throws Exception {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    String status = r.nextBoolean() ? "archived" : ALL.get(r.nextInt(3));
    Call call = Call.of("set_status", Map.of("task_id", "T-" + r.nextInt(100), "status", status));
    Call archive = Call.of("archive_project", Map.of("project_id", "P-1"));
    Plan plan;
    try {
      plan = live.gate(List.of(call, archive), AutonomyRung.AUTO);
    } catch (dev.agentkit.ProgramRejectedException e) {
      return; // "archived" while the backend has removed it: rejected, nothing runs
    }
    if (plan.apply().isEmpty()) {
      withheld.incrementAndGet();
    }
    for (Call c : plan.apply()) {
      if (!c.opcode().equals("set_status")) {
        violations.add("gate applied " + c);
      }
      runOne(live, c, refused);
    }
    if (r.nextInt(4) == 0) {
      runOne(live, call, refused);
    }
  }

  private static void runOne(LiveAgent<Object> live, Call call, AtomicInteger refused)
      throws Exception {
    try {
      live.run(null, call);
    } catch (AgentPausedException e) {
      refused.incrementAndGet();
    } catch (dev.agentkit.ProgramRejectedException e) {
      // the value was removed since the gate: verified against the newest contract, refused
    }
  }

  /**
   * Inside a run handler: the contract the agent holds now (no rebinding can happen while a handler
   * runs) lets this call run.
   */
  private static void check(
      LiveAgent<Object> live, Call call, ConcurrentLinkedQueue<String> violations) {
    if (live.state() != LiveAgent.State.BOUND) {
      violations.add("ran " + call + " while " + live.state());
      return;
    }
    Op op = live.lastBound().acts().op("set_status").orElseThrow();
    if (op.tier() != Tier.REVERSIBLE) {
      violations.add("ran " + call + " under tier " + op.tier());
    }
    if (!op.operand("status").orElseThrow().enumValues().contains(call.arg("status"))) {
      violations.add("ran " + call + " with a value the contract does not have");
    }
    if (call.op().tier() != op.tier()) {
      violations.add("ran " + call + " bound to another contract's op");
    }
  }

  private static void awaitEvents(List<LiveAgent.Event> events, int count) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (events.size() < count) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting for event " + count + "; saw " + events);
      }
      Thread.sleep(5);
    }
  }
}
