package dev.agentkit.inbox;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** One proposal past its deadline, under its row lock: the expiry policy applied. */
final class Sweeps {
  private Sweeps() {}

  static SweepReport.Expired expire(Connection c, Store.Due seen, Oversight o, Instant now)
      throws SQLException {
    Optional<Store.Due> locked = Store.lockDue(c, seen.key(), now);
    if (locked.isEmpty()) {
      return null; // decided or moved on since the scan
    }
    Store.Due d = locked.get();
    Oversight.Expiry policy = d.escalated() ? Oversight.Expiry.DECLINE : o.expiry();
    switch (policy) {
      case ESCALATE:
        Oversight to = o.escalation().orElseThrow();
        Store.deadline(
            c, d.key(), now.plus(to.deadline().or(o::deadline).orElseThrow()), true, now);
        List<Store.Approved> before =
            Store.approvals(c, new Store.Stage(d.key(), d.round(), d.version(), false));
        String lost =
            before.isEmpty()
                ? ""
                : "; the approvals given before ("
                    + Approvals.names(before)
                    + ") do not count toward it";
        Store.audit(
            c,
            expiryEvent(
                d, now, "escalated", "past its deadline; now needs " + to.describe() + lost));
        return SweepReport.Expired.ESCALATED;
      case KEEP:
        Store.deadline(c, d.key(), null, false, now);
        Store.audit(c, expiryEvent(d, now, "kept", "past its deadline; kept pending, no deadline"));
        return SweepReport.Expired.KEPT;
      default:
        String reason = "no decision before the deadline";
        Store.decide(
            c,
            d.key(),
            d.round(),
            ProposalState.DECLINED,
            ProposalInbox.EXPIRY_ACTOR,
            reason,
            null,
            now);
        Store.audit(c, expiryEvent(d, now, "expired", reason));
        return SweepReport.Expired.DECLINED;
    }
  }

  private static AuditEvent expiryEvent(Store.Due d, Instant now, String action, String outcome) {
    return new AuditEvent(d.key(), d.round(), now, ProposalInbox.EXPIRY_ACTOR, action, outcome, "");
  }
}
