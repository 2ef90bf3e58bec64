package dev.agentkit.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationTextTest {
  @Test
  void dropsPrecisionAsDurationsGrow() {
    assertThat(DurationText.of(Duration.ZERO)).isEqualTo("0s");
    assertThat(DurationText.of(Duration.ofNanos(1))).isEqualTo("under 1ms");
    assertThat(DurationText.of(Duration.ofMillis(300))).isEqualTo("300ms");
    assertThat(DurationText.of(Duration.ofMillis(1_500))).isEqualTo("1.5s");
    assertThat(DurationText.of(Duration.ofMillis(2_025))).isEqualTo("2.025s");
    assertThat(DurationText.of(Duration.ofSeconds(45))).isEqualTo("45s");
    assertThat(DurationText.of(Duration.ofSeconds(250))).isEqualTo("4m 10s");
    assertThat(DurationText.of(Duration.ofMinutes(10))).isEqualTo("10m");
    assertThat(DurationText.of(Duration.ofMinutes(125))).isEqualTo("2h 5m");
    assertThat(DurationText.of(Duration.ofHours(76))).isEqualTo("3d 4h");
    assertThat(DurationText.of(Duration.ofSeconds(-90))).isEqualTo("-1m 30s");
  }
}
