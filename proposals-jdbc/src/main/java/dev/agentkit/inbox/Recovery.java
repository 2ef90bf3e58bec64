package dev.agentkit.inbox;

import dev.agentkit.Call;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** The sentences of {@code recover} and {@code settle}: what is in doubt, and what to do. */
final class Recovery {
  private Recovery() {}

  /** {@code recover} of a running proposal: its op in doubt is a person's to settle. */
  static InboxException outcomeUnknown(InboxEntry entry, RunStore.Run run) {
    int i = run.opsDone();
    return new InboxException(
        InboxException.Kind.OUTCOME_UNKNOWN,
        Outcomes.name(i, entry.ops().get(i))
            + " of \""
            + entry.askKey()
            + "\" was handed to the runner"
            + at(run.opStartedAt())
            + " and its outcome is not recorded, so recover does not send it again: check the"
            + " backend, then settle(\""
            + entry.askKey()
            + "\", by, Settlement.APPLIED, note) if it took effect, NOT_APPLIED if it did not, or"
            + " RUN_AGAIN to send it again with its idempotency key "
            + entry.idempotencyKey(i)
            + " (safe where the backend honours the key)");
  }

  static InboxException notInFlight(InboxEntry entry) {
    return new InboxException(
        InboxException.Kind.NOT_IN_FLIGHT,
        "the proposal \""
            + entry.askKey()
            + "\" is "
            + entry.state().wireName()
            + ", so there is nothing to recover or settle: only an accepted or running proposal is"
            + " in flight");
  }

  /** {@code settle} before the run timeout: the op may still be running. */
  static InboxException stillRunning(InboxEntry entry, RunStore.Run run, Duration timeout) {
    int i = run.opsDone();
    Instant from = run.opStartedAt().plus(timeout).truncatedTo(ChronoUnit.SECONDS);
    return new InboxException(
        InboxException.Kind.STILL_RUNNING,
        Outcomes.name(i, entry.ops().get(i))
            + " of \""
            + entry.askKey()
            + "\" was handed to the runner"
            + at(run.opStartedAt())
            + " and may still be running, so its outcome cannot be settled yet: settle it from "
            + from
            + ", when the run timeout ("
            + timeout
            + ") has passed");
  }

  /** The run moved on (another recovery or settlement) between reading it and taking it over. */
  static InboxException moved(InboxEntry entry, String who) {
    return new InboxException(
        InboxException.Kind.CHANGED,
        "the proposal \""
            + entry.askKey()
            + "\" moved on while "
            + who
            + " was settling it (another recovery or settlement, or its own run, wrote it);"
            + " nothing was recorded: read it again and settle what it says now");
  }

  /** What a settlement says about the op in doubt, for the audit trail. */
  static String words(Settlement how, InboxEntry entry, int i, String who, String note) {
    Call op = entry.ops().get(i);
    String what =
        switch (how) {
          case APPLIED -> " took effect";
          case NOT_APPLIED -> " did not take effect";
          default -> " is sent again with its idempotency key " + entry.idempotencyKey(i);
        };
    return who + ": " + Outcomes.name(i, op) + what + (note.isEmpty() ? "" : ": " + note);
  }

  /** The recorded part of the op in doubt, as a person settled it. */
  static String settledPart(Settlement how, InboxEntry entry, int i, String who, String note) {
    String by = " (settled by " + who + (note.isEmpty() ? "" : ": " + note) + ")";
    String op = Outcomes.name(i, entry.ops().get(i));
    return how == Settlement.APPLIED
        ? op + " done" + by
        : op + " failed: it did not take effect" + by;
  }

  private static String at(Instant t) {
    return t == null ? "" : " at " + t.truncatedTo(ChronoUnit.SECONDS);
  }
}
