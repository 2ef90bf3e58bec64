package dev.agentkit.inbox;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;

/** The inbox on H2 in file mode, the embedded default. */
class H2InboxTest extends InboxContractTest {
  private static final AtomicInteger DATABASES = new AtomicInteger();

  private static final Path DIR = tempDir();

  @Override
  DataSource newDatabase() {
    return fresh();
  }

  /** A new, empty H2 database in file mode, in a directory of the test JVM's. */
  static DataSource fresh() {
    return h2(DIR.resolve("inbox" + DATABASES.incrementAndGet()));
  }

  private static Path tempDir() {
    try {
      return java.nio.file.Files.createTempDirectory("agentkit-inbox-h2");
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  static DataSource h2(Path file) {
    JdbcDataSource ds = new JdbcDataSource();
    ds.setURL("jdbc:h2:file:" + file.toAbsolutePath() + ";LOCK_TIMEOUT=10000;DB_CLOSE_DELAY=-1");
    ds.setUser("sa");
    ds.setPassword("");
    return ds;
  }
}
