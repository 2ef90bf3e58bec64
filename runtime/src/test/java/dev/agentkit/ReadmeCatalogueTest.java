package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Problem;
import dev.agentkit.drift.DriftRule;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** The README's error catalogue names every rule's tag and every drift rule id. */
class ReadmeCatalogueTest {
  @Test
  void everyTagAndDriftRuleIsInTheReadme() throws Exception {
    String readme = Files.readString(BaseDir.resolve("..", "README.md"));
    for (Problem.Kind k : Problem.Kind.values()) {
      assertThat(readme).as(k.tag()).contains("`" + k.tag() + "`");
    }
    for (DriftRule r : DriftRule.values()) {
      assertThat(readme).as(r.id()).contains("`" + r.id() + "`");
    }
  }
}
