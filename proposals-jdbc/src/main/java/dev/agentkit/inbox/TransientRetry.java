package dev.agentkit.inbox;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * How the inbox retries a transaction the database failed for a reason that passes: a connection
 * refused or lost ({@code 08xxx}), the server shutting down or not accepting connections yet
 * ({@code 57P01}, {@code 57P02}, {@code 57P03}), too many connections ({@code 53300}), H2's broken
 * or closed connection ({@code 90067}, {@code 90121}). Immutable.
 *
 * <p>A transaction that failed before its commit was sent never happened, so it is run again. One
 * whose commit failed may have committed (the acknowledgement is what was lost), so it is never run
 * again blindly: the inbox first reads back, on a new connection and under the rows' locks, whether
 * its writes are there (by the proposals' ask keys and the time it wrote, by the run's token, by
 * the approval or the audit entry it wrote), and runs it again only when they are not. A read that
 * fails is always run again. See docs/inbox.md, "Transient failures".
 */
public final class TransientRetry {
  /**
   * Five attempts, waiting 50 ms before the second and twice as long before each next, at most 2 s.
   */
  public static final TransientRetry DEFAULT =
      new TransientRetry(5, Duration.ofMillis(50), Duration.ofSeconds(2));

  /** SQL states, or their classes, that a new connection may not meet again. */
  private static final List<String> TRANSIENT =
      List.of(
          "08", // connection exception: refused, lost, no longer there, resolution unknown
          "57P01", // PostgreSQL admin shutdown: the session was terminated
          "57P02", // PostgreSQL crash shutdown
          "57P03", // PostgreSQL cannot connect now: the server is starting
          "53300", // too many connections
          "90067", // H2 connection broken
          "90121"); // H2 database closed: the session was aborted

  private final int attempts;
  private final Duration firstBackoff;
  private final Duration maxBackoff;

  private TransientRetry(int attempts, Duration firstBackoff, Duration maxBackoff) {
    this.attempts = attempts;
    this.firstBackoff = firstBackoff;
    this.maxBackoff = maxBackoff;
  }

  /** No retry: the first transient failure is reported ({@code [InboxDatabase]}). */
  public static TransientRetry off() {
    return new TransientRetry(1, Duration.ZERO, Duration.ZERO);
  }

  /**
   * At most {@code attempts} attempts of a transaction (the first included), with the default
   * backoff.
   *
   * @throws InboxException {@code [InboxArgument]} outside 1 to 100
   */
  public static TransientRetry attempts(int attempts) {
    if (attempts < 1 || attempts > 100) {
      throw new InboxException(
          InboxException.Kind.ARGUMENT,
          "the transient retry's attempts are "
              + attempts
              + ": give from 1 (no retry) to 100; each waits up to the max backoff");
    }
    return new TransientRetry(attempts, DEFAULT.firstBackoff, DEFAULT.maxBackoff);
  }

  /**
   * This retry, waiting about {@code first} before the second attempt and twice as long before each
   * next, at most {@code max}; each wait is taken at random from its second half, so that clients
   * that failed together do not come back together.
   *
   * @throws InboxException {@code [InboxArgument]} when {@code first} is negative or {@code max} is
   *     shorter than it
   */
  public TransientRetry backoff(Duration first, Duration max) {
    Objects.requireNonNull(first, "first");
    Objects.requireNonNull(max, "max");
    if (first.isNegative() || max.compareTo(first) < 0) {
      throw new InboxException(
          InboxException.Kind.ARGUMENT,
          "the transient retry's backoff is "
              + first.toMillis()
              + " ms at first and at most "
              + max.toMillis()
              + " ms: give a first wait of zero or more and a max of at least that");
    }
    return new TransientRetry(attempts, first, max);
  }

  /** The most attempts of one transaction, the first included; 1 is no retry. */
  public int attempts() {
    return attempts;
  }

  /** About how long the second attempt waits. */
  public Duration firstBackoff() {
    return firstBackoff;
  }

  /** The longest wait between attempts. */
  public Duration maxBackoff() {
    return maxBackoff;
  }

  /** Whether a failure with this SQL state may pass on a new connection. */
  static boolean transientState(String state) {
    for (String t : TRANSIENT) {
      if (state.startsWith(t)) {
        return true;
      }
    }
    return false;
  }

  /** The wait before attempt {@code next} (2 for the first retry), before its jitter. */
  long backoffMillis(int next) {
    long first = firstBackoff.toMillis();
    long d = next - 2 >= 20 ? Long.MAX_VALUE : first << (next - 2);
    return d < 0 ? maxBackoff.toMillis() : Math.min(d, maxBackoff.toMillis());
  }

  @Override
  public String toString() {
    return attempts == 1
        ? "no transient retry"
        : attempts
            + " attempts, backoff "
            + firstBackoff.toMillis()
            + " ms to "
            + maxBackoff.toMillis()
            + " ms";
  }
}
