package dev.agentkit.mcp;

import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.source.ClientSettings;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.internal.text.MessageTemplate;
import dev.agentkit.internal.text.RuntimeMessage;
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
        "dev.agentkit.mcp",
        ClientSettings.class,
        JsonTree.class,
        LineText.class,
        MessageTemplate.class,
        RuntimeMessage.class);
  }
}
