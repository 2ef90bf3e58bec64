package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.Plan;
import dev.agentkit.Use;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.source.ContractSource;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * GitHub's pulls/merge (PUT) and repos/transfer (POST), from an excerpt of its published REST API
 * description (npm {@code @octokit/openapi} 23.0.2) served on loopback: the document gives them no
 * tier, so they map to reversible and run live at AUTO; with the user's word on their tiers they
 * are irreversible, proposed to a human, and drift says so.
 */
class GitHubTiersTest {
  private static final String EXCERPT = "real/github-23.0.2-tiers-excerpt.json";
  private static final List<TierOverride> OVERRIDES =
      List.of(
          TierOverride.forOpcode("pulls/merge", Tier.IRREVERSIBLE),
          TierOverride.forPattern("repos/*", Tier.IRREVERSIBLE));
  private static final List<Call> PROGRAM =
      List.of(
          Call.of("pulls/merge", Map.of("owner", "acme", "repo", "site", "pull_number", "7")),
          Call.of("repos/transfer", Map.of("owner", "acme", "repo", "site", "new_owner", "evil")));

  private Loopback docs;

  @BeforeEach
  void start() throws Exception {
    docs = new Loopback();
    docs.serve("/openapi.json", 200, OpenApiContractSourceTest.resource(EXCERPT));
  }

  @AfterEach
  void stop() {
    docs.close();
  }

  private ContractSource github() {
    return OpenApiContractSource.fromUrl(docs.uri("/openapi.json")).contractName("github").build();
  }

  private static List<Use<Object>> uses(boolean run) {
    return List.of(use("pulls/merge", run), use("repos/transfer", run));
  }

  private static Use<Object> use(String opcode, boolean run) {
    Use.Builder<Object> b = Use.<Object>of(opcode, ChangeCategory.ALWAYS_MINTS);
    return run
        ? b.run((s, c) -> "done").build()
        : b.ask(c -> "Let the agent " + opcode + "?").build();
  }

  @Test
  void asServedBothAreReversibleAndRunLiveAtAuto() throws Exception {
    Contract served = github().fetch();
    assertThat(served.op("pulls/merge").orElseThrow().tier()).isEqualTo(Tier.REVERSIBLE);
    assertThat(served.op("repos/transfer").orElseThrow().tier()).isEqualTo(Tier.REVERSIBLE);
    Plan plan = ActionSet.bind(served, uses(true)).gate(PROGRAM, AutonomyRung.AUTO);
    assertThat(plan.apply()).hasSize(2);
    assertThat(plan.propose()).isEmpty();
  }

  @Test
  void withTheOverridesBothAreIrreversibleAndProposed() throws Exception {
    ContractSource tiered = github().withTiers(OVERRIDES);
    Contract c = tiered.fetch();
    assertThat(TierOverride.check(c, OVERRIDES)).isEmpty();
    assertThat(c.op("pulls/merge").orElseThrow().tier()).isEqualTo(Tier.IRREVERSIBLE);
    assertThat(c.op("repos/transfer").orElseThrow().tier()).isEqualTo(Tier.IRREVERSIBLE);
    assertThat(c.tierOverride("repos/transfer")).contains(OVERRIDES.get(1));
    Plan plan = ActionSet.bind(tiered, uses(false)).gate(PROGRAM, AutonomyRung.AUTO);
    assertThat(plan.apply()).isEmpty();
    assertThat(plan.propose())
        .extracting(Call::opcode)
        .containsExactly("pulls/merge", "repos/transfer");
  }

  @Test
  void driftSaysTheOverridesWordAndTheSourcesChangeUnderIt() throws Exception {
    Contract served = github().fetch();
    Contract tiered = served.withTiers(OVERRIDES);
    assertThat(DriftReport.compare(served, tiered, DriftReport.Usage.wholeContract()).items())
        .extracting(DriftItem::sentence)
        .containsExactly(
            "your tier override raised the tier of pulls/merge from reversible to irreversible; an"
                + " act with a run handler for it could never run now",
            "your tier override raised the tier of repos/transfer from reversible to irreversible;"
                + " an act with a run handler for it could never run now");
    // GitHub's document now says external_reversible for the merge (x-agentkit-tier).
    String raised =
        OpenApiContractSourceTest.resource(EXCERPT)
            .replace(
                "\"operationId\": \"pulls/merge\",",
                "\"operationId\": \"pulls/merge\",\n\"x-agentkit-tier\": \"external_reversible\",");
    docs.serve("/openapi.json", 200, raised);
    Contract live = github().withTiers(OVERRIDES).fetch();
    assertThat(DriftReport.compare(tiered, live, DriftReport.Usage.wholeContract()).items())
        .extracting(DriftItem::toString)
        .containsExactly(
            "compatible tier-under-override: the source now says external_reversible for"
                + " pulls/merge, instead of reversible; your tier override keeps irreversible");
  }
}
