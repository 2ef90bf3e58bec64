package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.internal.text.RuntimeMessage;
import dev.agentkit.testing.MessageCatalogue;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The runtime's messages outside the rules engine live in {@link RuntimeMessage}: each is in the
 * error catalogue, and no other main source writes a tagged message itself.
 */
class RuntimeCatalogueTest {
  private static List<String> tags(RuntimeMessage.Kind kind) {
    return Arrays.stream(RuntimeMessage.values())
        .filter(m -> m.kind() == kind)
        .map(RuntimeMessage::tag)
        .toList();
  }

  @Test
  void everyMessageIsInTheErrorCatalogue() {
    MessageCatalogue.assertDocumented(
        tags(RuntimeMessage.Kind.CORRECTION), "Verifying a model's call");
    MessageCatalogue.assertDocumented(List.of("ToolsIncomplete"), "Verifying a model's call");
    MessageCatalogue.assertDocumented(
        Arrays.stream(RuntimeMessage.values())
            .filter(m -> m.name().startsWith("PROPOSAL_"))
            .map(RuntimeMessage::tag)
            .toList(),
        "Building a proposal");
    MessageCatalogue.assertDocumented(
        List.of("AgentPaused", "DriftBreaking"), "Startup and sources");
    MessageCatalogue.assertDocumented(tags(RuntimeMessage.Kind.WARNING), "JSON Schema and OpenAPI");
    MessageCatalogue.assertDocumented(List.of("UsesManifest"), "Consumers");
  }

  @Test
  void noOtherSourceWritesATaggedMessage() {
    MessageCatalogue.assertNoTaggedLiteralsBut("RuntimeMessage.java");
  }

  @Test
  void everyTemplateFormatsWhole() {
    for (RuntimeMessage m : RuntimeMessage.values()) {
      MessageCatalogue.assertFormatsWhole(m.name(), m.tag(), m.template(), m::format);
      assertThat(m.name()).isEqualTo(m.name().toUpperCase(Locale.ROOT));
    }
  }
}
