package dev.agentkit.cli;

import dev.agentkit.testing.MessageCatalogue;
import org.junit.jupiter.api.Test;

/**
 * The command line's tagged messages are the goals' catalogue's ({@code GoalMessage}, with its
 * {@code CONFIG_FILE_*} constants for what only the command line reads): no source here writes one
 * itself. The log levels {@link TerminalLog} prints are no tags.
 */
class CliCatalogueTest {
  @Test
  void noSourceWritesATaggedMessage() {
    MessageCatalogue.assertNoTaggedLiteralsBut();
  }
}
