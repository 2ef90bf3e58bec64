package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftReport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The goals' summary and per-agent lines give each change the one verdict the runtime computes. */
class DriftSummaryTest {
  private static Contract board(Tier closeTier) {
    return Contract.of(
        "board",
        List.of(
            Op.builder("close_task")
                .description("Close a task.")
                .objectType("task")
                .tier(closeTier)
                .operand(Operand.requiredString("task_id", "The task."))
                .build()));
  }

  private static DriftReport.Usage uses(String agent, boolean run, boolean ask) {
    return new DriftReport.Usage(agent, Map.of("close_task", new DriftReport.ActUse(run, ask, "")));
  }

  @Test
  void aRaisedTierAnAgentOnlyAsksIsCompatibleInEveryLine() {
    DriftSummary s =
        DriftSummary.of(
            "board",
            board(Tier.REVERSIBLE),
            board(Tier.IRREVERSIBLE),
            Map.of("it.Triage", uses("Triage", false, true)));

    assertThat(s.counts()).isEqualTo("0 breaking, 1 compatible, 0 informational");
    assertThat(s.lines())
        .containsExactly(
            "  compatible (1):",
            "    - tier-raised: the backend raised the tier of close_task from reversible to"
                + " irreversible, which Triage uses; it is now proposed to a human instead of"
                + " running",
            "  affected acts in this project:",
            "    - it.Triage: compatible tier-raised of close_task");
    assertThat(s.fails(FailOn.BREAKING)).isFalse();
  }

  @Test
  void anAgentThatRunsItMakesTheChangeBreakingInEveryLine() {
    Map<String, DriftReport.Usage> agents = new LinkedHashMap<>();
    agents.put("it.Closer", uses("Closer", true, false));
    agents.put("it.Triage", uses("Triage", false, true));
    DriftSummary s =
        DriftSummary.of("board", board(Tier.REVERSIBLE), board(Tier.IRREVERSIBLE), agents);

    assertThat(s.counts()).isEqualTo("1 breaking, 0 compatible, 0 informational");
    assertThat(s.lines())
        .containsExactly(
            "  breaking (1):",
            "    - tier-raised: the backend raised the tier of close_task from reversible to"
                + " irreversible, which Closer uses; its run handler can never run now, so the act"
                + " must be asked instead",
            "  affected acts in this project:",
            "    - it.Closer: breaking tier-raised of close_task",
            "    - it.Triage: breaking tier-raised of close_task");
    assertThat(s.failing(FailOn.BREAKING)).hasSize(1);
  }

  @Test
  void withoutAgentsTheWholeContractIsGradedAndNoHandlerIsClaimed() {
    DriftSummary s =
        DriftSummary.of("board", board(Tier.REVERSIBLE), board(Tier.IRREVERSIBLE), Map.of());

    assertThat(s.lines())
        .containsExactly(
            "  breaking (1):",
            "    - tier-raised: the backend raised the tier of close_task from reversible to"
                + " irreversible; an act with a run handler for it could never run now");
    assertThat(s.fails(FailOn.NONE)).isFalse();
    assertThat(s.fails(FailOn.ANY)).isTrue();
  }

  @Test
  void aChangeToAnOpNoAgentUsesIsInformationalAndFailsOnlyOnAny() {
    DriftSummary s =
        DriftSummary.of(
            "board",
            board(Tier.REVERSIBLE),
            board(Tier.IRREVERSIBLE),
            Map.of("it.Other", new DriftReport.Usage("Other", Map.of())));

    assertThat(s.counts()).isEqualTo("0 breaking, 0 compatible, 1 informational");
    assertThat(s.lines())
        .containsExactly(
            "  info (1):",
            "    - tier-raised: the backend raised the tier of close_task from reversible to"
                + " irreversible; it is now proposed to a human instead of running",
            "  no act of this project's agents (it.Other) is affected");
    assertThat(s.fails(FailOn.BREAKING)).isFalse();
    assertThat(s.fails(FailOn.ANY)).isTrue();
  }
}
