package dev.agentkit.maven;

import static dev.agentkit.maven.ConsumerFixtures.asks;
import static dev.agentkit.maven.ConsumerFixtures.live;
import static dev.agentkit.maven.ConsumerFixtures.manifest;
import static dev.agentkit.maven.ConsumerFixtures.taskboard;
import static dev.agentkit.maven.ConsumerFixtures.tier;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.internal.UseFixture;
import dev.agentkit.internal.UsesManifest;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A proposed contract is graded for each agent as the agent's own startup would grade it: the drift
 * rules over what it uses, judged by the drift policy, then the binding rules, with the tier
 * overrides of its snapshot.
 */
class ConsumerGradingTest {
  private static final LocalDate TODAY = LocalDate.parse("2026-12-01");

  private static ConsumerGrading.AgentVerdict grade(UsesManifest m, Contract proposed) {
    return grade(m, proposed, FailOn.BREAKING, DriftPolicy.failOnBreaking());
  }

  private static ConsumerGrading.AgentVerdict grade(
      UsesManifest m, Contract proposed, FailOn failOn, DriftPolicy policy) {
    return ConsumerGrading.grade(m, taskboard(), proposed, failOn, policy, TODAY);
  }

  @Test
  void aRaisedTierBreaksTheAgentThatRunsTheActInTheSentenceItsStartupSays() {
    ConsumerGrading.AgentVerdict v = grade(live(), tier("set_task_due_date", Tier.IRREVERSIBLE));

    assertThat(v.broken()).isTrue();
    assertThat(VerifyConsumersGoal.agentLines(v))
        .containsExactly(
            "  it.LiveAgent breaks:",
            "    - tier-raised: the backend raised the tier of set_task_due_date from reversible to"
                + " irreversible, which LiveAgent uses; its run handler can never run now, so the"
                + " act must be asked instead");
  }

  @Test
  void theSameChangeIsCompatibleForTheAgentThatOnlyAsksIt() {
    ConsumerGrading.AgentVerdict v = grade(asks(), tier("set_task_due_date", Tier.IRREVERSIBLE));

    assertThat(v.broken()).isFalse();
    assertThat(VerifyConsumersGoal.agentLines(v))
        .containsExactly(
            "  it.AskingAgent passes:",
            "    - compatible tier-raised: the backend raised the tier of set_task_due_date from"
                + " reversible to irreversible, which AskingAgent uses; it is now proposed to a"
                + " human instead of running");
  }

  @Test
  void aChangeToAnOpTheAgentDoesNotUseIsNoneOfItsConcern() {
    ConsumerGrading.AgentVerdict v = grade(live(), tier("archive_project", Tier.REVERSIBLE));

    assertThat(v.report().items()).isEmpty();
    assertThat(VerifyConsumersGoal.agentLines(v))
        .containsExactly("  it.LiveAgent passes: nothing it uses changed");
  }

  @Test
  void anAssertedTierTheProposedContractNoLongerHasIsTheBindingRulesSentence() {
    UsesManifest m =
        manifest(
            "it.Archiver",
            UseFixture.use("archive_project", ChangeCategory.ALWAYS_MINTS, "")
                .asks()
                .asserted(Tier.IRREVERSIBLE)
                .build());

    ConsumerGrading.AgentVerdict v = grade(m, tier("archive_project", Tier.EXTERNAL_REVERSIBLE));

    assertThat(v.failing()).isEmpty();
    assertThat(v.broken()).isTrue();
    assertThat(VerifyConsumersGoal.agentLines(v))
        .containsExactly(
            "  it.Archiver breaks:",
            "    - [TierMismatch] archive_project: the agent asserts tier irreversible but the"
                + " backend says external_reversible; an understated tier lets the gate run live"
                + " what the backend says must be asked, so fix the assertion or remove it",
            "    - compatible tier-lowered: the backend lowered the tier of archive_project from"
                + " irreversible to external_reversible, which Archiver uses");
  }

  @Test
  void aBackendOpUnderALocalActsOpcodeStopsTheAgentFromBinding() {
    UsesManifest m =
        new UsesManifest(
            "taskboard",
            "it.Noter",
            taskboard().digest(),
            List.of(UseFixture.use("set_status", ChangeCategory.MERGE, "").runs().build()),
            List.of("leave_note"));
    Contract proposed =
        ConsumerFixtures.with(
            Op.builder("leave_note").description("Note.").tier(Tier.REVERSIBLE).build());

    ConsumerGrading.AgentVerdict v = grade(m, proposed);

    assertThat(v.bindProblems()).hasSize(1);
    assertThat(v.bindProblems().get(0).message())
        .isEqualTo(
            "[LocalOpcodeClash] leave_note: a local act uses an opcode the backend also declares;"
                + " the backend's contract would be shadowed, so bind the backend op as a use or"
                + " rename the local act");
    assertThat(grade(m, taskboard()).broken()).isFalse();
  }

  @Test
  void aRemovedEnumValueTheAgentsCodeNamesSaysItsNextCompileFailsToo() {
    UsesManifest m =
        manifest(
            "it.Closer",
            UseFixture.use("set_status", ChangeCategory.MERGE, "")
                .runs()
                .values("status", "archived")
                .build());
    assertThat(VerifyConsumersGoal.agentLines(grade(m, withoutArchived())))
        .containsExactly(
            "  it.Closer breaks:",
            "    - enum-value-removed: the backend removed enum value \"archived\" of"
                + " set_status.status, which Closer uses; calls with it are now rejected",
            "    - Closer's code names \"archived\" of set_status.status through its typed view, so"
                + " its next compile fails too ([RemovedEnumValue])");
  }

  private static Contract withoutArchived() {
    return ConsumerFixtures.changed(
        "set_status",
        op ->
            op.toBuilder()
                .operands(
                    List.of(
                        op.operands().get(0),
                        new Operand(
                            "status",
                            op.operands().get(1).description(),
                            OperandType.ENUM,
                            true,
                            List.of("todo", "in_progress", "done"),
                            false)))
                .build());
  }

  @Test
  void anAcknowledgementPassesTheItemUntilItExpiresThenSaysSo() {
    UsesManifest m =
        manifest(
            "it.Closer", UseFixture.use("set_status", ChangeCategory.MERGE, "").runs().build());
    DriftPolicy acked =
        DriftPolicy.failOnBreaking()
            .acknowledge(
                DriftRule.ENUM_VALUE_REMOVED,
                "set_status.status=archived",
                LocalDate.parse("2026-12-31"),
                "nothing is archived any more");

    ConsumerGrading.AgentVerdict passed = grade(m, withoutArchived(), FailOn.BREAKING, acked);
    assertThat(passed.broken()).isFalse();
    assertThat(VerifyConsumersGoal.agentLines(passed))
        .containsExactly(
            "  it.Closer passes:",
            "    - breaking enum-value-removed: the backend removed enum value \"archived\" of"
                + " set_status.status, which Closer uses; calls with it are now rejected",
            "    - acknowledged until 2026-12-31 (nothing is archived any more): the backend"
                + " removed enum value \"archived\" of set_status.status, which Closer uses; calls"
                + " with it are now rejected");

    ConsumerGrading.AgentVerdict expired =
        ConsumerGrading.grade(
            m,
            taskboard(),
            withoutArchived(),
            FailOn.BREAKING,
            acked,
            LocalDate.parse("2027-01-01"));
    assertThat(expired.broken()).isTrue();
    assertThat(VerifyConsumersGoal.agentLines(expired))
        .contains(
            "    - the acknowledgement of enum-value-removed on set_status.status=archived expired"
                + " on 2026-12-31; review the change, then fix the agent or renew the"
                + " acknowledgement");
  }

  @Test
  void anAcknowledgedTierRaiseStillLeavesARunHandlerThatCanNeverRunAsItsStartupWould() {
    DriftPolicy acked =
        DriftPolicy.failOnBreaking()
            .acknowledge(
                DriftRule.TIER_RAISED, "set_task_due_date", LocalDate.parse("2026-12-31"), "");

    ConsumerGrading.AgentVerdict v =
        grade(live(), tier("set_task_due_date", Tier.IRREVERSIBLE), FailOn.BREAKING, acked);

    assertThat(v.failing()).isEmpty();
    assertThat(v.bindProblems())
        .extracting(p -> p.kind().tag())
        .containsExactly("WithheldWithoutAsk", "WithheldWithRun");
  }

  @Test
  void failOnAnyFailsOnACompatibleChangeAndNoneOnNothing() {
    Contract raised = tier("set_task_due_date", Tier.IRREVERSIBLE);
    assertThat(grade(asks(), raised, FailOn.ANY, DriftPolicy.failOnBreaking()).broken()).isTrue();
    ConsumerGrading.AgentVerdict none =
        grade(live(), raised, FailOn.NONE, DriftPolicy.failOnBreaking());
    assertThat(none.broken()).isFalse();
    assertThat(VerifyConsumersGoal.agentLines(none))
        .contains(
            "    - warning: the backend raised the tier of set_task_due_date from reversible to"
                + " irreversible, which LiveAgent uses; its run handler can never run now, so the"
                + " act must be asked instead");
  }

  @Test
  void theAgentsOwnTierOverrideIsAppliedAsItsWiringAppliesIt() {
    UsesManifest m =
        manifest(
            "it.Cautious",
            UseFixture.use("set_task_due_date", ChangeCategory.SCALAR_SET, "due_date")
                .asks()
                .overridden(Tier.IRREVERSIBLE, false)
                .build());

    ConsumerGrading.AgentVerdict v = grade(m, tier("set_task_due_date", Tier.EXTERNAL_REVERSIBLE));

    assertThat(v.broken()).isFalse();
    assertThat(VerifyConsumersGoal.agentLines(v))
        .containsExactly(
            "  it.Cautious passes:",
            "    - compatible tier-under-override: the source now says external_reversible for"
                + " set_task_due_date, which Cautious uses, instead of reversible; your tier"
                + " override keeps irreversible");
  }

  @Test
  void anAgentCompiledAgainstAnotherContractIsGradedFromTheBaselineAndToldSo() {
    UsesManifest m =
        new UsesManifest(
            "taskboard", "it.Old", "sha256:" + "0".repeat(64), live().acts(), List.of());

    assertThat(VerifyConsumersGoal.agentLines(grade(m, taskboard())))
        .containsExactly(
            "  it.Old passes:",
            "    - Old was compiled against sha256:"
                + "0".repeat(64)
                + ", which is neither the baseline ("
                + taskboard().digest()
                + ") nor the proposed contract; graded from the baseline, what it binds today");
  }

  @Test
  void aRemovedOpIsTheDriftSentenceAndTheBindingRulesAreNotAskedTwice() {
    Contract proposed =
        Contract.of(
            "taskboard",
            taskboard().ops().stream()
                .filter(o -> !o.opcode().equals("set_task_due_date"))
                .toList());

    ConsumerGrading.AgentVerdict v = grade(asks(), proposed);

    assertThat(v.bindProblems()).isEmpty();
    assertThat(VerifyConsumersGoal.agentLines(v))
        .containsExactly(
            "  it.AskingAgent breaks:",
            "    - op-removed: the backend removed op set_task_due_date, which AskingAgent uses");
  }
}
