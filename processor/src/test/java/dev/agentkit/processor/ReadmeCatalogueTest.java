package dev.agentkit.processor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.testing.BaseDir;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * The error catalogue the README links to ({@code docs/errors.md}) names every tag the processor
 * reports, in its section on the processor.
 */
class ReadmeCatalogueTest {
  @Test
  void everyProcessorTagIsInTheErrorCatalogue() throws Exception {
    String catalogue = Files.readString(BaseDir.resolve("..", "docs", "errors.md"));
    int from = catalogue.indexOf("\n## The annotation processor\n");
    assertThat(from)
        .as("docs/errors.md has a section \"The annotation processor\"")
        .isNotNegative();
    int to = catalogue.indexOf("\n## ", from + 1);
    String section = catalogue.substring(from, to < 0 ? catalogue.length() : to);
    for (Tags t : Tags.values()) {
      String tag = t.message("").trim();
      String name = tag.substring(1, tag.length() - 1);
      assertThat(section)
          .as("docs/errors.md, The annotation processor, names " + name)
          .contains("`" + name + "`");
    }
  }
}
