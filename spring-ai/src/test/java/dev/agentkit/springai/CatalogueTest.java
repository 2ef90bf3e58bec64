package dev.agentkit.springai;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The error catalogue ({@code docs/errors.md}) names every tag this adapter writes to a model, and
 * its builder's message.
 */
class CatalogueTest {
  @Test
  void everyTagTheAdapterWritesIsInTheCatalogue() throws IOException {
    Path module = Path.of(System.getProperty("basedir", "."));
    String replies =
        Files.readString(
            module.resolve("src/main/java/dev/agentkit/springai/Replies.java"),
            StandardCharsets.UTF_8);
    String catalogue =
        Files.readString(module.resolve("../docs/errors.md"), StandardCharsets.UTF_8);
    List<String> tags = new ArrayList<>();
    Matcher m = Pattern.compile("\"\\[(\\w+)\\] ").matcher(replies);
    while (m.find()) {
      tags.add(m.group(1));
    }
    assertThat(tags).contains("OtherCallsInvalid", "UnknownObject", "PausedForReview");
    for (String tag : tags) {
      assertThat(catalogue).as("docs/errors.md names " + tag).contains("| `" + tag + "` |");
    }
    String builder =
        Files.readString(
            module.resolve("src/main/java/dev/agentkit/springai/AgentkitToolCallbacks.java"),
            StandardCharsets.UTF_8);
    assertThat(builder).contains("\"[ToolCallbacksIncomplete] ");
    assertThat(catalogue).contains("| `[ToolCallbacksIncomplete] the tool callbacks of agent");
  }
}
