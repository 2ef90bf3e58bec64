package dev.agentkit.inbox;

import javax.sql.DataSource;

/** The unknowns cases on H2 in file mode. */
class H2UnknownsTest extends UnknownsContractTest {
  @Override
  DataSource newDatabase() {
    return H2InboxTest.fresh();
  }
}
