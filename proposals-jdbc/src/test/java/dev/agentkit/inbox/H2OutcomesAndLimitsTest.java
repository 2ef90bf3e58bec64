package dev.agentkit.inbox;

import javax.sql.DataSource;

/** The outcome and limit cases on H2 in file mode. */
class H2OutcomesAndLimitsTest extends OutcomesAndLimitsContractTest {
  @Override
  DataSource newDatabase() {
    return H2InboxTest.fresh();
  }
}
