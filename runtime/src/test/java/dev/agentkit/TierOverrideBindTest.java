package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.drift.DriftSeverity;
import dev.agentkit.source.ContractSource;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Startup re-verification with the snapshot's tier overrides: the live source still serves its own
 * tier, the override makes the op irreversible, so the live contract is no drift and the gate
 * proposes the call; when the source's tier changes under the override, drift says so.
 */
class TierOverrideBindTest {
  static Contract served(Tier merge) {
    return Contract.of(
        "github",
        List.of(
            Op.builder("pulls/merge").description("Merge a pull request.").tier(merge).build(),
            Op.builder("repos/get").description("Get a repository.").tier(Tier.READ_ONLY).build()));
  }

  static final List<TierOverride> MERGE_IRREVERSIBLE =
      List.of(TierOverride.forOpcode("pulls/merge", Tier.IRREVERSIBLE));

  static List<Use<Object>> uses() {
    return List.of(
        Use.<Object>of("pulls/merge", ChangeCategory.ALWAYS_MINTS).ask(c -> "Merge it?").build());
  }

  static CompiledAgent compiled(List<TierOverride> tiers) {
    Contract snapshot = served(Tier.REVERSIBLE).withTiers(tiers);
    return new CompiledAgent("MergeAgent", snapshot, snapshot.digest());
  }

  static BoundAgent<Object> bind(CompiledAgent compiled, Contract live) {
    return BoundAgent.bind(compiled, live, uses(), DriftPolicy.failOnBreaking(), Clock.systemUTC());
  }

  @Test
  void theLiveSourceSaysReversibleTheOverrideMakesItIrreversibleAndThatIsNoDrift() {
    BoundAgent<Object> bound = bind(compiled(MERGE_IRREVERSIBLE), served(Tier.REVERSIBLE));
    assertThat(bound.report().items()).isEmpty();
    assertThat(bound.acts().op("pulls/merge").orElseThrow().tier()).isEqualTo(Tier.IRREVERSIBLE);
    Plan plan = bound.acts().gate(List.of(Call.of("pulls/merge", Map.of())), AutonomyRung.AUTO);
    assertThat(plan.apply()).isEmpty();
    assertThat(plan.propose()).hasSize(1);
    // Without the override the same live contract runs the merge at AUTO.
    BoundAgent<Object> plain = bind(compiled(List.of()), served(Tier.REVERSIBLE));
    assertThat(plain.acts().op("pulls/merge").orElseThrow().tier()).isEqualTo(Tier.REVERSIBLE);
  }

  @Test
  void aChangeOfTheSourcesTierUnderTheOverrideIsSaid() {
    BoundAgent<Object> bound = bind(compiled(MERGE_IRREVERSIBLE), served(Tier.EXTERNAL_REVERSIBLE));
    assertThat(bound.report().items())
        .extracting(DriftItem::toString)
        .containsExactly(
            "compatible tier-under-override: the source now says external_reversible for"
                + " pulls/merge, which MergeAgent uses, instead of reversible; your tier override"
                + " keeps irreversible");
  }

  @Test
  void aReasonGivenForLessIsBreakingWhenTheSourceRaisesTheTierAboveIt() {
    Contract snapshot =
        served(Tier.EXTERNAL_REVERSIBLE)
            .withTiers(
                List.of(
                    TierOverride.forOpcode("pulls/merge", Tier.REVERSIBLE)
                        .because("a revert undoes a merge")));
    CompiledAgent compiled = new CompiledAgent("MergeAgent", snapshot, snapshot.digest());
    assertThatThrownBy(() -> bind(compiled, served(Tier.IRREVERSIBLE)))
        .isInstanceOf(DriftException.class)
        .hasMessageContaining(
            "the source now says irreversible for pulls/merge, which MergeAgent uses, instead of"
                + " external_reversible; your tier override keeps reversible, below the source's,"
                + " for a reason given when the source said external_reversible: confirm the"
                + " reason still holds, then take the snapshot again (mvn agentkit:snapshot)");
  }

  @Test
  void anOverrideWithoutAReasonGivesWayToASourceThatRaisesAboveIt() {
    Contract snapshot =
        served(Tier.READ_ONLY)
            .withTiers(List.of(TierOverride.forOpcode("pulls/merge", Tier.REVERSIBLE)));
    DriftReport report =
        DriftReport.compare(
            snapshot,
            served(Tier.IRREVERSIBLE).withTiers(snapshot.tierOverrides()),
            DriftReport.Usage.wholeContract());
    assertThat(report.items())
        .extracting(DriftItem::toString)
        .containsExactly(
            "breaking tier-raised: the backend raised the tier of pulls/merge from reversible to"
                + " irreversible; an act with a run handler for it could never run now",
            "compatible tier-under-override: the source now says irreversible for pulls/merge"
                + ", instead of read_only; your tier override now gives irreversible");
  }

  @Test
  void aChangedOverrideIsTheOverridesNotTheBackends() {
    DriftReport report =
        DriftReport.compare(
            served(Tier.REVERSIBLE),
            served(Tier.REVERSIBLE).withTiers(MERGE_IRREVERSIBLE),
            new DriftReport.Usage(
                "MergeAgent", Map.of("pulls/merge", new DriftReport.ActUse(true, false, ""))));
    assertThat(report.items()).hasSize(1);
    DriftItem item = report.items().get(0);
    assertThat(item.rule()).isEqualTo(DriftRule.OVERRIDE_RAISED);
    assertThat(item.severity()).isEqualTo(DriftSeverity.BREAKING);
    assertThat(item.sentence())
        .isEqualTo(
            "your tier override raised the tier of pulls/merge from reversible to irreversible,"
                + " which MergeAgent uses; its run handler can never run now, so the act must be"
                + " asked instead");
    DriftReport lowered =
        DriftReport.compare(
            served(Tier.REVERSIBLE).withTiers(MERGE_IRREVERSIBLE),
            served(Tier.REVERSIBLE),
            DriftReport.Usage.wholeContract());
    assertThat(lowered.items())
        .extracting(DriftItem::toString)
        .containsExactly(
            "compatible tier-override-lowered: your tier override lowered the tier of pulls/merge"
                + " from irreversible to reversible");
  }

  @Test
  void overridesSetInCodeOnTheSourceApplyToEveryFetch() throws Exception {
    ContractSource source = () -> served(Tier.REVERSIBLE);
    ContractSource tiered = source.withTiers(MERGE_IRREVERSIBLE);
    assertThat(tiered.fetch().op("pulls/merge").orElseThrow().tier()).isEqualTo(Tier.IRREVERSIBLE);
    assertThat(tiered.describe()).isEqualTo(source.describe());
    ActionSet<Object> acts = ActionSet.bind(tiered, uses());
    assertThat(acts.gate(List.of(Call.of("pulls/merge", Map.of())), AutonomyRung.AUTO).apply())
        .isEmpty();
    assertThatThrownBy(
            () ->
                source.withTiers(
                    List.of(
                        TierOverride.forPattern("pulls/*", Tier.IRREVERSIBLE),
                        TierOverride.forPattern("pulls/*", Tier.REVERSIBLE))))
        .hasMessageStartingWith("the tier override of pattern pulls/* is given twice");
  }
}
