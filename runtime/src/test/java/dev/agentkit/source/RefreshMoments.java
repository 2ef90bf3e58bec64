package dev.agentkit.source;

import dev.agentkit.contract.Contract;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;

/** Caches on one test clock, and the moment each holds its contract for: when it goes stale. */
final class RefreshMoments {
  final AtomicLong clock = new AtomicLong();

  /** A cache over a source that always answers {@code contract}, fetched once at time zero. */
  CachedContract fetchedAtZero(
      Contract contract, Duration ttl, Duration maxStaleness, double jitter, DoubleSupplier random)
      throws ContractSourceException {
    clock.set(0);
    CachedContract cache =
        CachedContract.builder(() -> contract)
            .ttl(ttl)
            .maxStaleness(maxStaleness)
            .jitter(jitter)
            .random(random)
            .nanoTime(clock::get)
            .build();
    cache.fetch();
    return cache;
  }

  /**
   * The first clock reading, in nanoseconds after the fetch, at which the cache counts its contract
   * as past its ttl: found by bisection on {@link CachedContract#freshness()}.
   */
  long staleFrom(CachedContract cache, long upTo) {
    long lo = 0;
    long hi = upTo;
    while (lo < hi) {
      long mid = lo + (hi - lo) / 2;
      clock.set(mid);
      if (cache.freshness().orElseThrow().stale()) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return lo;
  }
}
