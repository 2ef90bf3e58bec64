package dev.agentkit.inbox;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The statements of a run, each conditional on the run's token: of two runs of one proposal (a slow
 * accept and a recovery, say), only the one holding the token may start, record or finish, so no
 * outcome is written by a run that lost the proposal. Every method works in the caller's
 * transaction.
 */
final class RunStore {
  private RunStore() {}

  /** A proposal's run as stored: its state, round, token, ops with an outcome, op start time. */
  record Run(
      ProposalState state,
      int round,
      String token,
      int opsDone,
      Instant opStartedAt,
      String outcome) {
    boolean heldBy(String t) {
      return token != null && token.equals(t);
    }
  }

  static Optional<Run> read(Connection c, String key) throws SQLException {
    return read(c, key, "");
  }

  /** The run, its row locked: a write of it still being committed is waited for. */
  static Optional<Run> readLocked(Connection c, String key) throws SQLException {
    return read(c, key, " FOR UPDATE");
  }

  private static Optional<Run> read(Connection c, String key, String lock) throws SQLException {
    try (PreparedStatement s =
        Store.prepare(
            c,
            "read the run",
            "SELECT state, round_no, run_token, ops_done, op_started_at, outcome"
                + " FROM agentkit_proposal WHERE ask_key = ?"
                + lock)) {
      s.setString(1, key);
      try (ResultSet r = Store.run("read the run", s::executeQuery)) {
        if (!r.next()) {
          return Optional.empty();
        }
        java.time.OffsetDateTime at = r.getObject(5, java.time.OffsetDateTime.class);
        return Optional.of(
            new Run(
                ProposalState.fromWire(r.getString(1)),
                r.getInt(2),
                r.getString(3),
                r.getInt(4),
                at == null ? null : at.toInstant(),
                r.getString(6) == null ? "" : r.getString(6)));
      }
    }
  }

  /** Claims a pending row of this round for a run: pending to accepted; 1 when this call won. */
  static int claim(
      Connection c, String key, int round, String by, String slotValues, String token, Instant now)
      throws SQLException {
    return update(
        c,
        "claim the proposal",
        "UPDATE agentkit_proposal SET state = 'accepted', decided_by = ?, decided_at = ?,"
            + " reason = '', slot_values_json = ?, run_token = ?, ops_done = 0, outcome = NULL,"
            + " op_started_at = NULL, updated_at = ?"
            + " WHERE ask_key = ? AND round_no = ? AND state = 'pending'",
        by,
        Store.ts(now),
        slotValues,
        token,
        Store.ts(now),
        key,
        round);
  }

  /** Marks the first op handed to the runner: accepted to running; 1 when written. */
  static int start(Connection c, String key, int round, String token, Instant now)
      throws SQLException {
    return update(
        c,
        "start the run",
        "UPDATE agentkit_proposal SET state = 'running', op_started_at = ?, updated_at = ?"
            + " WHERE ask_key = ? AND round_no = ? AND state = 'accepted' AND run_token = ?",
        Store.ts(now),
        Store.ts(now),
        key,
        round,
        token);
  }

  /**
   * Hands the run to a new token (a recovery or a person's settlement), provided nobody else did
   * and no outcome was recorded since it was read; running from then on. 1 when written.
   */
  static int takeOver(Connection c, String key, Run seen, String token, Instant now)
      throws SQLException {
    return update(
        c,
        "take over the run",
        "UPDATE agentkit_proposal SET state = 'running', run_token = ?, op_started_at = ?,"
            + " updated_at = ? WHERE ask_key = ? AND round_no = ? AND state = ? AND run_token = ?"
            + " AND ops_done = ?",
        token,
        Store.ts(now),
        Store.ts(now),
        key,
        seen.round(),
        seen.state().wireName(),
        seen.token(),
        seen.opsDone());
  }

  /** Records the outcome of the ops so far; the next op starts now. 1 when written. */
  static int progress(
      Connection c, String key, int round, String token, int opsDone, String outcome, Instant now)
      throws SQLException {
    return update(
        c,
        "record an op's outcome",
        "UPDATE agentkit_proposal SET ops_done = ?, outcome = ?, op_started_at = ?, updated_at = ?"
            + " WHERE ask_key = ? AND round_no = ? AND state = 'running' AND run_token = ?",
        opsDone,
        Text.recordable(outcome, Limits.TEXT),
        Store.ts(now),
        Store.ts(now),
        key,
        round,
        token);
  }

  /** Records the run's end: running to done or failed. 1 when written. */
  static int finish(
      Connection c,
      String key,
      int round,
      String token,
      ProposalState to,
      int opsDone,
      String outcome,
      Instant now)
      throws SQLException {
    return update(
        c,
        "record the outcome",
        "UPDATE agentkit_proposal SET state = ?, ops_done = ?, outcome = ?, updated_at = ?"
            + " WHERE ask_key = ? AND round_no = ? AND state = 'running' AND run_token = ?",
        to.wireName(),
        opsDone,
        Text.recordable(outcome, Limits.TEXT),
        Store.ts(now),
        key,
        round,
        token);
  }

  /** How many proposals are in each state; every state is present, zero when none is. */
  static Map<ProposalState, Long> counts(Connection c) throws SQLException {
    Map<ProposalState, Long> out = new EnumMap<>(ProposalState.class);
    for (ProposalState s : ProposalState.values()) {
      out.put(s, 0L);
    }
    try (PreparedStatement s =
            Store.prepare(
                c,
                "count the proposals",
                "SELECT state, COUNT(*) FROM agentkit_proposal GROUP BY state");
        ResultSet r = Store.run("count the proposals", s::executeQuery)) {
      while (r.next()) {
        for (ProposalState st : ProposalState.values()) {
          if (st.wireName().equals(r.getString(1))) {
            out.put(st, r.getLong(2));
          }
        }
      }
    }
    return out;
  }

  /**
   * The backlog of one agent's proposals, or of every agent's when {@code agent} is null: two
   * statements, each answered from the state indexes.
   */
  static InboxBacklog backlog(
      Connection c, String agent, Instant now, java.time.Duration runTimeout) throws SQLException {
    String where = agent == null ? "" : " WHERE agent = ?";
    Map<ProposalState, Long> counts = new EnumMap<>(ProposalState.class);
    Instant oldest = null;
    try (PreparedStatement s =
        Store.prepare(
            c,
            "count the proposals",
            "SELECT state, COUNT(*), MIN(proposed_at) FROM agentkit_proposal"
                + where
                + " GROUP BY state")) {
      if (agent != null) {
        s.setString(1, agent);
      }
      try (ResultSet r = Store.run("count the proposals", s::executeQuery)) {
        while (r.next()) {
          ProposalState st = known(r.getString(1));
          if (st != null) {
            counts.put(st, r.getLong(2));
          }
          if (st == ProposalState.PENDING) {
            java.time.OffsetDateTime at = r.getObject(3, java.time.OffsetDateTime.class);
            oldest = at == null ? null : at.toInstant();
          }
        }
      }
    }
    Instant before = now.minus(runTimeout);
    long stranded;
    try (PreparedStatement s =
        Store.prepare(
            c,
            "count the stranded proposals",
            "SELECT COUNT(*) FROM agentkit_proposal WHERE"
                + (agent == null ? "" : " agent = ? AND")
                + " ((state = 'accepted' AND updated_at < ?)"
                + " OR (state = 'running' AND op_started_at < ?))")) {
      int i = 1;
      if (agent != null) {
        s.setString(i++, agent);
      }
      s.setObject(i++, Store.ts(before));
      s.setObject(i, Store.ts(before));
      try (ResultSet r = Store.run("count the stranded proposals", s::executeQuery)) {
        r.next();
        stranded = r.getLong(1);
      }
    }
    return new InboxBacklog(counts, Optional.ofNullable(oldest), stranded, now);
  }

  /** The state of this wire name, or null for one this version does not know. */
  private static ProposalState known(String wire) {
    for (ProposalState st : ProposalState.values()) {
      if (st.wireName().equals(wire)) {
        return st;
      }
    }
    return null;
  }

  private static int update(Connection c, String name, String sql, Object... values)
      throws SQLException {
    try (PreparedStatement s = Store.prepare(c, name, sql)) {
      for (int i = 0; i < values.length; i++) {
        s.setObject(i + 1, values[i]);
      }
      return Store.run(name, s::executeUpdate);
    }
  }
}
