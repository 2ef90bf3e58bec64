package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.Fixtures;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class CachedContractTest {
  private static final Duration TTL = Duration.ofMinutes(1);
  private static final Duration MAX_STALENESS = Duration.ofMinutes(10);

  private static final Contract V1 = contract("archive_project");
  private static final Contract V2 = contract("archive_project", "set_task_due_date");

  private final AtomicLong clock = new AtomicLong(5_000_000_000L);
  private final FakeSource source = new FakeSource();

  @Test
  void withTheRealClockATimerExpiresTheContract() throws Exception {
    AtomicInteger fetches = new AtomicInteger();
    CachedContract cache =
        CachedContract.builder(
                () -> {
                  fetches.incrementAndGet();
                  return Fixtures.taskboard();
                })
            .ttl(Duration.ofMillis(150))
            .maxStaleness(Duration.ofMinutes(1))
            .build();
    cache.fetch();
    cache.fetch();
    assertThat(fetches).hasValue(1);
    // Expiry is signalled by a timer, not a clock read: wait for it, bounded.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (fetches.get() == 1 && System.nanoTime() < deadline) {
      Thread.sleep(25);
      cache.fetch();
    }
    assertThat(fetches).hasValue(2);
  }

  @Test
  void servesTheCachedContractWithinTheTtlWithOneFetch() throws Exception {
    source.answer = () -> V1;
    CachedContract cache = cache();

    assertThat(cache.fetch()).isSameAs(V1);
    advance(TTL.minusNanos(1));
    assertThat(cache.fetch()).isSameAs(V1);

    assertThat(source.calls).hasValue(1);
    assertThat(cache.freshness()).contains(new CachedContract.Freshness(TTL.minusNanos(1), false));
  }

  @Test
  void refreshesOnceTheTtlHasPassed() throws Exception {
    source.answer = () -> V1;
    CachedContract cache = cache();
    cache.fetch();

    source.answer = () -> V2;
    advance(TTL);

    assertThat(cache.fetch()).isSameAs(V2);
    assertThat(source.calls).hasValue(2);
    assertThat(cache.freshness()).contains(new CachedContract.Freshness(Duration.ZERO, false));
  }

  @Test
  void servesTheLastGoodContractThroughAnOutageUntilMaxStaleness() throws Exception {
    source.answer = () -> V1;
    CachedContract cache = cache();
    cache.fetch();

    ContractSourceException down = new ContractSourceException("fake backend: connection refused");
    source.answer =
        () -> {
          throw down;
        };
    advance(TTL);
    assertThat(cache.fetch()).isSameAs(V1);
    assertThat(cache.freshness()).contains(new CachedContract.Freshness(TTL, true));

    advance(MAX_STALENESS.minus(TTL).minusNanos(1));
    assertThat(cache.fetch()).isSameAs(V1);

    advance(Duration.ofNanos(1));
    assertThatThrownBy(cache::fetch)
        .isInstanceOf(ContractSourceException.class)
        .hasMessage(
            "fake backend has been unreachable for 9m, and the last good contract, fetched 10m"
                + " ago, is too stale to serve (max staleness 10m). Last failure: fake backend:"
                + " connection refused")
        .hasCause(down);
    assertThat(source.calls).hasValue(4);
    assertThat(cache.freshness()).contains(new CachedContract.Freshness(MAX_STALENESS, true));
  }

  @Test
  void aFirstFailureAlreadyPastMaxStalenessFailsWithoutServing() throws Exception {
    source.answer = () -> V1;
    CachedContract cache = cache();
    cache.fetch();

    source.answer =
        () -> {
          throw new ContractSourceException("fake backend answered HTTP 503");
        };
    advance(Duration.ofMinutes(20).plusSeconds(5));

    assertThatThrownBy(cache::fetch)
        .isInstanceOf(ContractSourceException.class)
        .hasMessage(
            "fake backend is unreachable, and the last good contract, fetched 20m 5s ago, is too"
                + " stale to serve (max staleness 10m). Last failure: fake backend answered HTTP"
                + " 503");
  }

  @Test
  void aColdStartFailsClosedWithTheSourcesOwnException() {
    ContractSourceException down = new ContractSourceException("fake backend: connection refused");
    source.answer =
        () -> {
          throw down;
        };
    CachedContract cache = cache();

    assertThatThrownBy(cache::fetch).isSameAs(down).hasMessage("fake backend: connection refused");
    assertThat(cache.freshness()).isEmpty();
  }

  @Test
  void aColdStartFailureThatDoesNotNameTheSourceIsPrefixedWithIt() {
    ContractSourceException down = new ContractSourceException("down for maintenance");
    source.answer =
        () -> {
          throw down;
        };

    assertThatThrownBy(cache()::fetch)
        .isInstanceOf(ContractSourceException.class)
        .hasMessage("fake backend: down for maintenance")
        .hasCause(down);
  }

  @Test
  void recoversAfterAnOutageAndCountsTheNextOutageAfresh() throws Exception {
    source.answer = () -> V1;
    CachedContract cache = cache();
    cache.fetch();
    source.answer =
        () -> {
          throw new ContractSourceException("fake backend: connection refused");
        };
    advance(TTL);
    assertThat(cache.fetch()).isSameAs(V1);

    source.answer = () -> V2;
    advance(Duration.ofMinutes(2));
    assertThat(cache.fetch()).isSameAs(V2);
    assertThat(cache.freshness()).contains(new CachedContract.Freshness(Duration.ZERO, false));

    source.answer =
        () -> {
          throw new ContractSourceException("fake backend: connection refused");
        };
    advance(Duration.ofMinutes(8));
    assertThat(cache.fetch()).isSameAs(V2);
    advance(Duration.ofMinutes(2));
    assertThatThrownBy(cache::fetch)
        .hasMessageStartingWith("fake backend has been unreachable for 2m,");
  }

  @Test
  void aSlowFetchIsFreshForAFullTtlFromWhenItArrived() throws Exception {
    source.answer =
        () -> {
          advance(Duration.ofSeconds(30));
          return V1;
        };
    CachedContract cache = cache();

    assertThat(cache.fetch()).isSameAs(V1);
    assertThat(cache.freshness()).contains(new CachedContract.Freshness(Duration.ZERO, false));
    advance(TTL.minusSeconds(1));
    assertThat(cache.fetch()).isSameAs(V1);
    assertThat(source.calls).hasValue(1);
  }

  @Test
  void aSourceReturningNullIsAFailure() {
    source.answer = () -> null;

    assertThatThrownBy(cache()::fetch)
        .isInstanceOf(ContractSourceException.class)
        .hasMessage(
            "fake backend returned no contract (null); a ContractSource returns a contract or"
                + " throws ContractSourceException");
  }

  @Test
  void aSourceThrowingAnUncheckedExceptionIsAFailure() {
    source.answer = () -> contract("archive_project", "archive_project");

    assertThatThrownBy(cache()::fetch)
        .isInstanceOf(ContractSourceException.class)
        .hasMessage(
            "fake backend failed: java.lang.IllegalArgumentException: the contract declares"
                + " opcode \"archive_project\" twice: an opcode names one op, so the backend must"
                + " serve it once")
        .hasCauseInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void garbageFromAWarmSourceKeepsTheLastGoodContract() throws Exception {
    source.answer = () -> V1;
    CachedContract cache = cache();
    cache.fetch();

    source.answer = () -> null;
    advance(TTL);
    assertThat(cache.fetch()).isSameAs(V1);

    source.answer =
        () -> {
          throw new IllegalStateException("boom");
        };
    advance(TTL);
    assertThat(cache.fetch()).isSameAs(V1);
  }

  @Test
  void aContractWithNoOpsIsStillAContract() throws Exception {
    Contract empty = Contract.of("taskboard", List.of());
    source.answer = () -> empty;

    assertThat(cache().fetch()).isSameAs(empty);
  }

  @Test
  void describesItselfByTheWrappedSource() {
    CachedContract cache = cache();

    assertThat(cache.describe()).isEqualTo("cached fake backend");
    assertThat(cache).hasToString("CachedContract[fake backend, ttl 1m, max staleness 10m]");
  }

  @Test
  void manyCallersAtExpiryShareOneFetch() throws Exception {
    source.answer = () -> V1;
    CachedContract cache = cache();
    cache.fetch();
    advance(TTL);

    CountDownLatch release = new CountDownLatch(1);
    source.answer =
        () -> {
          awaitQuietly(release);
          return V2;
        };
    List<Object> results = callTogether(cache, 32, release);

    assertThat(source.calls).hasValue(2);
    assertThat(results).hasSize(32).allSatisfy(r -> assertThat(r).isSameAs(V2));
  }

  @Test
  void manyCallersAtExpiryShareOneFailedFetchAndGetTheLastGoodContract() throws Exception {
    source.answer = () -> V1;
    CachedContract cache = cache();
    cache.fetch();
    advance(TTL);

    CountDownLatch release = new CountDownLatch(1);
    source.answer =
        () -> {
          awaitQuietly(release);
          throw new ContractSourceException("fake backend: connection refused");
        };
    List<Object> results = callTogether(cache, 32, release);

    assertThat(source.calls).hasValue(2);
    assertThat(results).hasSize(32).allSatisfy(r -> assertThat(r).isSameAs(V1));
  }

  @Test
  void manyCallersAtAColdStartShareOneFailedFetch() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    source.answer =
        () -> {
          awaitQuietly(release);
          throw new ContractSourceException("fake backend: connection refused");
        };
    List<Object> results = callTogether(cache(), 32, release);

    assertThat(source.calls).hasValue(1);
    assertThat(results)
        .hasSize(32)
        .allSatisfy(
            r ->
                assertThat(r)
                    .isInstanceOfSatisfying(
                        ContractSourceException.class,
                        e -> assertThat(e).hasMessage("fake backend: connection refused")));
  }

  @Test
  void aCallerInterruptedWhileWaitingForAnotherCallersRefreshGivesUp() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    source.answer =
        () -> {
          awaitQuietly(release);
          return V1;
        };
    CachedContract cache = cache();
    Thread leader = new Thread(() -> call(cache));
    leader.start();
    awaitState(leader);

    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicReference<Boolean> interruptKept = new AtomicReference<>();
    Thread waiter =
        new Thread(
            () -> {
              try {
                cache.fetch();
              } catch (ContractSourceException e) {
                failure.set(e);
                interruptKept.set(Thread.currentThread().isInterrupted());
              }
            });
    waiter.start();
    awaitState(waiter);
    waiter.interrupt();
    waiter.join(5_000);
    release.countDown();
    leader.join(5_000);

    assertThat(failure.get())
        .hasMessage("interrupted while waiting for fake backend to refresh the contract");
    assertThat(interruptKept.get()).isTrue();
    assertThat(source.calls).hasValue(1);
  }

  @Test
  void theBuilderRequiresATtl() {
    assertThatThrownBy(() -> CachedContract.builder(source).maxStaleness(MAX_STALENESS).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "CachedContract needs a ttl: how long a fetched contract is served before the source"
                + " is asked again");
  }

  @Test
  void theBuilderRequiresAPositiveTtl() {
    assertThatThrownBy(
            () ->
                CachedContract.builder(source)
                    .ttl(Duration.ZERO)
                    .maxStaleness(MAX_STALENESS)
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "the ttl of a CachedContract must be positive, but it is 0s; a cache that never serves"
                + " what it fetched would ask the source on every call");
  }

  @Test
  void theBuilderRequiresAMaxStaleness() {
    assertThatThrownBy(() -> CachedContract.builder(source).ttl(TTL).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "CachedContract needs a maxStaleness: how long after its last successful fetch a"
                + " contract may still be served while refreshes fail");
  }

  @Test
  void theBuilderRequiresMaxStalenessAtLeastTheTtl() {
    assertThatThrownBy(
            () ->
                CachedContract.builder(source)
                    .ttl(Duration.ofMinutes(5))
                    .maxStaleness(Duration.ofSeconds(90))
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "the maxStaleness of a CachedContract (1m 30s) is shorter than its ttl (5m); it must"
                + " be at least the ttl, since a contract is served for the whole ttl before any"
                + " refresh is tried");
    // Exactly the ttl is enough.
    assertThat(
            CachedContract.builder(source)
                .ttl(Duration.ofMinutes(5))
                .maxStaleness(Duration.ofMinutes(5))
                .build()
                .current())
        .isEmpty();
  }

  @Test
  void aTtlTooLongForNanosecondsNeverExpires() throws Exception {
    source.answer = () -> V1;
    CachedContract cache =
        CachedContract.builder(source)
            .ttl(Duration.ofDays(365L * 1000))
            .maxStaleness(Duration.ofDays(365L * 1000))
            .nanoTime(clock::get)
            .build();
    cache.fetch();
    advance(Duration.ofDays(365L * 200));

    assertThat(cache.fetch()).isSameAs(V1);
    assertThat(source.calls).hasValue(1);
  }

  /** A cache on the test's clock, refreshing at exactly the ttl (jitter is tested on its own). */
  private CachedContract cache() {
    return CachedContract.builder(source)
        .ttl(TTL)
        .maxStaleness(MAX_STALENESS)
        .jitter(0)
        .nanoTime(clock::get)
        .build();
  }

  private void advance(Duration d) {
    clock.addAndGet(d.toNanos());
  }

  private static Contract contract(String... opcodes) {
    List<Op> ops = new ArrayList<>();
    for (String opcode : opcodes) {
      ops.add(Op.builder(opcode).description("Does " + opcode).tier(Tier.REVERSIBLE).build());
    }
    return Contract.of("taskboard", ops);
  }

  /**
   * Starts {@code n} threads that call {@code fetch} together, waits until every one of them is
   * blocked (one in the source, the rest waiting for its answer), opens {@code release} and returns
   * what each call returned or threw.
   */
  private static List<Object> callTogether(CachedContract cache, int n, CountDownLatch release)
      throws InterruptedException {
    CountDownLatch start = new CountDownLatch(1);
    CountDownLatch running = new CountDownLatch(n);
    List<Object> results = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Thread t =
          new Thread(
              () -> {
                awaitQuietly(start);
                running.countDown();
                Object result = call(cache);
                synchronized (results) {
                  results.add(result);
                }
              });
      t.start();
      threads.add(t);
    }
    start.countDown();
    awaitQuietly(running);
    for (Thread t : threads) {
      awaitState(t);
    }
    release.countDown();
    for (Thread t : threads) {
      t.join(10_000);
    }
    synchronized (results) {
      return List.copyOf(results);
    }
  }

  private static Object call(CachedContract cache) {
    try {
      return cache.fetch();
    } catch (ContractSourceException e) {
      return e;
    }
  }

  /** Waits (bounded) until the thread is parked: in the source's latch or on the shared refresh. */
  private static void awaitState(Thread t) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (t.getState() != Thread.State.WAITING && t.getState() != Thread.State.TIMED_WAITING) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(t + " never blocked; it is " + t.getState());
      }
      Thread.sleep(1);
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      if (!latch.await(10, TimeUnit.SECONDS)) {
        throw new AssertionError("latch never opened");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  interface Answer {
    Contract get() throws ContractSourceException;
  }

  static final class FakeSource implements ContractSource {
    final AtomicInteger calls = new AtomicInteger();
    volatile Answer answer;

    @Override
    public Contract fetch() throws ContractSourceException {
      calls.incrementAndGet();
      return answer.get();
    }

    @Override
    public String describe() {
      return "fake backend";
    }
  }
}
