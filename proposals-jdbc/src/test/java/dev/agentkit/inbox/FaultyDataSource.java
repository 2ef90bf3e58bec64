package dev.agentkit.inbox;

import java.io.PrintWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A real database whose connections die at a chosen moment: the session is killed from a second
 * connection (PostgreSQL's {@code pg_terminate_backend}, H2's {@code ABORT_SESSION}), and the inbox
 * sees the error the driver really raises on the dead connection. No statement is faked.
 *
 * <p>A fault is armed for the commit of the transaction that moves a proposal to a state (read on
 * the dying connection itself, which sees its own uncommitted writes, against the committed row):
 * killed before that commit (the transaction is lost), or after it (the server committed, and the
 * client only gets the dead connection's error: a lost acknowledgement). Connections can also be
 * refused: each is opened, killed, and its real error raised.
 */
final class FaultyDataSource implements DataSource {
  /** How a database's sessions are named and killed. */
  interface Sessions {
    int id(Connection c) throws SQLException;

    void kill(Connection killer, int id) throws SQLException;
  }

  /** When the armed kill happens, relative to the matching commit. */
  enum When {
    BEFORE_COMMIT,
    AFTER_COMMIT
  }

  /**
   * A kill armed for the commit that moves {@code key} to {@code state} with {@code opsDone}, and
   * how many of the connections opened after it are refused.
   */
  record Fault(String key, String state, int opsDone, When when, int thenRefuse) {}

  private final DataSource real;
  private final Sessions sessions;
  private final AtomicReference<Fault> armed = new AtomicReference<>();
  private final AtomicInteger refusals = new AtomicInteger();

  FaultyDataSource(DataSource real, Sessions sessions) {
    this.real = real;
    this.sessions = sessions;
  }

  /** Arms one kill; it fires once. */
  void arm(String key, String state, int opsDone, When when) {
    arm(key, state, opsDone, when, 0);
  }

  /** Arms one kill, after which the next {@code thenRefuse} connections are killed as they open. */
  void arm(String key, String state, int opsDone, When when, int thenRefuse) {
    armed.set(new Fault(key, state, opsDone, when, thenRefuse));
  }

  /** Kills the next {@code n} connections as they open, with no commit armed. */
  void refuseNext(int n) {
    refusals.set(n);
  }

  /** Whether the armed kill has fired. */
  boolean fired() {
    return armed.get() == null;
  }

  @Override
  public Connection getConnection() throws SQLException {
    Connection c = real.getConnection();
    if (refusals.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      SQLException dead = killedAndProbed(c);
      try {
        c.close();
      } catch (SQLException ignored) {
        // It is dead already.
      }
      throw dead;
    }
    return wrap(c);
  }

  private Connection wrap(Connection c) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if (method.getName().equals("commit") && args == null) {
                commit(c);
                return null;
              }
              try {
                return method.invoke(c, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  private void commit(Connection c) throws SQLException {
    Fault f = armed.get();
    if (f == null || !moves(c, f) || !armed.compareAndSet(f, null)) {
      c.commit();
      return;
    }
    refusals.set(f.thenRefuse());
    if (f.when() == When.BEFORE_COMMIT) {
      kill(c);
      c.commit(); // the driver's own error for a dead session
      throw new IllegalStateException("the killed session committed");
    }
    c.commit();
    throw killedAndProbed(c);
  }

  /** Whether this transaction moves the fault's proposal to its state and op count. */
  private boolean moves(Connection c, Fault f) throws SQLException {
    String[] mine = row(c, f.key());
    String[] committed;
    try (Connection side = real.getConnection()) {
      committed = row(side, f.key());
    }
    boolean there = Objects.equals(mine[0], f.state()) && Objects.equals(mine[1], "" + f.opsDone());
    return there && !(mine[0].equals(committed[0]) && mine[1].equals(committed[1]));
  }

  private static String[] row(Connection c, String key) throws SQLException {
    try (PreparedStatement s =
        c.prepareStatement("SELECT state, ops_done FROM agentkit_proposal WHERE ask_key = ?")) {
      s.setString(1, key);
      try (ResultSet r = s.executeQuery()) {
        return r.next() ? new String[] {r.getString(1), r.getString(2)} : new String[] {"", ""};
      }
    }
  }

  private void kill(Connection victim) throws SQLException {
    int id = sessions.id(victim);
    try (Connection killer = real.getConnection()) {
      sessions.kill(killer, id);
    }
  }

  /** Kills the connection's session and returns the error the driver raises when it is used. */
  private SQLException killedAndProbed(Connection c) throws SQLException {
    kill(c);
    for (int attempt = 0; attempt < 100; attempt++) {
      try (Statement s = c.createStatement()) {
        s.execute("SELECT 1");
      } catch (SQLException dead) {
        return dead;
      }
      try {
        Thread.sleep(10); // the server ends the session asynchronously
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    throw new IllegalStateException("the killed session still answers");
  }

  @Override
  public Connection getConnection(String user, String password) throws SQLException {
    throw new SQLException("the faulty data source opens connections with its own credentials");
  }

  @Override
  public PrintWriter getLogWriter() throws SQLException {
    return real.getLogWriter();
  }

  @Override
  public void setLogWriter(PrintWriter out) throws SQLException {
    real.setLogWriter(out);
  }

  @Override
  public void setLoginTimeout(int seconds) throws SQLException {
    real.setLoginTimeout(seconds);
  }

  @Override
  public int getLoginTimeout() throws SQLException {
    return real.getLoginTimeout();
  }

  @Override
  public Logger getParentLogger() {
    return Logger.getGlobal();
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    return real.unwrap(type);
  }

  @Override
  public boolean isWrapperFor(Class<?> type) throws SQLException {
    return real.isWrapperFor(type);
  }
}
