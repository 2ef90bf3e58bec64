package dev.agentkit.inbox;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * A failed statement in words that never quote what was bound to it: drivers put the SQL and its
 * values in their messages (PostgreSQL's batch text, H2's "SQL statement"), and a value may be a
 * card number or a password an agent passed as an argument. So the inbox reports the SQL state, the
 * statement's name and a description of the state, and keeps no driver text, not even in causes.
 */
final class SqlFailure extends SQLException {
  private static final long serialVersionUID = 1L;

  /** Descriptions by SQL state, or by its two-character class; the first match wins. */
  private static final List<Map.Entry<String, String>> DESCRIPTIONS =
      List.of(
          Map.entry("57P0", "the database server ended the connection"),
          Map.entry("90067", "the connection to the database was broken"),
          Map.entry("90121", "the connection to the database was closed"),
          Map.entry("08", "the connection to the database failed or was lost"),
          Map.entry("22001", "a value is longer than its column allows"),
          Map.entry("22021", "a value holds a character the database cannot store"),
          Map.entry("22", "a value does not fit its column"),
          Map.entry("23", "a constraint on the inbox's tables refused a row"),
          Map.entry("28", "the database refused the credentials"),
          Map.entry("3D", "the database does not exist"),
          Map.entry("40", "the database rolled the transaction back"),
          Map.entry("42", "a table or column the inbox needs is missing or different"),
          Map.entry("53", "the database ran out of resources"),
          Map.entry("55", "a lock or object was not available"),
          Map.entry("HYT00", "a lock was not granted in time"));

  private final String statement;

  private SqlFailure(String statement, String state, int vendorCode) {
    super(safeText(statement, state), state, vendorCode);
    this.statement = statement;
  }

  /** The name of the statement that failed, such as {@code commit}; empty when not named. */
  String statement() {
    return statement;
  }

  /**
   * The failure of the named statement, with the driver's state and code and the stack of where it
   * failed, but none of the driver's text.
   */
  static SqlFailure of(String statement, SQLException e) {
    if (e instanceof SqlFailure f) {
      return f;
    }
    SqlFailure f = new SqlFailure(statement, state(e), e.getErrorCode());
    f.setStackTrace(e.getStackTrace());
    return f;
  }

  /** The first SQL state in the exception, its batch chain and its causes; empty if none. */
  static String state(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      for (SQLException s = t instanceof SQLException q ? q : null;
          s != null;
          s = s.getNextException()) {
        if (s.getSQLState() != null && !s.getSQLState().isBlank()) {
          return s.getSQLState();
        }
      }
    }
    return "";
  }

  /** What the state means, in words for the person reading the error. */
  static String describe(String state) {
    for (Map.Entry<String, String> d : DESCRIPTIONS) {
      if (state.startsWith(d.getKey())) {
        return d.getValue();
      }
    }
    return "the database refused the statement";
  }

  private static String safeText(String statement, String state) {
    return describe(state)
        + " (SQL state "
        + (state.isEmpty() ? "unknown" : state)
        + (statement.isEmpty() ? "" : ", statement \"" + statement + "\"")
        + ")";
  }
}
