package dev.agentkit.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The README's error catalogue names every tag the processor reports. */
class ReadmeCatalogueTest {
  @Test
  void everyProcessorTagIsInTheReadme() throws Exception {
    String readme = Files.readString(BaseDir.resolve("..", "README.md"));
    for (Tags t : Tags.values()) {
      String tag = t.message("").trim();
      assertThat(readme).as(tag).contains("`" + tag.substring(1, tag.length() - 1) + "`");
    }
  }
}
