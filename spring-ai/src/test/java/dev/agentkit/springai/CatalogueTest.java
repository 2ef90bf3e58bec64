package dev.agentkit.springai;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The error catalogue ({@code docs/errors.md}) names the builder's message; the sentences to the
 * model are the runtime's {@code ToolReplies}, whose test checks their tags.
 */
class CatalogueTest {
  @Test
  void theBuildersMessageIsInTheCatalogue() throws IOException {
    Path module = Path.of(System.getProperty("basedir", "."));
    String catalogue =
        Files.readString(module.resolve("../docs/errors.md"), StandardCharsets.UTF_8);
    String builder =
        Files.readString(
            module.resolve("src/main/java/dev/agentkit/springai/AgentkitToolCallbacks.java"),
            StandardCharsets.UTF_8);
    assertThat(builder).contains("\"[ToolCallbacksIncomplete] ");
    assertThat(catalogue).contains("| `[ToolCallbacksIncomplete] the tool callbacks of agent");
  }
}
