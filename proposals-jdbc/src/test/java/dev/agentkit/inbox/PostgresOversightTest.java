package dev.agentkit.inbox;

import dev.agentkit.testing.EmbeddedPostgresServer;
import javax.sql.DataSource;

/** The oversight cases on a real PostgreSQL server. */
class PostgresOversightTest extends OversightContractTest {
  @Override
  DataSource newDatabase() {
    return EmbeddedPostgresServer.freshDatabase("inbox");
  }
}
