package dev.agentkit.examples.spring;

import dev.agentkit.testing.InternalUse;
import org.junit.jupiter.api.Test;

/**
 * The module's main code uses none of the runtime's internal classes: it is built on the API alone,
 * as a user's code is.
 */
class InternalUseTest {
  @Test
  void usesOnlyTheInternalsItNames() {
    InternalUse.assertExactly("dev.agentkit.examples.spring");
  }
}
