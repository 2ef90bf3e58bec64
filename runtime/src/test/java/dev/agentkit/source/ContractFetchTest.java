package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.Fixtures;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ContractFetchTest {
  @Test
  void aNegativeMaxAgeIsRefused() {
    assertThatThrownBy(
            () -> ContractFetch.unchanged(Optional.empty(), Optional.of(Duration.ofSeconds(-1))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a max age cannot be negative, but it is PT-1S; give zero for \"revalidate\"");
  }

  @Test
  void aFullFetchSaysNothingAboutCachingUnlessTold() {
    ContractFetch plain = ContractFetch.of(Fixtures.taskboard());

    assertThat(plain.unchanged()).isFalse();
    assertThat(plain.entityTag()).isEmpty();
    assertThat(plain.maxAge()).isEmpty();
    assertThat(plain.toString()).doesNotContain("entity tag", "max age");
  }
}
