package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TierTest {
  @Test
  void t() {
    assertThat(Tier.READ_ONLY).isNotNull();
  }
}
