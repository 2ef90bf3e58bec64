package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.Fixtures;
import java.time.Duration;
import java.util.HashSet;
import java.util.LongSummaryStatistics;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/** Jitter moves each refresh up to a fraction of the ttl either way, never past max staleness. */
class CachedContractJitterTest {
  private static final Duration TTL = Duration.ofMinutes(5);
  private final RefreshMoments moments = new RefreshMoments();

  @Test
  void theDefaultMovesARefreshUpToTenPercentEitherWay() throws Exception {
    assertThat(CachedContract.DEFAULT_JITTER).isEqualTo(0.10);
    CachedContract early =
        moments.fetchedAtZero(
            Fixtures.taskboard(),
            TTL,
            TTL.multipliedBy(2),
            CachedContract.DEFAULT_JITTER,
            () -> 0.0);
    CachedContract middle =
        moments.fetchedAtZero(
            Fixtures.taskboard(),
            TTL,
            TTL.multipliedBy(2),
            CachedContract.DEFAULT_JITTER,
            () -> 0.5);

    assertThat(moments.staleFrom(early, TTL.toNanos() * 2))
        .isEqualTo(Duration.ofSeconds(270).toNanos());
    assertThat(moments.staleFrom(middle, TTL.toNanos() * 2)).isEqualTo(TTL.toNanos());
  }

  @Test
  void aLateRefreshNeverPassesTheMaxStaleness() throws Exception {
    CachedContract late =
        moments.fetchedAtZero(Fixtures.taskboard(), TTL, TTL, 0.5, () -> 0.999999);

    assertThat(moments.staleFrom(late, TTL.toNanos() * 2)).isEqualTo(TTL.toNanos());
  }

  @Test
  void cachesStartedTogetherRefreshApart() throws Exception {
    Set<Long> distinct = new HashSet<>();
    LongSummaryStatistics stats = new LongSummaryStatistics();
    for (int i = 0; i < 200; i++) {
      CachedContract cache =
          moments.fetchedAtZero(
              Fixtures.taskboard(),
              TTL,
              TTL.multipliedBy(2),
              CachedContract.DEFAULT_JITTER,
              () -> ThreadLocalRandom.current().nextDouble());
      long at = moments.staleFrom(cache, TTL.toNanos() * 2);
      distinct.add(at);
      stats.accept(at);
    }

    assertThat(distinct).hasSizeGreaterThan(190);
    assertThat(stats.getMin())
        .isBetween(Duration.ofSeconds(270).toNanos(), Duration.ofSeconds(276).toNanos());
    assertThat(stats.getMax())
        .isBetween(Duration.ofSeconds(324).toNanos(), Duration.ofSeconds(330).toNanos());
  }

  @Test
  void aJitterOutOfRangeIsRefused() {
    CachedContract.Builder builder =
        CachedContract.builder(Fixtures.sourceOf(Fixtures.taskboard()));
    for (double bad : new double[] {-0.1, 1.0, 2.5, Double.NaN}) {
      assertThatThrownBy(() -> builder.jitter(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "the jitter of a CachedContract is a fraction of the ttl from 0 (none) up to but not"
                  + " including 1, such as 0.1 for 10%, but it is "
                  + bad);
    }
  }
}
