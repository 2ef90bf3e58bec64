package it;

import dev.agentkit.Call;
import dev.agentkit.annotation.Act;
import dev.agentkit.annotation.Agent;
import dev.agentkit.annotation.AssertedTier;
import dev.agentkit.annotation.Ask;
import dev.agentkit.contract.ChangeCategory;

/**
 * An agent that merges pull requests and transfers repositories on GitHub. It asserts both are
 * irreversible, which GitHub's document does not say: the POM's tier overrides do.
 */
@Agent(contract = "github", state = Repo.class)
@Act(opcode = "pulls/merge", category = ChangeCategory.MERGE, assertTier = AssertedTier.IRREVERSIBLE)
@Act(
    opcode = "repos/transfer",
    category = ChangeCategory.ALWAYS_MINTS,
    assertTier = AssertedTier.IRREVERSIBLE)
public class Maintainer {
  @Ask("pulls/merge")
  String askMerge(Call call) {
    return "Merge pull request " + call.arg("pull_number") + "?";
  }

  @Ask("repos/transfer")
  String askTransfer(Call call) {
    return "Transfer " + call.arg("repo") + " to " + call.arg("new_owner") + "?";
  }
}
