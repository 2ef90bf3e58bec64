package dev.agentkit.inbox;

import java.time.temporal.ChronoUnit;

/** The sentences of the inbox's refusals that more than one step gives, and the argument checks. */
final class Refusals {
  private Refusals() {}

  static InboxException notPending(InboxEntry entry, String verb) {
    String by =
        entry
            .decision()
            .map(d -> " by " + d.by() + " at " + d.at().truncatedTo(ChronoUnit.SECONDS))
            .orElse("");
    return new InboxException(
        InboxException.Kind.NOT_PENDING,
        "the proposal \""
            + entry.askKey()
            + "\" is "
            + entry.state().wireName()
            + by
            + ", so it cannot be "
            + verb
            + "; only a pending proposal can be accepted or declined"
            + inFlightHint(entry));
  }

  static String inFlightHint(InboxEntry entry) {
    String key = "\"" + entry.askKey() + "\"";
    if (entry.state() == ProposalState.ACCEPTED) {
      return "; none of its ops has started: recover(" + key + ", by) runs them";
    }
    if (entry.state() == ProposalState.RUNNING) {
      int i = entry.opsDone();
      return "; "
          + Outcomes.name(i, entry.ops().get(i))
          + " was handed to the runner and its outcome is not recorded: if it stays so, settle("
          + key
          + ", by, settlement, note) decides it";
    }
    return "";
  }

  static String decider(String by) {
    if (by == null || by.isBlank()) {
      throw new InboxException(
          InboxException.Kind.ARGUMENT,
          "who decided is blank: pass the person's name or id, which the audit trail records for"
              + " every accept and refusal");
    }
    String who = by.strip();
    Limits.checkDecider(who);
    return who;
  }

  static String key(String askKey) {
    if (askKey == null || askKey.isBlank()) {
      throw new InboxException(
          InboxException.Kind.ARGUMENT,
          "the ask key is blank: pass a proposal's askKey(), such as"
              + " \"triage:project:p1:archive_project\"");
    }
    return askKey.strip();
  }

  static void checkApprover(InboxEntry entry, Oversight o, String who, String verb) {
    if (!o.mayDecide(who)) {
      throw new InboxException(
          InboxException.Kind.NOT_APPROVER,
          who
              + " may not "
              + verb
              + " \""
              + entry.askKey()
              + "\": its oversight needs "
              + o.describe()
              + (entry.escalated() ? " (escalated)" : ""));
    }
  }
}
