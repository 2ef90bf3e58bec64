package dev.agentkit.inbox;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/** The fault cases on H2 in file mode: sessions killed with {@code ABORT_SESSION}. */
class H2FaultTest extends FaultsContractTest {
  @Override
  DataSource newDatabase() {
    return H2InboxTest.fresh();
  }

  @Override
  FaultyDataSource.Sessions sessions() {
    return new FaultyDataSource.Sessions() {
      @Override
      public int id(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
            ResultSet r = s.executeQuery("SELECT SESSION_ID()")) {
          r.next();
          return r.getInt(1);
        }
      }

      @Override
      public void kill(Connection killer, int id) throws SQLException {
        try (Statement s = killer.createStatement()) {
          s.executeQuery("SELECT ABORT_SESSION(" + id + ")").close();
        }
      }
    };
  }

  /**
   * H2 serves the test's database over TCP, through a proxy whose sockets the loop cuts: H2's
   * server then ends each session on its own thread. ({@code ABORT_SESSION} of a session in the
   * middle of a statement can leave H2 2.5 spinning on the row it was writing, so the loop does not
   * use it; the tests above kill only sessions between statements.)
   */
  @Override
  KillLoop killLoop() throws SQLException {
    org.h2.tools.Server tcp = org.h2.tools.Server.createTcpServer("-tcpPort", "0").start();
    SocketCutter cutter = new SocketCutter(tcp.getPort());
    org.h2.jdbcx.JdbcDataSource remote = new org.h2.jdbcx.JdbcDataSource();
    String file = ((org.h2.jdbcx.JdbcDataSource) db).getURL().substring("jdbc:h2:file:".length());
    remote.setURL("jdbc:h2:tcp://127.0.0.1:" + cutter.port() + "/" + file);
    remote.setUser("sa");
    remote.setPassword("");
    return new KillLoop() {
      @Override
      public DataSource dataSource() {
        return remote;
      }

      @Override
      public int killAll() {
        return cutter.cutAll();
      }

      @Override
      public void close() {
        cutter.close();
        tcp.stop();
      }
    };
  }
}
