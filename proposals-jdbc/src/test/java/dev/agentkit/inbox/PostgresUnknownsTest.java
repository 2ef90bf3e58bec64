package dev.agentkit.inbox;

import dev.agentkit.testing.EmbeddedPostgresServer;
import javax.sql.DataSource;

/** The unknowns cases on a real PostgreSQL server. */
class PostgresUnknownsTest extends UnknownsContractTest {
  @Override
  DataSource newDatabase() {
    return EmbeddedPostgresServer.freshDatabase("inbox");
  }
}
