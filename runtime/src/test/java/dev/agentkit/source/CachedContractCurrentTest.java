package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Fixtures;
import dev.agentkit.contract.Contract;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link CachedContract#current()}: what the cache holds, never waiting on the source. */
class CachedContractCurrentTest {
  private static final Contract V1 = Fixtures.taskboard();
  private static final Contract V2 =
      Contract.of("taskboard", Fixtures.taskboard().ops().subList(1, 3));

  private final AtomicInteger fetches = new AtomicInteger();
  private final AtomicReference<Contract> serving = new AtomicReference<>(V1);

  private final ContractSource source =
      () -> {
        fetches.incrementAndGet();
        Contract c = serving.get();
        if (c == null) {
          throw new ContractSourceException("the backend is down");
        }
        return c;
      };

  @Test
  void emptyBeforeTheFirstFetchWhichItStartsInTheBackground() throws Exception {
    CachedContract cache =
        CachedContract.builder(source)
            .ttl(Duration.ofMinutes(1))
            .maxStaleness(Duration.ofMinutes(1))
            .build();

    assertThat(cache.current()).isEmpty();
    Waits.until(() -> cache.current().isPresent());
    assertThat(cache.current()).containsSame(V1);
    assertThat(fetches).hasValue(1);
  }

  @Test
  void withinTheTtlItReturnsTheHeldContractWithoutAskingTheSource() throws Exception {
    CachedContract cache =
        CachedContract.builder(source)
            .ttl(Duration.ofMinutes(1))
            .maxStaleness(Duration.ofMinutes(1))
            .build();
    Contract fetched = cache.fetch();
    serving.set(V2);
    for (int i = 0; i < 1000; i++) {
      assertThat(cache.current()).containsSame(fetched);
    }
    assertThat(fetches).hasValue(1);
  }

  @Test
  void pastTheTtlItRefreshesInTheBackgroundAndServesTheHeldOneMeanwhile() throws Exception {
    CachedContract cache =
        CachedContract.builder(source)
            .ttl(Duration.ofMillis(30))
            .maxStaleness(Duration.ofMinutes(1))
            .build();
    cache.fetch();
    serving.set(V2);

    Waits.until(() -> cache.current().orElseThrow() == V2);
    assertThat(fetches.get()).isGreaterThanOrEqualTo(2);
  }

  @Test
  void duringAnOutageItTriesOncePerTtlThenEmptiesPastTheMaxStaleness() throws Exception {
    CachedContract cache =
        CachedContract.builder(source)
            .ttl(Duration.ofMillis(50))
            .maxStaleness(Duration.ofMillis(400))
            .build();
    cache.fetch();
    serving.set(null);
    long start = System.nanoTime();

    Waits.until(
        () -> {
          Optional<Contract> c = cache.current();
          return c.isEmpty();
        });
    long elapsedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    assertThat(elapsedMillis).isGreaterThanOrEqualTo(300);
    // Thousands of reads, but the source is asked about once per ttl, not once per read.
    assertThat(fetches.get()).isLessThanOrEqualTo(2 + (int) (elapsedMillis / 50) + 2);

    serving.set(V1);
    Waits.until(() -> cache.current().isPresent());
    assertThat(cache.current()).containsSame(V1);
  }

  @Test
  void withAnInjectedClockTheMaxStalenessIsReadFromIt() throws Exception {
    AtomicLong now = new AtomicLong(1_000_000_000L);
    CachedContract cache =
        CachedContract.builder(source)
            .ttl(Duration.ofSeconds(1))
            .maxStaleness(Duration.ofSeconds(10))
            .nanoTime(now::get)
            .build();
    cache.fetch();
    serving.set(null);

    now.addAndGet(Duration.ofSeconds(10).minusNanos(1).toNanos());
    assertThat(cache.current()).containsSame(V1);
    now.addAndGet(1);
    assertThat(cache.current()).isEmpty();
  }
}
