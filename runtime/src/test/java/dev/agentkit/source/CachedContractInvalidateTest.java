package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link CachedContract#invalidate()}: a source's change notice makes the next read refresh. */
class CachedContractInvalidateTest {
  private static final Contract V1 = contract("archive_project");
  private static final Contract V2 = contract("archive_project", "set_task_due_date");

  private final AtomicReference<Contract> served = new AtomicReference<>(V1);
  private final AtomicInteger fetches = new AtomicInteger();

  private CachedContract cache() {
    return CachedContract.builder(
            () -> {
              fetches.incrementAndGet();
              return served.get();
            })
        .ttl(Duration.ofHours(1))
        .maxStaleness(Duration.ofHours(2))
        .build();
  }

  @Test
  void theNextFetchAfterAnInvalidationAsksTheSourceWithinTheTtl() throws Exception {
    CachedContract cache = cache();
    assertThat(cache.fetch()).isSameAs(V1);
    served.set(V2);

    assertThat(cache.fetch()).as("within the ttl, untouched").isSameAs(V1);
    cache.invalidate();
    assertThat(cache.fetch()).isSameAs(V2);
    assertThat(cache.fetch()).as("fresh again after the refresh").isSameAs(V2);
    assertThat(fetches).hasValue(2);
  }

  @Test
  void invalidatingAnEmptyCacheOrTwiceIsHarmless() throws Exception {
    CachedContract cache = cache();
    cache.invalidate();
    cache.invalidate();
    assertThat(cache.fetch()).isSameAs(V1);
    assertThat(fetches).hasValue(1);
  }

  @Test
  void currentStartsABackgroundRefreshAfterAnInvalidation() throws Exception {
    CachedContract cache = cache();
    cache.fetch();
    served.set(V2);
    cache.invalidate();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (cache.current().orElseThrow() != V2 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(cache.current()).contains(V2);
  }

  @Test
  void aContractFetchedWhileAnInvalidationArrivesIsHeldAsExpired() throws Exception {
    CountDownLatch answering = new CountDownLatch(1);
    CountDownLatch invalidated = new CountDownLatch(1);
    AtomicInteger calls = new AtomicInteger();
    CachedContract cache =
        CachedContract.builder(
                () -> {
                  if (calls.incrementAndGet() == 1) {
                    answering.countDown();
                    try {
                      invalidated.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                    }
                    return V1; // read before the change
                  }
                  return V2;
                })
            .ttl(Duration.ofHours(1))
            .maxStaleness(Duration.ofHours(2))
            .build();
    Thread first =
        new Thread(
            () -> {
              try {
                cache.fetch();
              } catch (ContractSourceException e) {
                throw new IllegalStateException(e);
              }
            });
    first.start();
    assertThat(answering.await(10, TimeUnit.SECONDS)).isTrue();
    cache.invalidate();
    invalidated.countDown();
    first.join(10_000);

    assertThat(cache.fetch()).isSameAs(V2);
    assertThat(calls).hasValue(2);
  }

  private static Contract contract(String... opcodes) {
    return Contract.of(
        "taskboard",
        List.of(opcodes).stream()
            .map(o -> Op.builder(o).description("does " + o).tier(Tier.REVERSIBLE).build())
            .toList());
  }
}
