package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Fixtures;
import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.LongRange;

/** For any ttl, max staleness, jitter and draw, the refresh falls in the jittered window. */
class CachedContractJitterPropertyTest {
  @Property(tries = 300)
  void theRefreshFallsWithinTheJitteredTtlAndNeverPastTheMaxStaleness(
      @ForAll @LongRange(min = 1, max = 86_400_000) long ttlMillis,
      @ForAll @LongRange(min = 0, max = 86_400_000) long extraStalenessMillis,
      @ForAll @DoubleRange(min = 0, max = 0.99) double jitter,
      @ForAll @DoubleRange(min = 0, max = 1, maxIncluded = false) double draw)
      throws Exception {
    RefreshMoments moments = new RefreshMoments();
    Duration ttl = Duration.ofMillis(ttlMillis);
    Duration maxStaleness = ttl.plusMillis(extraStalenessMillis);
    CachedContract cache =
        moments.fetchedAtZero(Fixtures.taskboard(), ttl, maxStaleness, jitter, () -> draw);

    long at = moments.staleFrom(cache, maxStaleness.toNanos() + 1);

    long ttlNanos = ttl.toNanos();
    assertThat(at).isLessThanOrEqualTo(maxStaleness.toNanos());
    assertThat((double) at).isGreaterThanOrEqualTo(Math.floor(ttlNanos * (1 - jitter)) - 1);
    assertThat((double) at).isLessThanOrEqualTo(Math.ceil(ttlNanos * (1 + jitter)) + 1);
    assertThat(at).isPositive();
  }
}
