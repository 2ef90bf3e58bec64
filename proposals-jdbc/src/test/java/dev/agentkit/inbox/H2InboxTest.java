package dev.agentkit.inbox;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.io.TempDir;

/** The inbox on H2 in file mode, the embedded default. */
class H2InboxTest extends InboxContractTest {
  private static final AtomicInteger DATABASES = new AtomicInteger();

  @TempDir static Path dir;

  @Override
  DataSource newDatabase() {
    return h2(dir.resolve("inbox" + DATABASES.incrementAndGet()));
  }

  static DataSource h2(Path file) {
    JdbcDataSource ds = new JdbcDataSource();
    ds.setURL("jdbc:h2:file:" + file.toAbsolutePath() + ";LOCK_TIMEOUT=10000;DB_CLOSE_DELAY=-1");
    ds.setUser("sa");
    ds.setPassword("");
    return ds;
  }
}
