package dev.agentkit.source;

import java.time.Duration;
import java.util.function.DoubleSupplier;
import java.util.function.LongSupplier;

/**
 * Row 13's caches on a simulated clock: {@link CachedContract}'s clock and jitter draws are
 * package-private (for tests, not API), so the fleet simulation reaches them from here, in the
 * runtime's package on the benchmarks' class path. Not part of agentkit; only benchmarks use it.
 */
public final class SimulatedCaches {
  private SimulatedCaches() {}

  /**
   * A cache over {@code source} on {@code clock} (nanoseconds), its jitter drawn from {@code
   * random} (uniform in [0, 1)): expiry is checked on each read against the clock, as for any
   * injected clock.
   */
  public static CachedContract cache(
      ContractSource source,
      Duration ttl,
      Duration maxStaleness,
      double jitter,
      LongSupplier clock,
      DoubleSupplier random) {
    return CachedContract.builder(source)
        .ttl(ttl)
        .maxStaleness(maxStaleness)
        .jitter(jitter)
        .nanoTime(clock)
        .random(random)
        .build();
  }
}
