package dev.agentkit.inbox;

import javax.sql.DataSource;

/** The oversight cases on H2 in file mode. */
class H2OversightTest extends OversightContractTest {
  @Override
  DataSource newDatabase() {
    return H2InboxTest.fresh();
  }
}
