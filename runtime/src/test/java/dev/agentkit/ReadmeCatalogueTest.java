package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Problem;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.testing.BaseDir;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * The docs' catalogues, which the README links to, are complete: the error catalogue ({@code
 * docs/errors.md}) names every rule's tag, and the drift page ({@code docs/drift.md}) every drift
 * rule id.
 */
class ReadmeCatalogueTest {
  @Test
  void everyTagIsInTheErrorCatalogue() throws Exception {
    String catalogue = Files.readString(BaseDir.resolve("..", "docs", "errors.md"));
    for (Problem.Kind k : Problem.Kind.values()) {
      assertThat(catalogue).as("docs/errors.md names " + k.tag()).contains("`" + k.tag() + "`");
    }
  }

  @Test
  void theLiveAgentsTagIsInTheErrorCatalogue() throws Exception {
    String catalogue = Files.readString(BaseDir.resolve("..", "docs", "errors.md"));
    assertThat(catalogue).contains("`[AgentPaused] <call> was not run: ");
  }

  @Test
  void everyDriftRuleIsInTheDriftTable() throws Exception {
    String drift = Files.readString(BaseDir.resolve("..", "docs", "drift.md"));
    for (DriftRule r : DriftRule.values()) {
      assertThat(drift).as("docs/drift.md names " + r.id()).contains("| `" + r.id() + "` |");
    }
  }

  @Test
  void theReadmeLinksToBoth() throws Exception {
    String readme = Files.readString(BaseDir.resolve("..", "README.md"));
    assertThat(readme).contains("(docs/errors.md)").contains("(docs/drift.md)");
  }
}
