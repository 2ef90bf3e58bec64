package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.internal.text.MessageTemplate;
import dev.agentkit.testing.MessageCatalogue;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The starter's messages live in {@link StarterMessage}: each is in the error catalogue, no other
 * main source writes a tagged message itself, and each fills its templates whole.
 */
class StarterCatalogueTest {
  @Test
  void everyMessageIsInTheErrorCatalogue() {
    MessageCatalogue.assertDocumented(
        Arrays.stream(StarterMessage.values()).map(StarterMessage::tag).toList(),
        "The Spring Boot starter");
  }

  @Test
  void noOtherSourceWritesATaggedMessage() {
    MessageCatalogue.assertNoTaggedLiteralsBut("StarterMessage.java");
  }

  @Test
  void eachMessageSaysWhatIsWrongAndWhatToDo() {
    for (StarterMessage m : StarterMessage.values()) {
      Object[] args = new Object[MessageTemplate.slots(m.what()) + MessageTemplate.slots(m.fix())];
      // An argument may itself be a whole sentence (a refusal passes on its cause's fix).
      Arrays.fill(args, "x.");
      AgentkitStartupException e = m.failure(args);
      assertThat(e.getMessage()).as(m.name()).startsWith("[" + m.tag() + "] ").doesNotContain("%");
      assertThat(e.action()).as(m.name()).isNotBlank().doesNotContain("%").endsWith(".");
    }
  }

  @Test
  void aMessageGivenTheWrongNumberOfArgumentsSaysSo() {
    assertThatThrownBy(() -> StarterMessage.NO_WIRING.failure("only one"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("NO_WIRING takes 2 arguments");
  }
}
