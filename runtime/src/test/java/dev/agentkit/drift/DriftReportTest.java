package dev.agentkit.drift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.Fixtures;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** Each drift rule triggered, not triggered by its near misses, and graded per use. */
class DriftReportTest {
  private static final Contract BEFORE = Fixtures.taskboard();

  /** TriageAgent uses set_status (runs it) and archive_project (asks it). */
  private static final DriftReport.Usage TRIAGE =
      new DriftReport.Usage(
          "TriageAgent",
          Map.of(
              "set_status", new DriftReport.ActUse(true, false, "status"),
              "set_estimate", new DriftReport.ActUse(false, true, "hours"),
              "archive_project", new DriftReport.ActUse(false, true, ""),
              "tag_task", new DriftReport.ActUse(false, true, "")));

  private static Contract with(String opcode, UnaryOperator<Op> change) {
    List<Op> ops =
        BEFORE.ops().stream().map(a -> a.opcode().equals(opcode) ? change.apply(a) : a).toList();
    return Contract.of("taskboard", ops);
  }

  private static Op mapOperand(Op a, String name, UnaryOperator<Operand> change) {
    return a.toBuilder()
        .operands(
            a.operands().stream().map(o -> o.name().equals(name) ? change.apply(o) : o).toList())
        .build();
  }

  private static List<String> lines(Contract after, DriftReport.Usage usage) {
    return DriftReport.compare(BEFORE, after, usage).items().stream()
        .map(DriftItem::toString)
        .toList();
  }

  @Test
  void identicalContractsHaveNoDrift() {
    DriftReport r = DriftReport.compare(BEFORE, Fixtures.taskboard(), TRIAGE);
    assertThat(r.isEmpty()).isTrue();
    assertThat(r.hasBreaking()).isFalse();
    assertThat(r.toString()).isEqualTo("contract drift for TriageAgent: none");
    assertThat(r.fromDigest()).isEqualTo(r.toDigest());
  }

  @Test
  void opRemovedIsBreakingWhenUsedAndInformationalOtherwise() {
    Contract after =
        Contract.of(
            "taskboard",
            BEFORE.ops().stream()
                .filter(a -> !Map.of("set_status", 1, "create_task", 1).containsKey(a.opcode()))
                .toList());
    assertThat(lines(after, TRIAGE))
        .containsExactly(
            "info op-removed: the backend removed op create_task",
            "breaking op-removed: the backend removed op set_status, which TriageAgent uses");
  }

  @Test
  void opAdded() {
    List<Op> ops = new java.util.ArrayList<>(BEFORE.ops());
    Op create = Fixtures.createTask();
    ops.add(
        new Op(
            "clone_task",
            create.description(),
            create.objectType(),
            create.tier(),
            create.operands()));
    Contract after = Contract.of("taskboard", ops);
    assertThat(lines(after, TRIAGE))
        .containsExactly("info op-added: the backend added op clone_task");
    assertThat(lines(after, DriftReport.Usage.wholeContract()))
        .containsExactly("compatible op-added: the backend added op clone_task");
  }

  @Test
  void operandRemovedNamesTheInput() {
    Contract after =
        with(
            "set_status",
            a -> a.toBuilder().operands(List.of(a.operand("task_id").orElseThrow())).build());
    assertThat(lines(after, TRIAGE))
        .containsExactly(
            "breaking operand-removed: the backend removed operand set_status.status (the input"
                + " of its premise), which TriageAgent uses");
  }

  @Test
  void operandTypeAndListness() {
    Contract after =
        with(
            "set_estimate",
            a ->
                mapOperand(
                    a,
                    "hours",
                    o ->
                        new Operand(
                            o.name(), o.description(), OperandType.STRING, true, null, true)));
    assertThat(lines(after, TRIAGE))
        .containsExactly(
            "breaking operand-type-changed: the backend changed the type of set_estimate.hours"
                + " from number to string, which TriageAgent uses",
            "breaking operand-list-changed: the backend made set_estimate.hours a list, which"
                + " TriageAgent uses");
  }

  @Test
  void requiredOptionalTransitionsAndAddedOperands() {
    Contract after =
        with(
            "tag_task",
            a ->
                mapOperand(
                        mapOperand(a, "note", o -> o.withRequired(true)),
                        "task_id",
                        o -> o.withRequired(false))
                    .toBuilder()
                    .operand(Operand.requiredString("board_id", "Board."))
                    .operand(Operand.of("color", OperandType.STRING))
                    .build());
    assertThat(lines(after, TRIAGE))
        .containsExactly(
            "breaking required-operand-added: the backend added required operand"
                + " tag_task.board_id, which TriageAgent uses; calls without it are now rejected",
            "compatible optional-operand-added: the backend added optional operand"
                + " tag_task.color, which TriageAgent uses",
            "breaking operand-became-required: the backend made tag_task.note required, which"
                + " TriageAgent uses",
            "compatible operand-became-optional: the backend made tag_task.task_id optional,"
                + " which TriageAgent uses");
  }

  @Test
  void enumValuesRemovedAndAdded() {
    Contract after =
        with(
            "set_status",
            a ->
                mapOperand(
                    a,
                    "status",
                    o ->
                        new Operand(
                            o.name(),
                            o.description(),
                            o.type(),
                            o.required(),
                            List.of("todo", "in_progress", "done", "blocked"),
                            o.list())));
    DriftReport r = DriftReport.compare(BEFORE, after, TRIAGE);
    assertThat(r.items().stream().map(DriftItem::toString))
        .containsExactly(
            "breaking enum-value-removed: the backend removed enum value \"archived\" of"
                + " set_status.status, which TriageAgent uses; calls with it are now rejected",
            "compatible enum-value-added: the backend added enum value \"blocked\" to"
                + " set_status.status, which TriageAgent uses; it is usable at once");
    assertThat(r.items().get(0).target()).isEqualTo("set_status.status=archived");
    // Reordering the vocabulary is no drift.
    Contract reordered =
        with(
            "set_status",
            a ->
                mapOperand(
                    a,
                    "status",
                    o ->
                        new Operand(
                            o.name(),
                            o.description(),
                            o.type(),
                            o.required(),
                            List.of("done", "todo", "archived", "in_progress"),
                            o.list())));
    assertThat(lines(reordered, TRIAGE)).isEmpty();
  }

  @Test
  void tierRaisedIsBreakingOnlyWhenTheHandlersNoLongerFit() {
    // set_status runs live; raised to external_reversible it can never run.
    Contract raised = with("set_status", a -> a.toBuilder().tier(Tier.EXTERNAL_REVERSIBLE).build());
    assertThat(lines(raised, TRIAGE))
        .containsExactly(
            "breaking tier-raised: the backend raised the tier of set_status from reversible to"
                + " external_reversible, which TriageAgent uses; its run handler can never run"
                + " now, so the act must be asked instead");
    // set_estimate has ask wording and no run handler: now proposed, which it can be.
    Contract asked = with("set_estimate", a -> a.toBuilder().tier(Tier.IRREVERSIBLE).build());
    assertThat(lines(asked, TRIAGE))
        .containsExactly(
            "compatible tier-raised: the backend raised the tier of set_estimate from read_only"
                + " to irreversible, which TriageAgent uses; it is now proposed to a human"
                + " instead of running");
    // An act with neither: it would vanish.
    DriftReport.Usage silent =
        new DriftReport.Usage(
            "Quiet", Map.of("set_estimate", new DriftReport.ActUse(false, false, "")));
    assertThat(lines(asked, silent).get(0))
        .isEqualTo(
            "breaking tier-raised: the backend raised the tier of set_estimate from read_only to"
                + " irreversible, which Quiet uses; it is now withheld for a human but has no ask"
                + " wording, so it would vanish");
    // Raised within the same rung: read_only -> reversible is still auto.
    Contract sameRung = with("set_estimate", a -> a.toBuilder().tier(Tier.REVERSIBLE).build());
    assertThat(lines(sameRung, TRIAGE))
        .containsExactly(
            "compatible tier-raised: the backend raised the tier of set_estimate from read_only"
                + " to reversible, which TriageAgent uses");
    // Against the whole contract, handlers unknown: assume a run handler.
    assertThat(lines(raised, DriftReport.Usage.wholeContract()).get(0))
        .startsWith("breaking tier-raised: the backend raised the tier of set_status");
  }

  @Test
  void theWholeContractViewDoesNotClaimAHandlerItCannotSee() {
    Contract asked = with("set_estimate", a -> a.toBuilder().tier(Tier.IRREVERSIBLE).build());
    assertThat(lines(asked, DriftReport.Usage.wholeContract()))
        .containsExactly(
            "breaking tier-raised: the backend raised the tier of set_estimate from read_only to"
                + " irreversible; an act with a run handler for it could never run now");
  }

  @Test
  void severalAgentsGetOneVerdictPerChangeTheWorstOfTheirs() {
    Contract asked = with("set_estimate", a -> a.toBuilder().tier(Tier.IRREVERSIBLE).build());
    DriftReport.Usage runner =
        new DriftReport.Usage(
            "Runner", Map.of("set_estimate", new DriftReport.ActUse(true, true, "")));
    DriftReport.Usage unrelated =
        new DriftReport.Usage(
            "Other", Map.of("set_status", new DriftReport.ActUse(true, false, "")));

    // Asked only: compatible, the same verdict the agent's own report gives.
    DriftReport triageOnly =
        DriftReport.compareForAgents(BEFORE, asked, List.of(TRIAGE, unrelated));
    assertThat(triageOnly.items()).isEqualTo(DriftReport.compare(BEFORE, asked, TRIAGE).items());
    assertThat(triageOnly.items(DriftSeverity.COMPATIBLE)).hasSize(1);

    // With an agent that runs it: one item, breaking, worded for that agent.
    DriftReport both = DriftReport.compareForAgents(BEFORE, asked, List.of(TRIAGE, runner));
    assertThat(both.items())
        .extracting(DriftItem::toString)
        .containsExactly(
            "breaking tier-raised: the backend raised the tier of set_estimate from read_only to"
                + " irreversible, which Runner uses; its run handler can never run now, so the act"
                + " must be asked instead");

    // No agent uses it: informational, however the whole-contract view grades it.
    assertThat(DriftReport.compareForAgents(BEFORE, asked, List.of(unrelated)).items())
        .extracting(DriftItem::severity)
        .containsExactly(DriftSeverity.INFO);

    // No agent in view: the whole-contract report.
    assertThat(DriftReport.compareForAgents(BEFORE, asked, List.of()).items())
        .isEqualTo(DriftReport.compare(BEFORE, asked, DriftReport.Usage.wholeContract()).items());
  }

  @Test
  void severalAgentsVerdictsComeSortedAndTheFirstOfEquallySevereOnesIsKept() {
    Contract asked =
        Contract.of(
            "taskboard",
            BEFORE.ops().stream()
                .map(
                    a ->
                        a.opcode().equals("set_status") || a.opcode().equals("set_estimate")
                            ? a.toBuilder().tier(Tier.IRREVERSIBLE).build()
                            : a)
                .toList());
    DriftReport.Usage statusRunner =
        new DriftReport.Usage(
            "StatusRunner", Map.of("set_status", new DriftReport.ActUse(true, true, "")));
    DriftReport.Usage estimateRunner =
        new DriftReport.Usage(
            "EstimateRunner", Map.of("set_estimate", new DriftReport.ActUse(true, true, "")));
    DriftReport.Usage otherEstimateRunner =
        new DriftReport.Usage(
            "OtherRunner", Map.of("set_estimate", new DriftReport.ActUse(true, true, "")));

    // Found in the agents' order (set_status first), reported in the report's order.
    assertThat(
            DriftReport.compareForAgents(BEFORE, asked, List.of(statusRunner, estimateRunner))
                .items())
        .extracting(DriftItem::opcode)
        .containsExactly("set_estimate", "set_status");

    // Two agents, the same change, equally severe: the first agent's wording is kept.
    assertThat(
            DriftReport.compareForAgents(
                    BEFORE, asked, List.of(estimateRunner, otherEstimateRunner))
                .items(DriftSeverity.BREAKING))
        .extracting(DriftItem::toString)
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("which EstimateRunner uses");
    assertThat(
            DriftReport.compareForAgents(
                    BEFORE, asked, List.of(otherEstimateRunner, estimateRunner))
                .items(DriftSeverity.BREAKING))
        .extracting(DriftItem::toString)
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("which OtherRunner uses");
  }

  @Test
  void tierLoweredDescriptionAndObjectType() {
    Contract after =
        with(
            "archive_project",
            a ->
                mapOperand(a, "project_id", o -> o.withDescription("Which project.")).toBuilder()
                    .tier(Tier.REVERSIBLE)
                    .description("Archive a project.")
                    .objectType("workspace")
                    .build());
    assertThat(lines(after, TRIAGE))
        .containsExactly(
            "compatible tier-lowered: the backend lowered the tier of archive_project from"
                + " irreversible to reversible, which TriageAgent uses",
            "compatible description-changed: the backend changed the description of"
                + " archive_project, which TriageAgent uses; the live wording is what the model"
                + " reads",
            "compatible description-changed: the backend changed the description of"
                + " archive_project.project_id, which TriageAgent uses",
            "compatible object-type-changed: the backend changed the object type of"
                + " archive_project from \"project\" to \"workspace\", which TriageAgent uses");
  }

  @Test
  void changesToUnusedOpsAreInformational() {
    Contract after =
        with("edit_task", a -> a.toBuilder().tier(Tier.IRREVERSIBLE).operands(List.of()).build());
    assertThat(DriftReport.compare(BEFORE, after, TRIAGE).items())
        .extracting(DriftItem::severity)
        .containsOnly(DriftSeverity.INFO)
        .hasSize(5);
  }

  @Test
  void orderIsDeterministicAndTheReportReadable() {
    Contract after =
        Contract.of(
            "taskboard",
            BEFORE.ops().stream()
                .filter(a -> !a.opcode().equals("tag_task"))
                .map(
                    a ->
                        a.opcode().equals("set_status")
                            ? a.toBuilder().tier(Tier.IRREVERSIBLE).build()
                            : a)
                .toList());
    DriftReport r = DriftReport.compare(BEFORE, after, TRIAGE);
    assertThat(r.toString())
        .isEqualTo(
            "contract drift for TriageAgent: 2 breaking, 0 compatible, 0 informational\n"
                + "  - breaking tier-raised: the backend raised the tier of set_status from"
                + " reversible to irreversible, which TriageAgent uses; its run handler can never"
                + " run now, so the act must be asked instead\n"
                + "  - breaking op-removed: the backend removed op tag_task, which TriageAgent"
                + " uses");
    assertThat(DriftReport.compare(BEFORE, after, TRIAGE).items()).isEqualTo(r.items());
    assertThat(r.items(DriftSeverity.BREAKING)).hasSize(2);
  }

  @Test
  void ruleIds() {
    assertThat(DriftRule.ofId("enum-value-removed")).isEqualTo(DriftRule.ENUM_VALUE_REMOVED);
    assertThatThrownBy(() -> DriftRule.ofId("enum-removed"))
        .hasMessage(
            "unknown drift rule \"enum-removed\": use one of 28 in all (the 10 nearest:"
                + " alternative-removed, enum-value-added, enum-value-removed, op-added, op-removed,"
                + " operand-removed, property-removed, tier-lowered, tier-raised, type-widened); did"
                + " you mean \"op-removed\"?");
  }
}
