package dev.agentkit.inbox;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One approval, under the proposal's row lock: an approval is of a version (the round's content as
 * the approver read it), of a stage (before or after escalation) and of the exact calls that would
 * run (slot values filled in). It counts toward the proposal only with approvals of the same three,
 * from the set of approvers in force; the approval that makes the count claims the proposal.
 */
final class Approvals {
  private Approvals() {}

  /** What an approval came to. */
  enum Step {
    /** Recorded; more approvals of these calls are needed. */
    WAITING,
    /** Recorded, and it completed the set: the proposal is claimed (accepted). */
    CLAIMED,
    /** The proposal is no longer pending in this round. */
    NOT_PENDING,
    /** The proposal changed since it was read: a new version, or it was escalated. */
    CHANGED,
    /** The proposal's deadline has passed. */
    EXPIRED,
    /** This approver already approved these calls of this version. */
    ALREADY_APPROVED
  }

  /**
   * The step, how many approvals are still missing, the proposal as the transaction left it (so a
   * waiting result never shows what a later approver's run did), and the row as it was locked.
   */
  record Result(Step step, int missing, InboxEntry entry, Store.Current locked) {}

  /**
   * Records {@code mine} and, when it completes the set, claims the proposal; in the caller's
   * transaction.
   */
  static Result approve(
      Connection c,
      InboxEntry entry,
      Oversight o,
      Store.Approved mine,
      String digest,
      String token,
      Instant now)
      throws SQLException {
    Optional<Store.Current> locked = Store.lock(c, entry.askKey());
    if (locked.isEmpty()
        || locked.get().state() != ProposalState.PENDING
        || locked.get().round() != entry.round()) {
      return new Result(Step.NOT_PENDING, 0, entry, null);
    }
    Store.Current cur = locked.get();
    if (cur.version() != entry.version() || cur.escalated() != entry.escalated()) {
      return new Result(Step.CHANGED, 0, entry, cur);
    }
    if (expired(cur.deadline(), now)) {
      return new Result(Step.EXPIRED, 0, entry, cur);
    }
    Store.Stage at = new Store.Stage(entry.askKey(), cur.round(), cur.version(), cur.escalated());
    List<Store.Approved> given = inForce(Store.approvals(c, at), o);
    Store.Approved earlier = byApprover(given, mine.approver());
    if (earlier != null && earlier.digest().equals(mine.digest())) {
      return new Result(Step.ALREADY_APPROVED, 0, entry, cur);
    }
    Store.approve(c, at, mine.approver(), now, mine, earlier != null);
    List<String> agreeing = new ArrayList<>();
    List<String> others = new ArrayList<>();
    for (Store.Approved a : given) {
      if (!a.approver().equals(mine.approver())) {
        (a.digest().equals(mine.digest()) ? agreeing : others).add(a.approver());
      }
    }
    agreeing.add(mine.approver());
    int left = o.required() - agreeing.size();
    if (left > 0) {
      String progress = progress(o, cur.version(), mine, earlier != null, agreeing, others);
      Store.audit(c, event(entry, now, mine.approver(), "approved", progress, digest));
      return new Result(Step.WAITING, left, Store.get(c, entry.askKey()).orElseThrow(), cur);
    }
    RunStore.claim(
        c, entry.askKey(), entry.round(), mine.approver(), mine.slotValues(), token, now);
    String accepted =
        "version "
            + cur.version()
            + ", slot values "
            + mine.slotValues()
            + ", approved by "
            + String.join(", ", agreeing);
    Store.audit(c, event(entry, now, mine.approver(), "accepted", accepted, digest));
    return new Result(Step.CLAIMED, 0, entry, cur);
  }

  static boolean expired(Instant deadline, Instant now) {
    return deadline != null && !now.isBefore(deadline);
  }

  /** The approvals of people in the set in force; others (an earlier set's) never count. */
  private static List<Store.Approved> inForce(List<Store.Approved> given, Oversight o) {
    List<Store.Approved> out = new ArrayList<>(given.size());
    for (Store.Approved a : given) {
      if (o.mayDecide(a.approver())) {
        out.add(a);
      }
    }
    return out;
  }

  private static Store.Approved byApprover(List<Store.Approved> given, String who) {
    for (Store.Approved a : given) {
      if (a.approver().equals(who)) {
        return a;
      }
    }
    return null;
  }

  /** "1 of 2 approvals from ann, bob, carol, of version 1", and what else the audit must say. */
  static String progress(
      Oversight o,
      int version,
      Store.Approved mine,
      boolean replaced,
      List<String> agreeing,
      List<String> others) {
    StringBuilder sb =
        new StringBuilder(agreeing.size() + " of " + o.describe() + ", of version " + version);
    if (!mine.slotValues().equals("{}")) {
      sb.append(" with slot values ").append(mine.slotValues());
    }
    if (replaced) {
      sb.append("; it replaces ").append(mine.approver()).append("'s approval of other values");
    }
    if (!others.isEmpty()) {
      sb.append("; ")
          .append(String.join(", ", others))
          .append(others.size() == 1 ? " approved" : " each approved")
          .append(" other values, which count only toward those");
    }
    return sb.toString();
  }

  /**
   * The refusal of an approval of a proposal that is no longer the round and version it was read
   * (or shown) as: reopened, a new version, or escalated.
   */
  static InboxException changed(
      InboxEntry read, int round, int version, Oversight base, String who, boolean shown) {
    String saw = who + (shown ? " was shown" : " approved");
    String how =
        round != read.round()
            ? "it is now round " + round + " (" + saw + " round " + read.round() + ")"
            : version != read.version()
                ? "it is now version " + version + " (" + saw + " version " + read.version() + ")"
                : "it was escalated, and now needs " + base.current(true).describe();
    return new InboxException(
        InboxException.Kind.CHANGED,
        "the proposal \""
            + read.askKey()
            + "\" changed "
            + (shown ? "since it was shown to " + who : "while " + who + " was approving it")
            + ": "
            + how
            + "; nothing was recorded: read it again and decide on what it says now");
  }

  /** The refusal of an approval past the deadline, saying what the next sweep does. */
  static InboxException expired(InboxEntry entry, Instant deadline, Oversight base) {
    Oversight.Expiry policy = entry.escalated() ? Oversight.Expiry.DECLINE : base.expiry();
    String sweep =
        switch (policy) {
          case ESCALATE -> "hands it to " + base.current(true).describe();
          case KEEP -> "keeps it pending with no deadline, and it can be approved then";
          default -> "declines it";
        };
    return new InboxException(
        InboxException.Kind.EXPIRED,
        "the proposal \""
            + entry.askKey()
            + "\" passed its deadline at "
            + deadline.truncatedTo(ChronoUnit.SECONDS)
            + ", so it can no longer be approved; nothing was recorded and nothing ran: the next"
            + " sweep "
            + sweep);
  }

  static InboxException already(InboxEntry entry, Oversight o, String who) {
    return new InboxException(
        InboxException.Kind.ALREADY_APPROVED,
        who
            + " already approved \""
            + entry.askKey()
            + "\", which waits for the rest of "
            + o.describe());
  }

  /** The approvers' names, in the order given. */
  static String names(List<Store.Approved> approvals) {
    List<String> names = new ArrayList<>(approvals.size());
    approvals.forEach(a -> names.add(a.approver()));
    return String.join(", ", names);
  }

  static AuditEvent event(
      InboxEntry entry, Instant now, String who, String action, String outcome, String digest) {
    return new AuditEvent(entry.askKey(), entry.round(), now, who, action, outcome, digest);
  }
}
