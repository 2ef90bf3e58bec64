package dev.agentkit.inbox;

import dev.agentkit.Call;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.UserSlot;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The inbox's SQL, one method per statement; every method works in the caller's transaction. */
final class Store {
  private static final String COLUMNS =
      "ask_key, agent, anchor_kind, anchor_id, anchor_label, opcode, question, archetype,"
          + " refs_json, ops_json, slots_json, state, round_no, proposed_digest, proposed_at,"
          + " updated_at, decided_by, decided_at, reason, slot_values_json, outcome, deadline_at,"
          + " escalated, context_json, metadata_json, version_no, ops_done, op_started_at";

  /** Keys per locking read: bounds the statement's parameter count. */
  private static final int LOCK_CHUNK = 200;

  private Store() {}

  /** One statement's execution. */
  @FunctionalInterface
  interface Sql<T> {
    T run() throws SQLException;
  }

  /** Prepares a statement (H2 checks tables and columns here), naming it in a failure. */
  static PreparedStatement prepare(Connection c, String statement, String sql) throws SQLException {
    return run(statement, () -> c.prepareStatement(sql));
  }

  /** Executes a statement, naming it in a failure that keeps none of the driver's text. */
  static <T> T run(String statement, Sql<T> sql) throws SQLException {
    try {
      return sql.run();
    } catch (SQLException e) {
      throw SqlFailure.of(statement, e);
    }
  }

  /** A proposal's columns as {@code propose} writes them, with the calls and slots they hold. */
  record Row(
      String key,
      String agent,
      ObjectRef anchor,
      String opcode,
      String question,
      String archetype,
      String refs,
      String ops,
      String slots,
      String digest,
      java.time.Duration deadlineAfter,
      List<ObjectRef> context,
      String contextJson,
      String metadata,
      List<Call> calls,
      List<UserSlot> slotList) {
    static Row of(Proposal p, String digest, java.time.Duration deadlineAfter) {
      List<Call> calls = new ArrayList<>(p.ops().size());
      p.ops().forEach(op -> calls.add(op.call()));
      return new Row(
          p.askKey(),
          p.agent(),
          p.anchor(),
          p.ops().get(0).opcode(),
          p.question(),
          p.archetype().wireName(),
          Json.refs(p.refs()),
          Json.calls(calls),
          Json.slots(p.slots()),
          digest,
          deadlineAfter,
          p.context(),
          Json.refs(p.context()),
          Json.strings(p.metadata()),
          List.copyOf(calls),
          p.slots());
    }

    Instant deadline(Instant now) {
      return deadlineAfter == null ? null : now.plus(deadlineAfter);
    }
  }

  /** What {@code propose}, an approval and the sweep read of a locked row. */
  record Current(
      ProposalState state,
      int round,
      Instant decidedAt,
      String question,
      String ops,
      String slots,
      String context,
      int version,
      boolean escalated,
      Instant deadline) {}

  private static final String CURRENT =
      "SELECT ask_key, state, round_no, decided_at, question, ops_json, slots_json, context_json,"
          + " version_no, escalated, deadline_at FROM agentkit_proposal WHERE ask_key ";

  static Optional<Current> lock(Connection c, String key) throws SQLException {
    try (PreparedStatement s = prepare(c, "lock the proposal", CURRENT + "= ? FOR UPDATE")) {
      s.setString(1, key);
      try (ResultSet r = run("lock the proposal", s::executeQuery)) {
        return r.next() ? Optional.of(current(r)) : Optional.empty();
      }
    }
  }

  /**
   * Locks the rows of these keys that exist, in key order (so concurrent batches never deadlock), a
   * few hundred keys per statement.
   */
  static Map<String, Current> lockAll(Connection c, List<String> sortedKeys) throws SQLException {
    Map<String, Current> out = new HashMap<>();
    for (int from = 0; from < sortedKeys.size(); from += LOCK_CHUNK) {
      List<String> chunk = sortedKeys.subList(from, Math.min(sortedKeys.size(), from + LOCK_CHUNK));
      String marks = String.join(", ", Collections.nCopies(chunk.size(), "?"));
      try (PreparedStatement s =
          prepare(
              c,
              "lock the proposals",
              CURRENT + "IN (" + marks + ") ORDER BY ask_key FOR UPDATE")) {
        for (int i = 0; i < chunk.size(); i++) {
          s.setString(i + 1, chunk.get(i));
        }
        try (ResultSet r = run("lock the proposals", s::executeQuery)) {
          while (r.next()) {
            out.put(r.getString(1), current(r));
          }
        }
      }
    }
    return out;
  }

  private static Current current(ResultSet r) throws SQLException {
    return new Current(
        ProposalState.fromWire(r.getString(2)),
        r.getInt(3),
        instant(r, 4),
        r.getString(5),
        r.getString(6),
        r.getString(7),
        r.getString(8),
        r.getInt(9),
        r.getBoolean(10),
        instant(r, 11));
  }

  /** Inserts new pending rows, round 1, in one JDBC batch. */
  static void insertAll(Connection c, List<Row> rows, Instant now) throws SQLException {
    if (rows.isEmpty()) {
      return;
    }
    try (PreparedStatement s =
        prepare(
            c,
            "insert proposals",
            "INSERT INTO agentkit_proposal (ask_key, agent, anchor_kind, anchor_id, anchor_label,"
                + " opcode, question, archetype, refs_json, ops_json, slots_json, state, round_no,"
                + " proposed_digest, proposed_at, updated_at, deadline_at, context_json,"
                + " metadata_json)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', 1, ?, ?, ?, ?, ?, ?)")) {
      for (Row row : rows) {
        s.setString(1, row.key());
        s.setString(2, row.agent());
        s.setString(3, row.anchor().kind());
        s.setString(4, row.anchor().id());
        s.setString(5, row.anchor().label());
        s.setString(6, row.opcode());
        s.setString(7, row.question());
        s.setString(8, row.archetype());
        s.setString(9, row.refs());
        s.setString(10, row.ops());
        s.setString(11, row.slots());
        s.setString(12, row.digest());
        s.setObject(13, ts(now));
        s.setObject(14, ts(now));
        setTs(s, 15, row.deadline(now));
        s.setString(16, row.contextJson());
        s.setString(17, row.metadata());
        s.addBatch();
      }
      run("insert proposals", s::executeBatch);
    }
  }

  /** A row {@code propose} rewrites, as round {@code round}, version {@code version}. */
  record Rewrite(Row row, int round, int version) {}

  /**
   * Rewrites the asks' content in one JDBC batch; with {@code reopen} also starts each one's new
   * round as pending and clears the last round's decision and outcome.
   */
  static void rewriteAll(Connection c, List<Rewrite> rewrites, Instant now, boolean reopen)
      throws SQLException {
    if (rewrites.isEmpty()) {
      return;
    }
    String reset =
        reopen
            ? ", state = 'pending', round_no = ?, proposed_at = ?, decided_by = NULL,"
                + " decided_at = NULL, reason = NULL, slot_values_json = NULL, outcome = NULL,"
                + " deadline_at = ?, escalated = FALSE"
            : "";
    try (PreparedStatement s =
        prepare(
            c,
            reopen ? "reopen proposals" : "refresh proposals",
            "UPDATE agentkit_proposal SET anchor_label = ?, question = ?, archetype = ?,"
                + " refs_json = ?, ops_json = ?, slots_json = ?, proposed_digest = ?,"
                + " updated_at = ?, context_json = ?, metadata_json = ?, version_no = ?"
                + reset
                + " WHERE ask_key = ?")) {
      for (Rewrite w : rewrites) {
        Row row = w.row();
        int i = 0;
        s.setString(++i, row.anchor().label());
        s.setString(++i, row.question());
        s.setString(++i, row.archetype());
        s.setString(++i, row.refs());
        s.setString(++i, row.ops());
        s.setString(++i, row.slots());
        s.setString(++i, row.digest());
        s.setObject(++i, ts(now));
        s.setString(++i, row.contextJson());
        s.setString(++i, row.metadata());
        s.setInt(++i, w.version());
        if (reopen) {
          s.setInt(++i, w.round());
          s.setObject(++i, ts(now));
          setTs(s, ++i, row.deadline(now));
        }
        s.setString(++i, row.key());
        s.addBatch();
      }
      run(reopen ? "reopen proposals" : "refresh proposals", s::executeBatch);
    }
  }

  /** Replaces the context rows of these proposals ({@code clear}: delete the old ones first). */
  static void writeContext(Connection c, List<Row> rows, boolean clear) throws SQLException {
    if (rows.isEmpty()) {
      return;
    }
    if (clear) {
      try (PreparedStatement s =
          prepare(
              c,
              "delete context rows",
              "DELETE FROM agentkit_proposal_context WHERE ask_key = ?")) {
        for (Row row : rows) {
          s.setString(1, row.key());
          s.addBatch();
        }
        run("delete context rows", s::executeBatch);
      }
    }
    List<Object[]> values = new ArrayList<>();
    for (Row row : rows) {
      for (ObjectRef ref : row.context()) {
        values.add(new Object[] {row.key(), ref.kind(), ref.id()});
      }
    }
    insertRows(
        c,
        "insert context rows",
        "agentkit_proposal_context (ask_key, kind, object_id)",
        3,
        values);
  }

  /** Rows per multi-row insert: bounds the statement's parameter count. */
  private static final int INSERT_CHUNK = 200;

  /**
   * Inserts the rows with multi-row {@code INSERT ... VALUES (...), (...)} statements, in order:
   * one statement for up to {@value #INSERT_CHUNK} rows is much less work for the server than as
   * many executions of a one-row insert.
   */
  private static void insertRows(
      Connection c, String statement, String into, int columns, List<Object[]> rows)
      throws SQLException {
    String one = "(" + String.join(", ", Collections.nCopies(columns, "?")) + ")";
    for (int from = 0; from < rows.size(); from += INSERT_CHUNK) {
      List<Object[]> chunk = rows.subList(from, Math.min(rows.size(), from + INSERT_CHUNK));
      String sql =
          "INSERT INTO "
              + into
              + " VALUES "
              + String.join(", ", Collections.nCopies(chunk.size(), one));
      try (PreparedStatement s = prepare(c, statement, sql)) {
        int i = 0;
        for (Object[] row : chunk) {
          for (Object value : row) {
            s.setObject(++i, value);
          }
        }
        run(statement, s::executeUpdate);
      }
    }
  }

  /** Moves a pending row of this round to the decided state; 1 when this call won, else 0. */
  static int decide(
      Connection c,
      String key,
      int round,
      ProposalState to,
      String by,
      String reason,
      String slotValues,
      Instant now)
      throws SQLException {
    try (PreparedStatement s =
        prepare(
            c,
            "decide the proposal",
            "UPDATE agentkit_proposal SET state = ?, decided_by = ?, decided_at = ?, reason = ?,"
                + " slot_values_json = ?, updated_at = ?"
                + " WHERE ask_key = ? AND round_no = ? AND state = 'pending'")) {
      s.setString(1, to.wireName());
      s.setString(2, by);
      s.setObject(3, ts(now));
      s.setString(4, reason == null ? null : Text.recordable(reason, Limits.TEXT));
      s.setString(5, slotValues);
      s.setObject(6, ts(now));
      s.setString(7, key);
      s.setInt(8, round);
      return run("decide the proposal", s::executeUpdate);
    }
  }

  static void audit(Connection c, AuditEvent e) throws SQLException {
    auditAll(c, List.of(e));
  }

  /** Appends the events to the audit trail, in order (ids ascend in the order given). */
  static void auditAll(Connection c, List<AuditEvent> events) throws SQLException {
    if (events.isEmpty()) {
      return;
    }
    List<Object[]> values = new ArrayList<>(events.size());
    for (AuditEvent e : events) {
      values.add(
          new Object[] {
            e.askKey(),
            e.round(),
            ts(e.at()),
            e.actor(),
            e.action(),
            Text.recordable(e.outcome(), Limits.TEXT),
            e.contractDigest()
          });
    }
    insertRows(
        c,
        "insert audit events",
        "agentkit_proposal_audit (ask_key, round_no, occurred_at, actor, action, outcome,"
            + " contract_digest)",
        7,
        values);
  }

  /** An approval of a version: who, and the digest and slot values of the calls approved. */
  record Approved(String approver, String digest, String slotValues) {}

  /** Where an approval belongs: a round's version, before or after escalation. */
  record Stage(String key, int round, int version, boolean escalated) {}

  /** The approvals of this stage, in the order they were given. */
  static List<Approved> approvals(Connection c, Stage at) throws SQLException {
    try (PreparedStatement s =
        prepare(
            c,
            "read the approvals",
            "SELECT approver, calls_digest, slot_values_json FROM agentkit_version_approval"
                + " WHERE ask_key = ? AND round_no = ? AND version_no = ? AND escalated = ?"
                + " ORDER BY approved_at, approver")) {
      bind(s, at);
      List<Approved> out = new ArrayList<>();
      try (ResultSet r = run("read the approvals", s::executeQuery)) {
        while (r.next()) {
          out.add(new Approved(r.getString(1), r.getString(2), r.getString(3)));
        }
      }
      return out;
    }
  }

  private static void bind(PreparedStatement s, Stage at) throws SQLException {
    s.setString(1, at.key());
    s.setInt(2, at.round());
    s.setInt(3, at.version());
    s.setBoolean(4, at.escalated());
  }

  /** Records an approval, or replaces the approver's earlier one of this stage. */
  static void approve(Connection c, Stage at, String who, Instant now, Approved what, boolean again)
      throws SQLException {
    String sql =
        again
            ? "UPDATE agentkit_version_approval SET approved_at = ?, calls_digest = ?,"
                + " slot_values_json = ? WHERE ask_key = ? AND round_no = ? AND version_no = ?"
                + " AND escalated = ? AND approver = ?"
            : "INSERT INTO agentkit_version_approval (approved_at, calls_digest, slot_values_json,"
                + " ask_key, round_no, version_no, escalated, approver)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
    try (PreparedStatement s = prepare(c, "record the approval", sql)) {
      s.setObject(1, ts(now));
      s.setString(2, what.digest());
      s.setString(3, what.slotValues());
      s.setString(4, at.key());
      s.setInt(5, at.round());
      s.setInt(6, at.version());
      s.setBoolean(7, at.escalated());
      s.setString(8, who);
      run("record the approval", s::executeUpdate);
    }
  }

  /** A pending proposal past its deadline. */
  record Due(String key, int round, String agent, String opcode, boolean escalated, int version) {}

  static List<Due> due(Connection c, Instant now) throws SQLException {
    try (PreparedStatement s =
        prepare(
            c,
            "find proposals past their deadline",
            "SELECT ask_key, round_no, agent, opcode, escalated, version_no FROM agentkit_proposal"
                + " WHERE state = 'pending' AND deadline_at <= ? ORDER BY deadline_at, ask_key"
                + " LIMIT 1000")) {
      s.setObject(1, ts(now));
      List<Due> out = new ArrayList<>();
      try (ResultSet r = run("find proposals past their deadline", s::executeQuery)) {
        while (r.next()) {
          out.add(due(r));
        }
      }
      return out;
    }
  }

  /** Locks the proposal if it is still pending and past its deadline. */
  static Optional<Due> lockDue(Connection c, String key, Instant now) throws SQLException {
    try (PreparedStatement s =
        prepare(
            c,
            "lock a proposal past its deadline",
            "SELECT ask_key, round_no, agent, opcode, escalated, version_no FROM agentkit_proposal"
                + " WHERE ask_key = ? AND state = 'pending' AND deadline_at <= ? FOR UPDATE")) {
      s.setString(1, key);
      s.setObject(2, ts(now));
      try (ResultSet r = run("lock a proposal past its deadline", s::executeQuery)) {
        return r.next() ? Optional.of(due(r)) : Optional.empty();
      }
    }
  }

  private static Due due(ResultSet r) throws SQLException {
    return new Due(
        r.getString(1), r.getInt(2), r.getString(3), r.getString(4), r.getBoolean(5), r.getInt(6));
  }

  /** Sets the deadline (null for none) and whether the proposal is escalated. */
  static void deadline(Connection c, String key, Instant deadline, boolean escalated, Instant now)
      throws SQLException {
    try (PreparedStatement s =
        prepare(
            c,
            "set the deadline",
            "UPDATE agentkit_proposal SET deadline_at = ?, escalated = ?, updated_at = ?"
                + " WHERE ask_key = ?")) {
      setTs(s, 1, deadline);
      s.setBoolean(2, escalated);
      s.setObject(3, ts(now));
      s.setString(4, key);
      run("set the deadline", s::executeUpdate);
    }
  }

  static List<AuditEvent> history(Connection c, String key) throws SQLException {
    try (PreparedStatement s =
        prepare(
            c,
            "read the audit trail",
            "SELECT ask_key, round_no, occurred_at, actor, action, outcome, contract_digest"
                + " FROM agentkit_proposal_audit WHERE ask_key = ? ORDER BY id")) {
      s.setString(1, key);
      List<AuditEvent> out = new ArrayList<>();
      try (ResultSet r = run("read the audit trail", s::executeQuery)) {
        while (r.next()) {
          out.add(
              new AuditEvent(
                  r.getString(1),
                  r.getInt(2),
                  instant(r, 3),
                  r.getString(4),
                  r.getString(5),
                  r.getString(6),
                  r.getString(7)));
        }
      }
      return out;
    }
  }

  static Optional<InboxEntry> get(Connection c, String key) throws SQLException {
    try (PreparedStatement s =
        prepare(
            c,
            "read the proposal",
            "SELECT " + COLUMNS + " FROM agentkit_proposal WHERE ask_key = ?")) {
      s.setString(1, key);
      try (ResultSet r = run("read the proposal", s::executeQuery)) {
        if (!r.next()) {
          return Optional.empty();
        }
        try {
          return Optional.of(EntryReader.read(r));
        } catch (EntryReader.UnreadableRow u) {
          throw u.toException();
        }
      }
    }
  }

  /** One page; fetches one row more than the limit to know whether there is a next page. */
  static InboxPage list(Connection c, InboxQuery q) throws SQLException {
    StringBuilder sql =
        new StringBuilder("SELECT " + COLUMNS + " FROM agentkit_proposal WHERE state = ?");
    List<String> params = new ArrayList<>();
    params.add(q.state().wireName());
    where(sql, params, "agent", q.agent());
    where(sql, params, "anchor_kind", q.anchorKind());
    where(sql, params, "anchor_id", q.anchorId());
    where(sql, params, "opcode", q.opcode());
    if (!q.contextKind().isEmpty() || !q.contextId().isEmpty()) {
      // Shown under the object: anchored on it, or naming it in the context.
      sql.append(
          " AND ((anchor_kind = ? AND anchor_id = ?) OR ask_key IN (SELECT ask_key FROM"
              + " agentkit_proposal_context WHERE kind = ? AND object_id = ?))");
      params.addAll(List.of(q.contextKind(), q.contextId(), q.contextKind(), q.contextId()));
    }
    if (!q.after().isEmpty()) {
      sql.append(" AND ask_key > ?");
      params.add(q.after());
    }
    sql.append(" ORDER BY ask_key LIMIT ").append(q.limit() + 1);
    try (PreparedStatement s = prepare(c, "list proposals", sql.toString())) {
      for (int i = 0; i < params.size(); i++) {
        s.setString(i + 1, params.get(i));
      }
      List<InboxEntry> out = new ArrayList<>();
      List<InboxPage.Unreadable> unreadable = new ArrayList<>();
      String last = null;
      int read = 0;
      try (ResultSet r = run("list proposals", s::executeQuery)) {
        while (read < q.limit() && r.next()) {
          read++;
          last = r.getString("ask_key");
          try {
            out.add(EntryReader.read(r));
          } catch (EntryReader.UnreadableRow u) {
            unreadable.add(new InboxPage.Unreadable(u.askKey, u.getMessage()));
          }
        }
        boolean more = read == q.limit() && r.next();
        return new InboxPage(out, more ? Optional.of(last) : Optional.empty(), unreadable);
      }
    }
  }

  private static void where(StringBuilder sql, List<String> params, String column, String value) {
    if (!value.isEmpty()) {
      sql.append(" AND ").append(column).append(" = ?");
      params.add(value);
    }
  }

  /** Binds a nullable timestamp with its type, which PostgreSQL needs for a null. */
  static void setTs(PreparedStatement s, int index, Instant i) throws SQLException {
    if (i == null) {
      s.setNull(index, java.sql.Types.TIMESTAMP_WITH_TIMEZONE);
    } else {
      s.setObject(index, ts(i));
    }
  }

  static OffsetDateTime ts(Instant i) {
    return i == null ? null : OffsetDateTime.ofInstant(i, ZoneOffset.UTC);
  }

  private static Instant instant(ResultSet r, int column) throws SQLException {
    OffsetDateTime t = r.getObject(column, OffsetDateTime.class);
    return t == null ? null : t.toInstant();
  }
}
