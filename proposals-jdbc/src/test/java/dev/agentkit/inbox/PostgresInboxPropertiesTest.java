package dev.agentkit.inbox;

import dev.agentkit.testing.EmbeddedPostgresServer;
import javax.sql.DataSource;

/** The inbox's properties on a real PostgreSQL server. */
class PostgresInboxPropertiesTest extends InboxPropertiesContract {
  @Override
  DataSource newDatabase() {
    return EmbeddedPostgresServer.freshDatabase("inbox");
  }
}
