package dev.agentkit.drift;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What startup does with a {@link DriftReport}: fail on breaking drift (the default), only warn, or
 * pass specific reviewed breaking items until their acknowledgement expires. Immutable; the {@code
 * acknowledge} method returns a copy.
 */
public final class DriftPolicy {
  private final boolean failOnBreaking;
  private final List<Acknowledgement> acks;

  private DriftPolicy(boolean failOnBreaking, List<Acknowledgement> acks) {
    this.failOnBreaking = failOnBreaking;
    this.acks = List.copyOf(acks);
  }

  /**
   * A reviewed breaking change that may pass until it expires.
   *
   * @param rule the drift rule
   * @param target {@code op}, {@code op.operand} or {@code op.operand=value}, as {@link
   *     DriftItem#target()} prints it
   * @param expires the last day the acknowledgement holds
   * @param reason why it is safe for now; shown in the report
   */
  public record Acknowledgement(DriftRule rule, String target, LocalDate expires, String reason) {
    /** Validates the components. */
    public Acknowledgement {
      Objects.requireNonNull(rule, "rule");
      Objects.requireNonNull(target, "target");
      Objects.requireNonNull(expires, "expires: every acknowledgement needs an expiry date");
      reason = reason == null ? "" : reason;
    }

    boolean matches(DriftItem item) {
      return item.rule() == rule && item.target().equals(target);
    }
  }

  /** Fail on any breaking item (the default). */
  public static DriftPolicy failOnBreaking() {
    return new DriftPolicy(true, List.of());
  }

  /** Never fail; breaking items are reported as warnings. */
  public static DriftPolicy warnOnly() {
    return new DriftPolicy(false, List.of());
  }

  /** This policy, passing one reviewed breaking item until {@code expires} (inclusive). */
  public DriftPolicy acknowledge(DriftRule rule, String target, LocalDate expires, String reason) {
    List<Acknowledgement> more = new ArrayList<>(acks);
    more.add(new Acknowledgement(rule, target, expires, reason));
    return new DriftPolicy(failOnBreaking, more);
  }

  /** The acknowledgements, in the order given. */
  public List<Acknowledgement> acknowledgements() {
    return acks;
  }

  /**
   * The verdict on a report.
   *
   * @param passed whether binding may proceed
   * @param failing the breaking items that make it fail (empty when it passes)
   * @param notes one sentence per warning, acknowledged item and expired acknowledgement
   */
  public record Verdict(boolean passed, List<DriftItem> failing, List<String> notes) {
    /** Copies the lists. */
    public Verdict {
      failing = List.copyOf(failing);
      notes = List.copyOf(notes);
    }
  }

  /** Judges a report as of {@code today}. */
  public Verdict judge(DriftReport report, LocalDate today) {
    List<DriftItem> failing = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (DriftItem item : report.items(DriftSeverity.BREAKING)) {
      Acknowledgement ack = null;
      for (Acknowledgement a : acks) {
        if (a.matches(item)) {
          ack = a;
          break;
        }
      }
      if (ack != null && !today.isAfter(ack.expires())) {
        notes.add(
            "acknowledged until "
                + ack.expires()
                + (ack.reason().isEmpty() ? "" : " (" + ack.reason() + ")")
                + ": "
                + item.sentence());
      } else if (ack != null) {
        notes.add(
            "the acknowledgement of "
                + ack.rule().id()
                + " on "
                + ack.target()
                + " expired on "
                + ack.expires()
                + "; review the change, then fix the agent or renew the acknowledgement");
        if (failOnBreaking) {
          failing.add(item);
        }
      } else if (failOnBreaking) {
        failing.add(item);
      } else {
        notes.add("warning: " + item.sentence());
      }
    }
    return new Verdict(failing.isEmpty(), failing, notes);
  }
}
