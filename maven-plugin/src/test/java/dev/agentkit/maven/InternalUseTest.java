package dev.agentkit.maven;

import dev.agentkit.internal.ActDeclaration;
import dev.agentkit.internal.ContractRules;
import dev.agentkit.internal.UsesManifest;
import dev.agentkit.internal.UsesManifestReader;
import dev.agentkit.internal.WiringStamp;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.text.ContractName;
import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.internal.text.MessageTemplate;
import dev.agentkit.internal.text.Names;
import dev.agentkit.internal.text.RuntimeMessage;
import dev.agentkit.testing.InternalUse;
import org.junit.jupiter.api.Test;

/**
 * The module's main code uses exactly these of the runtime's internal classes; anything else it
 * reaches through the API. verify-consumers runs the one rules engine ({@link ContractRules}, over
 * {@link ActDeclaration}s built from a manifest) as an agent's startup runs it, and reads the
 * processor's manifests with the one codec ({@link UsesManifest}, {@link UsesManifestReader}); the
 * command line's config file is read as every agentkit JSON is ({@link JsonTree}: bounded, repeated
 * keys refused); the goals' messages are written as every catalogue's ({@link MessageTemplate}).
 */
class InternalUseTest {
  @Test
  void usesOnlyTheInternalsItNames() {
    InternalUse.assertExactly(
        "dev.agentkit.maven",
        ActDeclaration.class,
        ContractRules.class,
        UsesManifest.class,
        UsesManifestReader.class,
        WiringStamp.class,
        JsonTree.class,
        ContractName.class,
        JsonText.class,
        LineText.class,
        MessageTemplate.class,
        Names.class,
        RuntimeMessage.class);
  }
}
