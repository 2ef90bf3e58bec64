package dev.agentkit.inbox;

import javax.sql.DataSource;

/** The inbox's properties on H2 in file mode. */
class H2InboxPropertiesTest extends InboxPropertiesContract {
  @Override
  DataSource newDatabase() {
    return H2InboxTest.fresh();
  }
}
