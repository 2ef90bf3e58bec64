package dev.agentkit.langchain4j;

import dev.agentkit.testing.InternalUse;
import org.junit.jupiter.api.Test;

/** The adapter is built on the runtime's API alone, never on {@code dev.agentkit.internal}. */
class InternalUseTest {
  @Test
  void theAdapterUsesNoInternals() {
    InternalUse.assertExactly("dev.agentkit.langchain4j");
  }
}
