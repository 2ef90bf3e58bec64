package dev.agentkit.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.benchmarks.SyntheticContract;
import dev.agentkit.contract.Contract;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@link CachedContract} under 64 threads over a backend that flaps between up, down and changed:
 * every read is one whole contract the backend served, a cold cache never answers without a
 * successful fetch, and the fetch count stays bounded.
 */
class CachedContractStressTest {
  private static final Contract V1 = SyntheticContract.generate("flap", 30, 1);
  private static final Contract V2 = SyntheticContract.generate("flap", 30, 2);
  private static final Set<String> DIGESTS = Set.of(V1.digest(), V2.digest());

  /** Up with v1, up with v2, or down; changes state every few fetches. */
  private static final class FlappingBackend implements ContractSource {
    final AtomicInteger fetches = new AtomicInteger();
    final AtomicInteger successes = new AtomicInteger();

    @Override
    public Contract fetch() throws ContractSourceException {
      int n = fetches.incrementAndGet();
      int phase = (n / 3) % 3;
      if (phase == 2) {
        throw new ContractSourceException("backend down (fetch " + n + ")");
      }
      successes.incrementAndGet();
      return phase == 0 ? V1 : V2;
    }
  }

  @Test
  void sixtyFourThreadsReadWholeContractsWithBoundedFetches() throws Exception {
    FlappingBackend backend = new FlappingBackend();
    CachedContract cache =
        CachedContract.builder(backend)
            .ttl(Duration.ofMillis(2))
            .maxStaleness(Duration.ofMillis(20))
            .build();
    int threads = 64;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
    CountDownLatch start = new CountDownLatch(1);
    ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
    AtomicInteger reads = new AtomicInteger();
    AtomicInteger failures = new AtomicInteger();
    List<Thread> workers = new java.util.ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread w =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  return;
                }
                while (System.nanoTime() < deadline) {
                  try {
                    Contract c = cache.fetch();
                    reads.incrementAndGet();
                    // A whole contract: one the backend served, with its own ops and digest.
                    if (c != V1 && c != V2 || !DIGESTS.contains(c.digest())) {
                      wrong.add("a read returned a contract the backend never served: " + c);
                    }
                  } catch (ContractSourceException e) {
                    failures.incrementAndGet();
                    if (!e.getMessage().contains("backend down")) {
                      wrong.add("unexpected failure: " + e.getMessage());
                    }
                  }
                  if (ThreadLocalRandom.current().nextInt(8) == 0) {
                    Thread.onSpinWait();
                  }
                }
              });
      workers.add(w);
      w.start();
    }
    start.countDown();
    for (Thread w : workers) {
      w.join(10_000);
    }
    assertThat(wrong).isEmpty();
    assertThat(reads.get()).isGreaterThan(threads);
    // Refreshes are shared: at most one fetch in flight at a time, so the count is bounded by the
    // run time over the ttl (with slack for the failing ones), never by the read count.
    assertThat(backend.fetches.get()).isLessThan(reads.get() / 4).isLessThan(2_000 / 2 * 3);
  }

  @Test
  void aColdCacheNeverAnswersWithoutASuccessfulFetch() throws Exception {
    AtomicInteger fetches = new AtomicInteger();
    ContractSource down =
        () -> {
          fetches.incrementAndGet();
          throw new ContractSourceException("backend down");
        };
    CachedContract cache =
        CachedContract.builder(down)
            .ttl(Duration.ofHours(1))
            .maxStaleness(Duration.ofHours(1))
            .build();
    CountDownLatch start = new CountDownLatch(1);
    AtomicInteger answered = new AtomicInteger();
    List<Thread> workers = new java.util.ArrayList<>();
    for (int t = 0; t < 64; t++) {
      Thread w =
          new Thread(
              () -> {
                try {
                  start.await();
                  for (int i = 0; i < 50; i++) {
                    try {
                      cache.fetch();
                      answered.incrementAndGet();
                    } catch (ContractSourceException expected) {
                      // Fails closed.
                    }
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      workers.add(w);
      w.start();
    }
    start.countDown();
    for (Thread w : workers) {
      w.join(10_000);
    }
    assertThat(answered.get()).isZero();
    assertThat(fetches.get()).isPositive().isLessThanOrEqualTo(64 * 50);
  }
}
