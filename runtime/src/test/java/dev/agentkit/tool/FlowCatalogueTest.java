package dev.agentkit.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.testing.BaseDir;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * The error catalogue ({@code docs/errors.md}) names the message every adapter's builder refuses an
 * incomplete configuration with; the sentences to the model are {@link ToolReplies}'.
 */
class FlowCatalogueTest {
  @Test
  void theBuildersMessageIsInTheCatalogue() throws Exception {
    String catalogue = Files.readString(BaseDir.resolve("..", "docs", "errors.md"));
    String flow =
        Files.readString(
            BaseDir.resolve("src", "main", "java", "dev", "agentkit", "tool", "ToolCallFlow.java"));
    assertThat(flow).contains("\"[ToolsIncomplete] the tools of agent \\\"\"");
    assertThat(catalogue).contains("| `[ToolsIncomplete] the tools of agent \"…\" need …` |");
  }
}
