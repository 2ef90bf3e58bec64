package dev.agentkit.inbox;

import dev.agentkit.testing.EmbeddedPostgresServer;
import javax.sql.DataSource;

/** The outcome and limit cases on a real PostgreSQL server. */
class PostgresOutcomesAndLimitsTest extends OutcomesAndLimitsContractTest {
  @Override
  DataSource newDatabase() {
    return EmbeddedPostgresServer.freshDatabase("inbox");
  }
}
