package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Fixtures;
import dev.agentkit.contract.Contract;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * When {@link CachedContract} counts a contract as fresh, expired or too stale, on both clocks: the
 * injected one (checked on each read) and the real one (timers).
 */
class CachedContractExpiryTest {
  private static final Duration TTL = Duration.ofMinutes(1);
  private static final Contract V1 = Fixtures.taskboard();
  private static final Contract V2 =
      Contract.of("taskboard", Fixtures.taskboard().ops().subList(1, 3));

  /** An hour in: far enough from zero that a sum of two readings never looks like an age. */
  private final AtomicLong clock = new AtomicLong(Duration.ofHours(1).toNanos());

  /** Runs once, inside the next clock reading, then clears itself. */
  private final AtomicReference<Runnable> onNextReading = new AtomicReference<>();

  /** A thread of its own per task: the common pool may have a single worker on a small machine. */
  private static final Executor OWN_THREAD = r -> new Thread(r).start();

  private final AtomicInteger fetches = new AtomicInteger();
  private volatile Source serving = () -> V1;

  interface Source {
    Contract fetch() throws Exception;
  }

  private final ContractSource source =
      new ContractSource() {
        @Override
        public Contract fetch() throws ContractSourceException {
          fetches.incrementAndGet();
          try {
            return serving.fetch();
          } catch (ContractSourceException | RuntimeException e) {
            throw e;
          } catch (Exception e) {
            throw new ContractSourceException("fake backend: " + e, e);
          }
        }

        @Override
        public String describe() {
          return "fake backend";
        }
      };

  /** A cache on the test's clock, refreshing at exactly the ttl (jitter is tested on its own). */
  private CachedContract onTheInjectedClock() {
    return CachedContract.builder(source)
        .ttl(TTL)
        .maxStaleness(Duration.ofMinutes(10))
        .jitter(0)
        .nanoTime(
            () -> {
              Runnable hook = onNextReading.getAndSet(null);
              if (hook != null) {
                hook.run();
              }
              return clock.get();
            })
        .build();
  }

  @Test
  void aCallerThatFindsTheCacheExpiredJustAsAnotherRefreshesItDoesNotAskTheSourceAgain()
      throws Exception {
    CachedContract cache = onTheInjectedClock();
    cache.fetch();
    clock.addAndGet(TTL.toNanos());
    serving = () -> V2;
    // The outer fetch reads the clock to see whether its contract expired; in that instant another
    // call refreshes. The outer one then finds the refreshed contract and serves it.
    AtomicReference<Contract> inner = new AtomicReference<>();
    onNextReading.set(() -> inner.set(fetch(cache)));

    assertThat(cache.fetch()).isSameAs(V2);
    assertThat(inner.get()).isSameAs(V2);
    assertThat(fetches).hasValue(2);
  }

  @Test
  void aReadThatFindsTheContractWithinItsTtlDoesNotWaitForARefreshUnderWay() throws Exception {
    CachedContract cache = onTheInjectedClock();
    long fetchedAt = clock.get();
    cache.fetch();
    clock.addAndGet(TTL.toNanos());
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    serving =
        () -> {
          entered.countDown();
          release.await(10, TimeUnit.SECONDS);
          return V2;
        };
    CompletableFuture<Contract> refreshing =
        CompletableFuture.supplyAsync(() -> fetch(cache), OWN_THREAD);
    try {
      assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
      // A reader whose clock says the contract is still within its ttl (here the clock reads the
      // instant after the fetch) is served at once, not after the slow refresh.
      clock.set(fetchedAt + 1);
      CompletableFuture<Contract> read =
          CompletableFuture.supplyAsync(() -> fetch(cache), OWN_THREAD);

      assertThat(read.get(5, TimeUnit.SECONDS)).isSameAs(V1);
    } finally {
      release.countDown();
    }
    assertThat(refreshing.get(10, TimeUnit.SECONDS)).isSameAs(V2);
    assertThat(fetches).hasValue(2);
  }

  @Test
  void onTheInjectedClockCurrentRefreshesFromExactlyTheTtlAndAgainAfterEachRefresh()
      throws Exception {
    CachedContract cache = onTheInjectedClock();
    cache.fetch();
    serving = () -> V2;

    clock.addAndGet(TTL.minusNanos(1).toNanos());
    assertThat(cache.current()).containsSame(V1);
    clock.addAndGet(1);
    assertThat(cache.current()).containsSame(V1);
    Waits.until(() -> cache.current().orElseThrow() == V2);
    assertThat(fetches).hasValue(2);

    // A refresh that succeeded leaves the next one free to start a ttl later.
    serving = () -> V1;
    clock.addAndGet(TTL.toNanos());
    Waits.until(() -> cache.current().orElseThrow() == V1);
    assertThat(fetches).hasValue(3);

    // A timer cannot follow an injected clock, so after a failed refresh the next read tries again
    // (on the real clock it waits a ttl; see CachedContractCurrentTest).
    serving =
        () -> {
          throw new ContractSourceException("fake backend: connection refused");
        };
    clock.addAndGet(TTL.toNanos());
    Waits.until(() -> cache.current().isPresent() && fetches.get() >= 3 + 2);
    assertThat(cache.current()).containsSame(V1);
  }

  @Test
  void aRefreshThatHangsDoesNotKeepTheContractPastItsMaxStaleness() throws Exception {
    CachedContract cache =
        CachedContract.builder(source)
            .ttl(Duration.ofMillis(50))
            .maxStaleness(Duration.ofMillis(300))
            .build();
    long start = System.nanoTime();
    cache.fetch();
    CountDownLatch release = new CountDownLatch(1);
    serving =
        () -> {
          release.await(20, TimeUnit.SECONDS);
          return V2;
        };
    try {
      // The refresh current() starts past the ttl never returns; the contract held still goes
      // stale on time.
      Waits.until(() -> cache.current().isEmpty());
      assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
          .isGreaterThanOrEqualTo(300);
      assertThat(fetches).hasValue(2);
    } finally {
      release.countDown();
    }
  }

  @Test
  void aContractWhoseRefreshFailsGoesStaleAtMaxStalenessCountedFromItsFetch() throws Exception {
    CachedContract cache =
        CachedContract.builder(source)
            .ttl(Duration.ofMillis(1000))
            .maxStaleness(Duration.ofMillis(2000))
            .build();
    long start = System.nanoTime();
    cache.fetch();
    serving =
        () -> {
          throw new ContractSourceException("fake backend: connection refused");
        };

    // The first refresh fails about a second in, half-way to the max staleness: the contract is
    // still served for the second half, not dropped at the failure nor kept a second too long.
    Waits.until(() -> cache.current().isEmpty());
    long emptyAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertThat(fetches.get()).isGreaterThanOrEqualTo(2);
    assertThat(emptyAfter).isBetween(1900L, 2900L);
  }

  private static Contract fetch(CachedContract cache) {
    try {
      return cache.fetch();
    } catch (ContractSourceException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void afterAColdStartFailsInTheBackgroundTheNextTryWaitsATtlOnTheRealClock() throws Exception {
    serving =
        () -> {
          throw new ContractSourceException("fake backend: connection refused");
        };
    CachedContract cache =
        CachedContract.builder(source).ttl(TTL).maxStaleness(Duration.ofMinutes(10)).build();

    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(300);
    while (System.nanoTime() < deadline) {
      assertThat(cache.current()).isEmpty();
      Thread.sleep(5);
    }
    assertThat(fetches).hasValue(1);
  }

  @Test
  void afterAColdStartFailsInTheBackgroundTheNextReadTriesAgainOnTheInjectedClock()
      throws Exception {
    serving =
        () -> {
          throw new ContractSourceException("fake backend: connection refused");
        };
    CachedContract cache = onTheInjectedClock();

    Waits.until(
        () -> {
          assertThat(cache.current()).isEmpty();
          return fetches.get() >= 3;
        });
    serving = () -> V1;
    Waits.until(() -> cache.current().isPresent());
    assertThat(cache.current()).containsSame(V1);
  }

  @Test
  void anErrorFromTheSourceReachesEveryCallerSharingTheRefresh() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AssertionError broken = new AssertionError("the backend's client is broken");
    serving =
        () -> {
          entered.countDown();
          release.await(10, TimeUnit.SECONDS);
          throw broken;
        };
    CachedContract cache = onTheInjectedClock();
    CompletableFuture<Throwable> first =
        CompletableFuture.supplyAsync(() -> thrownBy(cache), OWN_THREAD);
    assertThat(entered.await(10, TimeUnit.SECONDS)).isTrue();
    AtomicReference<Throwable> second = new AtomicReference<>();
    Thread waiter = new Thread(() -> second.set(thrownBy(cache)));
    waiter.start();
    // The second caller waits for the first one's refresh before the source answers.
    Waits.until(() -> waiter.getState() == Thread.State.WAITING);
    release.countDown();
    waiter.join(10_000);

    assertThat(first.get(10, TimeUnit.SECONDS)).isSameAs(broken);
    assertThat(second.get()).isSameAs(broken);
    assertThat(fetches).hasValue(1);
  }

  private static Throwable thrownBy(CachedContract cache) {
    try {
      cache.fetch();
      return null;
    } catch (ContractSourceException | RuntimeException | Error e) {
      return e;
    }
  }
}
