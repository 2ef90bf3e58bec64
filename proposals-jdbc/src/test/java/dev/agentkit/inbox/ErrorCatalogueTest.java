package dev.agentkit.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Every inbox tag is in docs/errors.md, and the inbox page is linked from the README. */
class ErrorCatalogueTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).resolve("..");

  @Test
  void everyTagIsInTheErrorCatalogue() throws Exception {
    String catalogue = Files.readString(ROOT.resolve("docs/errors.md"));
    for (InboxException.Kind k : InboxException.Kind.values()) {
      assertThat(catalogue).as("docs/errors.md names " + k.tag()).contains("`" + k.tag() + "`");
    }
  }

  @Test
  void theReadmeLinksTheInboxPage() throws Exception {
    assertThat(Files.readString(ROOT.resolve("README.md"))).contains("(docs/inbox.md)");
    assertThat(ROOT.resolve("docs/inbox.md")).exists();
  }
}
