package dev.agentkit.mcp;

import dev.agentkit.testing.MessageCatalogue;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The MCP source's messages live in {@link McpMessage}: each is in the error catalogue's MCP
 * section, no other main source writes a tagged message itself, and each fills its template whole.
 */
class McpCatalogueTest {
  @Test
  void everyMessageIsInTheErrorCatalogue() {
    MessageCatalogue.assertDocumented(
        Arrays.stream(McpMessage.values()).map(m -> m.text().tag()).toList(), "MCP");
  }

  @Test
  void noOtherSourceWritesATaggedMessage() {
    MessageCatalogue.assertNoTaggedLiteralsBut("McpMessage.java");
  }

  @ParameterizedTest
  @EnumSource(McpMessage.class)
  void eachMessageFillsItsTemplateWhole(McpMessage m) {
    MessageCatalogue.assertFormatsWhole(m.name(), m.text().tag(), m.text().template(), m::format);
  }
}
