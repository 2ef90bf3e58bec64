package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every tag this module's messages start with is in docs/errors.md, under its MCP section. */
class CatalogueTest {
  private static final Pattern TAG = Pattern.compile("\"\\[([A-Z][A-Za-z]+)\\] ");

  @Test
  void everyTagIsInTheErrorCatalogue() throws Exception {
    Path base = Path.of(System.getProperty("basedir", "."));
    Set<String> tags = new TreeSet<>();
    try (Stream<Path> files = Files.walk(base.resolve("src/main/java"))) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        Matcher m = TAG.matcher(Files.readString(f));
        while (m.find()) {
          tags.add(m.group(1));
        }
      }
    }
    assertThat(tags)
        .contains("McpBadTier", "McpCallFailed", "McpListTooLarge", "McpListTimeout")
        .hasSize(13);
    String catalogue = Files.readString(base.resolve("../docs/errors.md"));
    String section = catalogue.substring(catalogue.indexOf("\n## MCP\n"));
    for (String tag : tags) {
      assertThat(section).as("docs/errors.md, MCP, names " + tag).contains("`" + tag + "`");
    }
  }
}
