package dev.agentkit.openapi;

import dev.agentkit.testing.MessageCatalogue;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The OpenAPI source's messages live in {@link OpenApiMessage}: each is in the error catalogue
 * beside the schema mapping's, no other main source writes a tagged message itself, and each fills
 * its template whole.
 */
class OpenApiCatalogueTest {
  @Test
  void everyMessageIsInTheErrorCatalogue() {
    MessageCatalogue.assertDocumented(
        Arrays.stream(OpenApiMessage.values()).map(m -> m.text().tag()).toList(),
        "JSON Schema and OpenAPI");
  }

  @Test
  void noOtherSourceWritesATaggedMessage() {
    MessageCatalogue.assertNoTaggedLiteralsBut("OpenApiMessage.java");
  }

  @ParameterizedTest
  @EnumSource(OpenApiMessage.class)
  void eachMessageFillsItsTemplateWhole(OpenApiMessage m) {
    MessageCatalogue.assertFormatsWhole(m.name(), m.text().tag(), m.text().template(), m::format);
  }
}
