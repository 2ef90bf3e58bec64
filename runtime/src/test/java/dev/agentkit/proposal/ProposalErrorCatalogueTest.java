package dev.agentkit.proposal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.testing.BaseDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every tag a proposal's builder writes is in the error catalogue, docs/errors.md. */
class ProposalErrorCatalogueTest {
  private static final Pattern TAG = Pattern.compile("\"\\[(Proposal[A-Za-z]+)\\]");

  @Test
  void everyProposalTagIsCatalogued() throws Exception {
    String catalogue = Files.readString(BaseDir.resolve("..", "docs", "errors.md"));
    List<String> tags = new ArrayList<>();
    Path sources = BaseDir.resolve("src", "main", "java", "dev", "agentkit", "proposal");
    try (Stream<Path> files = Files.list(sources)) {
      for (Path f : files.toList()) {
        Matcher m = TAG.matcher(Files.readString(f));
        while (m.find()) {
          tags.add(m.group(1));
        }
      }
    }
    assertThat(tags).contains("ProposalMetadata", "ProposalSlot", "ProposalLabel");
    for (String tag : tags) {
      assertThat(catalogue).as("docs/errors.md names " + tag).contains("| `" + tag + "` |");
    }
  }
}
