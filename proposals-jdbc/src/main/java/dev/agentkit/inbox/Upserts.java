package dev.agentkit.inbox;

import dev.agentkit.inbox.ProposeReport.Disposition;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The writes of one {@code propose}, in its transaction: per ask key, a new row, a refresh (a new
 * version when what it runs changed), a reopen, or nothing; then one JDBC batch per statement.
 */
final class Upserts {
  private final Function<String, Duration> coolOff;

  Upserts(Function<String, Duration> coolOff) {
    this.coolOff = coolOff;
  }

  Map<String, Disposition> upsertAll(Connection c, TreeMap<String, Store.Row> rows, Instant now)
      throws SQLException {
    // One locking read for the batch, in key order, so concurrent batches never deadlock; then
    // one JDBC batch per statement.
    Map<String, Store.Current> found = Store.lockAll(c, new ArrayList<>(rows.keySet()));
    Writes w = new Writes();
    Map<String, Disposition> out = new LinkedHashMap<>();
    for (Store.Row row : rows.values()) {
      out.put(row.key(), upsert(c, w, row, found.get(row.key()), now));
    }
    Store.insertAll(c, w.inserts, now);
    Store.rewriteAll(c, w.refreshes, now, false);
    Store.rewriteAll(c, w.reopens, now, true);
    Store.writeContext(c, w.inserts, false);
    Store.writeContext(c, w.contextChanges, true);
    Store.auditAll(c, w.audits);
    return out;
  }

  /** The writes of one batch, gathered so that each statement runs once as a JDBC batch. */
  private static final class Writes {
    final List<Store.Row> inserts = new ArrayList<>();
    final List<Store.Rewrite> refreshes = new ArrayList<>();
    final List<Store.Rewrite> reopens = new ArrayList<>();
    final List<Store.Row> contextChanges = new ArrayList<>();
    final List<AuditEvent> audits = new ArrayList<>();
  }

  private Disposition upsert(Connection c, Writes w, Store.Row row, Store.Current cur, Instant now)
      throws SQLException {
    if (cur == null) {
      w.inserts.add(row);
      w.audits.add(event(row, 1, now, "proposed", "pending"));
      return Disposition.ADDED;
    }
    switch (cur.state()) {
      case PENDING:
        refresh(c, w, row, cur, now);
        return Disposition.REFRESHED;
      case ACCEPTED:
      case RUNNING:
        return Disposition.IN_FLIGHT;
      case DECLINED:
      case DONE:
        if (now.isBefore(cur.decidedAt().plus(coolOff.apply(row.agent())))) {
          return Disposition.KEPT_DECIDED;
        }
        break;
      default:
        break;
    }
    w.reopens.add(new Store.Rewrite(row, cur.round() + 1, 1));
    contextChange(w, row, cur);
    w.audits.add(event(row, cur.round() + 1, now, "reopened", "pending again after " + wire(cur)));
    return Disposition.REOPENED;
  }

  /**
   * Rewrites a pending proposal with the agent's newest content. A change of what it runs is a new
   * version, and the audit says what changed and whose approvals no longer count.
   */
  private static void refresh(Connection c, Writes w, Store.Row row, Store.Current cur, Instant now)
      throws SQLException {
    List<String> changes = Versions.changes(cur.ops(), cur.slots(), row);
    int version = changes.isEmpty() ? cur.version() : cur.version() + 1;
    w.refreshes.add(new Store.Rewrite(row, cur.round(), version));
    contextChange(w, row, cur);
    if (!changes.isEmpty()) {
      List<Store.Approved> given =
          Store.approvals(
              c, new Store.Stage(row.key(), cur.round(), cur.version(), cur.escalated()));
      String lost =
          given.isEmpty()
              ? ""
              : ", so the approvals of version "
                  + cur.version()
                  + " ("
                  + Approvals.names(given)
                  + ") no longer count";
      w.audits.add(
          event(
              row,
              cur.round(),
              now,
              "refreshed",
              "pending, now version "
                  + version
                  + ": the agent changed "
                  + Versions.describe(changes)
                  + lost));
    } else if (!row.question().equals(cur.question())) {
      w.audits.add(
          event(
              row,
              cur.round(),
              now,
              "refreshed",
              "pending, reworded; still version " + version + ", so its approvals still count"));
    }
  }

  private static void contextChange(Writes w, Store.Row row, Store.Current cur) {
    if (!row.contextJson().equals(cur.context())) {
      w.contextChanges.add(row);
    }
  }

  private static String wire(Store.Current cur) {
    return cur.state().wireName() + " (round " + cur.round() + ")";
  }

  private static AuditEvent event(
      Store.Row row, int round, Instant now, String action, String outcome) {
    return new AuditEvent(row.key(), round, now, row.agent(), action, outcome, row.digest());
  }
}
