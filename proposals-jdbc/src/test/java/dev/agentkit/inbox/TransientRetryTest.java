package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The transient retry's settings and tables: which SQL states it retries, how long it waits, and
 * the sentence for each setting out of range.
 */
class TransientRetryTest {
  @Test
  void connectionAndShutdownStatesAreTransientAndConflictsAndConstraintsAreNot() {
    for (String state :
        new String[] {
          "08001", "08003", "08006", "08007", "57P01", "57P02", "57P03", "53300", "90067", "90121"
        }) {
      assertThat(TransientRetry.transientState(state)).as(state).isTrue();
    }
    for (String state :
        new String[] {"", "23505", "40001", "42P01", "22001", "57014", "53100", "HYT00"}) {
      assertThat(TransientRetry.transientState(state)).as(state).isFalse();
    }
  }

  @Test
  void theWaitDoublesUpToTheMax() {
    TransientRetry r =
        TransientRetry.attempts(8).backoff(Duration.ofMillis(50), Duration.ofMillis(300));
    assertThat(r.backoffMillis(2)).isEqualTo(50);
    assertThat(r.backoffMillis(3)).isEqualTo(100);
    assertThat(r.backoffMillis(4)).isEqualTo(200);
    assertThat(r.backoffMillis(5)).isEqualTo(300);
    assertThat(r.backoffMillis(100)).isEqualTo(300);
    assertThat(TransientRetry.DEFAULT.attempts()).isEqualTo(5);
    assertThat(TransientRetry.DEFAULT).hasToString("5 attempts, backoff 50 ms to 2000 ms");
    assertThat(TransientRetry.off().attempts()).isEqualTo(1);
    assertThat(TransientRetry.off()).hasToString("no transient retry");
  }

  @Test
  void settingsOutOfRangeAreRefusedWithTheirRange() {
    assertThatThrownBy(() -> TransientRetry.attempts(0))
        .isInstanceOf(InboxException.class)
        .hasMessage(
            "[InboxArgument] the transient retry's attempts are 0: give from 1 (no retry) to 100;"
                + " each waits up to the max backoff");
    assertThatThrownBy(() -> TransientRetry.attempts(101))
        .hasMessageStartingWith("[InboxArgument] the transient retry's attempts are 101:");
    assertThatThrownBy(
            () -> TransientRetry.DEFAULT.backoff(Duration.ofMillis(-1), Duration.ofSeconds(1)))
        .isInstanceOf(InboxException.class)
        .hasMessage(
            "[InboxArgument] the transient retry's backoff is -1 ms at first and at most 1000 ms:"
                + " give a first wait of zero or more and a max of at least that");
    assertThatThrownBy(
            () -> TransientRetry.DEFAULT.backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .hasMessageStartingWith(
            "[InboxArgument] the transient retry's backoff is 2000 ms at first and at most 1000 ms");
  }
}
