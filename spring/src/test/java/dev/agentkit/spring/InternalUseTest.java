package dev.agentkit.spring;

import dev.agentkit.internal.Choices;
import dev.agentkit.internal.WiringStamp;
import dev.agentkit.internal.text.MessageTemplate;
import dev.agentkit.internal.text.Names;
import dev.agentkit.testing.InternalUse;
import org.junit.jupiter.api.Test;

/**
 * The module's main code uses exactly these of the runtime's internal classes; anything else it
 * reaches through the API.
 */
class InternalUseTest {
  @Test
  void usesOnlyTheInternalsItNames() {
    InternalUse.assertExactly(
        "dev.agentkit.spring",
        Choices.class,
        MessageTemplate.class,
        Names.class,
        WiringStamp.class);
  }
}
