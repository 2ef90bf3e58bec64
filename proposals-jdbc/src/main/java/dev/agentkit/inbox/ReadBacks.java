package dev.agentkit.inbox;

import dev.agentkit.inbox.ProposeReport.Disposition;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * How each write tells, after its commit failed, whether it landed ({@link Tx.ReadBack}): by what
 * only that write leaves in the rows it locked. A propose leaves each proposal it wrote pending
 * with its question, ops and slots; a decline the proposal declined by its decider at its time; a
 * claim and every later write of a run the run's token; a waiting approval the approver's calls;
 * the sweep the expiry policy's mark; a refusal its audit entry. Each read takes the rows' locks,
 * so a commit still under way is waited for. When unsure, a read-back says "not landed": running a
 * write again is safe (each is conditional, or idempotent by ask key), and at worst it is refused
 * or finds the work done; taking an absent write for a landed one would lose it.
 */
final class ReadBacks {
  private static final Set<Disposition> WRITTEN =
      Set.of(Disposition.ADDED, Disposition.REFRESHED, Disposition.REOPENED);

  private ReadBacks() {}

  /**
   * A propose: every proposal it wrote is pending with the question, ops and slots it wrote. A
   * batch that wrote no row lost nothing.
   */
  static Tx.ReadBack<Map<String, Disposition>> proposed(Map<String, Store.Row> rows) {
    return (c, byKey) -> {
      for (Map.Entry<String, Disposition> e : byKey.entrySet()) {
        if (WRITTEN.contains(e.getValue()) && !holds(c, rows.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    };
  }

  /** A decline, or none when the conditional update found the proposal decided already. */
  static Tx.ReadBack<Integer> decided(String key, int round, String who, Instant now) {
    return (c, n) -> n == 0 || decidedBy(c, key, round, ProposalState.DECLINED, who, now);
  }

  /** The expiry policy applied to one proposal, or nothing when it had moved on. */
  static Tx.ReadBack<SweepReport.Expired> swept(String key, int round, Instant now) {
    return (c, expired) -> {
      if (expired == null) {
        return true;
      }
      if (expired == SweepReport.Expired.DECLINED) {
        return decidedBy(c, key, round, ProposalState.DECLINED, ProposalInbox.EXPIRY_ACTOR, now);
      }
      Optional<Store.Current> cur = Store.lock(c, key);
      // A due proposal was not escalated and had a deadline: escalating sets the one, keeping
      // clears the other.
      return cur.isPresent()
          && cur.get().round() == round
          && (expired == SweepReport.Expired.ESCALATED
              ? cur.get().escalated()
              : cur.get().deadline() == null);
    };
  }

  /** A write of a run: nothing when another run held it, else the run shows {@code landed}. */
  static Tx.ReadBack<Integer> run(String key, Predicate<RunStore.Run> landed) {
    return (c, n) -> n == 0 || RunStore.readLocked(c, key).map(landed::test).orElse(false);
  }

  /**
   * An approval: the claim holds the run's token, or a waiting approval records the approver's
   * calls; any other step wrote nothing.
   */
  static Tx.ReadBack<Approvals.Result> approved(String key, Store.Approved mine, String token) {
    return (c, r) -> {
      switch (r.step()) {
        case CLAIMED:
          return RunStore.readLocked(c, key).map(run -> run.heldBy(token)).orElse(false);
        case WAITING:
          Store.lock(c, key);
          return approvedCalls(c, r.locked(), key, mine.approver())
              .map(mine.digest()::equals)
              .orElse(false);
        default:
          return true;
      }
    };
  }

  /** An audit entry written alone, such as a refused accept's. */
  static Tx.ReadBack<Object> audited(AuditEvent e) {
    return (c, nothing) -> {
      try (PreparedStatement s =
          Store.prepare(
              c,
              "read back the audit entry",
              "SELECT outcome FROM agentkit_proposal_audit WHERE ask_key = ? AND round_no = ?"
                  + " AND occurred_at = ? AND actor = ? AND action = ?")) {
        s.setString(1, e.askKey());
        s.setInt(2, e.round());
        s.setObject(3, Store.ts(e.at()));
        s.setString(4, e.actor());
        s.setString(5, e.action());
        String recorded = Text.recordable(e.outcome(), Limits.TEXT);
        try (ResultSet r = Store.run("read back the audit entry", s::executeQuery)) {
          while (r.next()) {
            if (recorded.equals(r.getString(1))) {
              return true;
            }
          }
          return false;
        }
      }
    };
  }

  /** Whether the proposal, locked, is pending with the row's question, ops and slots. */
  private static boolean holds(Connection c, Store.Row row) throws SQLException {
    try (PreparedStatement s =
        Store.prepare(
            c,
            "read back the proposal",
            "SELECT state, question, ops_json, slots_json FROM agentkit_proposal"
                + " WHERE ask_key = ? FOR UPDATE")) {
      s.setString(1, row.key());
      try (ResultSet r = Store.run("read back the proposal", s::executeQuery)) {
        return r.next()
            && ProposalState.PENDING.wireName().equals(r.getString(1))
            && row.question().equals(r.getString(2))
            && row.ops().equals(r.getString(3))
            && row.slots().equals(r.getString(4));
      }
    }
  }

  /** Whether the proposal, locked, was moved to {@code state} in this round by who, at now. */
  private static boolean decidedBy(
      Connection c, String key, int round, ProposalState state, String who, Instant now)
      throws SQLException {
    try (PreparedStatement s =
        Store.prepare(
            c,
            "read back the decision",
            "SELECT state, round_no, decided_by, decided_at FROM agentkit_proposal"
                + " WHERE ask_key = ? FOR UPDATE")) {
      s.setString(1, key);
      try (ResultSet r = Store.run("read back the decision", s::executeQuery)) {
        if (!r.next()) {
          return false;
        }
        OffsetDateTime at = r.getObject(4, OffsetDateTime.class);
        return state.wireName().equals(r.getString(1))
            && r.getInt(2) == round
            && who.equals(r.getString(3))
            && at != null
            && at.toInstant().equals(now);
      }
    }
  }

  /** The calls digest of the approver's approval of the stage the row was locked at. */
  private static Optional<String> approvedCalls(
      Connection c, Store.Current stage, String key, String who) throws SQLException {
    try (PreparedStatement s =
        Store.prepare(
            c,
            "read back the approval",
            "SELECT calls_digest FROM agentkit_version_approval WHERE ask_key = ? AND round_no = ?"
                + " AND version_no = ? AND escalated = ? AND approver = ?")) {
      s.setString(1, key);
      s.setInt(2, stage.round());
      s.setInt(3, stage.version());
      s.setBoolean(4, stage.escalated());
      s.setString(5, who);
      try (ResultSet r = Store.run("read back the approval", s::executeQuery)) {
        return r.next() ? Optional.of(r.getString(1)) : Optional.empty();
      }
    }
  }
}
