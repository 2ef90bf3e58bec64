package dev.agentkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.testing.BaseDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every tag the command line's own messages start with is in docs/errors.md, under its section. */
class CatalogueTest {
  private static final Pattern TAG = Pattern.compile("\"\\[([A-Z][A-Za-z]+)\\] ");

  @Test
  void everyTagIsInTheErrorCatalogue() throws Exception {
    Set<String> tags = new TreeSet<>();
    try (Stream<Path> files = Files.walk(BaseDir.resolve("src/main/java"))) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        Matcher m = TAG.matcher(Files.readString(f));
        while (m.find()) {
          tags.add(m.group(1));
        }
        // The log levels a line is printed with, as Maven prints them: not tags.
        tags.removeAll(Set.of("DEBUG", "INFO", "WARNING", "ERROR"));
      }
    }
    assertThat(tags).contains("ConfigFile");
    String catalogue = Files.readString(BaseDir.resolve("..", "docs", "errors.md"));
    int start = catalogue.indexOf("## The command line");
    String section = catalogue.substring(start, catalogue.indexOf("\n## ", start + 1));
    for (String tag : tags) {
      assertThat(section)
          .as("docs/errors.md names " + tag + " under the command line")
          .contains("`" + tag + "`");
    }
  }
}
