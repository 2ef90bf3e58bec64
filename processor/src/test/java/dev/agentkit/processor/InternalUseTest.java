package dev.agentkit.processor;

import dev.agentkit.internal.ActDeclaration;
import dev.agentkit.internal.ArgValues;
import dev.agentkit.internal.CompiledOps;
import dev.agentkit.internal.ContractRules;
import dev.agentkit.internal.SnapshotResource;
import dev.agentkit.internal.TreeValues;
import dev.agentkit.internal.UsesManifest;
import dev.agentkit.internal.Values;
import dev.agentkit.internal.WireNames;
import dev.agentkit.internal.WiringStamp;
import dev.agentkit.internal.text.ContractName;
import dev.agentkit.internal.text.JsonText;
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
        "dev.agentkit.processor",
        ActDeclaration.class,
        ArgValues.class,
        CompiledOps.class,
        ContractRules.class,
        TreeValues.class,
        UsesManifest.class,
        Values.class,
        WireNames.class,
        SnapshotResource.class,
        WiringStamp.class,
        ContractName.class,
        JsonText.class,
        Names.class);
  }
}
