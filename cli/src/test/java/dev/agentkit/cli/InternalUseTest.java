package dev.agentkit.cli;

import dev.agentkit.internal.text.Names;
import dev.agentkit.testing.InternalUse;
import org.junit.jupiter.api.Test;

/**
 * The command line's main code uses one of the runtime's internal classes: {@link Names}, so an
 * unknown flag gets the "did you mean" every agentkit message gives. It parses flags and hands them
 * to the goals ({@code dev.agentkit.maven.Goals}), which own everything else.
 */
class InternalUseTest {
  @Test
  void usesOnlyTheInternalsItNames() {
    InternalUse.assertExactly("dev.agentkit.cli", Names.class);
  }
}
