package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every tag this module's messages start with is in docs/errors.md (the schema mapping's are the
 * runtime's).
 */
class CatalogueTest {
  private static final Pattern TAG = Pattern.compile("\"\\[([A-Z][A-Za-z]+)\\] ");

  @Test
  void everyTagIsInTheErrorCatalogue() throws Exception {
    Path base = Path.of(System.getProperty("basedir", "."));
    Set<String> tags = new TreeSet<>();
    try (Stream<Path> files = Files.walk(base.resolve("src/main/java"))) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        tags.addAll(tagsIn(Files.readString(f)));
      }
    }
    assertThat(tags).contains("OpenApiBadTier").hasSizeGreaterThan(10);
    String catalogue = Files.readString(base.resolve("../docs/errors.md"));
    for (String tag : tags) {
      assertThat(catalogue).as("docs/errors.md names " + tag).contains("`" + tag + "`");
    }
  }

  private static Set<String> tagsIn(String source) {
    Set<String> out = new TreeSet<>();
    Matcher m = TAG.matcher(source);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }
}
