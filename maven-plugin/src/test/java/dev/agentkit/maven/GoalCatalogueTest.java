package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.testing.MessageCatalogue;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The goals' tagged messages live in {@link GoalMessage}: each is in the error catalogue under the
 * section of the goals that give it, no other main source writes a tagged message itself, and each
 * fills its template whole.
 */
class GoalCatalogueTest {
  private static final List<String> CONSUMERS =
      List.of("CONSUMER", "USES_BUNDLE", "ACKNOWLEDGEMENT");

  /** The section of docs/errors.md a message belongs in, by the start of its name. */
  private static String section(GoalMessage m) {
    if (m.name().startsWith("CONFIG_FILE")) {
      return "The command line";
    }
    return CONSUMERS.stream().anyMatch(m.name()::startsWith) ? "Consumers" : "The Maven goals";
  }

  @Test
  void everyMessageIsInTheErrorCatalogue() {
    Map<String, List<String>> tags =
        Arrays.stream(GoalMessage.values())
            .collect(
                Collectors.groupingBy(
                    GoalCatalogueTest::section,
                    Collectors.mapping(m -> m.text().tag(), Collectors.toList())));
    assertThat(tags).containsOnlyKeys("The Maven goals", "Consumers", "The command line");
    tags.forEach((section, inIt) -> MessageCatalogue.assertDocumented(inIt, section));
  }

  @Test
  void noOtherSourceWritesATaggedMessage() {
    MessageCatalogue.assertNoTaggedLiteralsBut("GoalMessage.java");
  }

  @Test
  void eachMessageFillsItsTemplateWhole() {
    for (GoalMessage m : GoalMessage.values()) {
      Object[] args =
          MessageCatalogue.assertFormatsWhole(
              m.name(), m.text().tag(), m.text().template(), m::format);
      GoalException failure = m.failure(args);
      assertThat(failure.kind()).as(m.name()).isEqualTo(m.kind());
      assertThat(failure.getMessage()).as(m.name()).endsWith(m.format(args));
    }
  }
}
