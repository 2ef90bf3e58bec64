package dev.agentkit.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import dev.agentkit.BindException;
import dev.agentkit.BoundAgent;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftSeverity;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.HttpContractSource;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generated agent bound at startup against the real HTTP backend, whose contract drifted from
 * the committed snapshot in each breaking and each compatible way.
 */
class StartupDriftTest {
  private TaskboardBackend backend;
  private ContractSource source;

  @BeforeEach
  void start() throws Exception {
    backend = TaskboardBackend.start();
    source = HttpContractSource.builder(backend.contractUri()).contractName("taskboard").build();
  }

  @AfterEach
  void stop() {
    backend.close();
  }

  static Stream<Arguments> breaking() {
    return Stream.of(
        arguments(
            "enum value removed",
            change(
                c ->
                    TaskboardContract.withoutEnumValue(
                        c, "set_task_priority", "priority", "urgent")),
            "enum-value-removed: the backend removed enum value \"urgent\" of"
                + " set_task_priority.priority, which TriageAgent uses; calls with it are now"
                + " rejected"),
        arguments(
            "op removed",
            change(c -> without(c, "archive_project")),
            "op-removed: the backend removed op archive_project, which TriageAgent uses"),
        arguments(
            "operand removed",
            change(
                c ->
                    TaskboardContract.withOp(
                        c, "archive_project", op -> withoutOperand(op, "reason"))),
            "operand-removed: the backend removed operand archive_project.reason, which"
                + " TriageAgent uses"),
        arguments(
            "required operand added",
            change(
                c ->
                    TaskboardContract.withOp(
                        c,
                        "notify_assignee",
                        op ->
                            op.toBuilder()
                                .operand(Operand.requiredString("sender", "Who sends it."))
                                .build())),
            "required-operand-added: the backend added required operand"
                + " notify_assignee.sender, which TriageAgent uses; calls without it are now"
                + " rejected"),
        arguments(
            "type changed",
            change(
                c ->
                    TaskboardContract.withOperand(
                        c,
                        "update_task",
                        "estimate_hours",
                        o ->
                            new Operand(
                                o.name(),
                                o.description(),
                                OperandType.STRING,
                                o.required(),
                                o.enumValues(),
                                o.list()))),
            "operand-type-changed: the backend changed the type of update_task.estimate_hours"
                + " from number to string, which TriageAgent uses"),
        arguments(
            "tier raised on an act with a run handler",
            change(
                c ->
                    TaskboardContract.withOp(
                        c, "add_labels", op -> op.toBuilder().tier(Tier.IRREVERSIBLE).build())),
            "tier-raised: the backend raised the tier of add_labels from reversible to"
                + " irreversible, which TriageAgent uses; its run handler can never run now, so"
                + " the act must be asked instead"));
  }

  @ParameterizedTest(name = "breaking: {0}")
  @MethodSource("breaking")
  void breakingDriftRefusesToBind(String name, UnaryOperator<Contract> drift, String sentence) {
    backend.serve(drift.apply(backend.contract()));
    assertThatThrownBy(() -> TriageAgent_Wiring.bind(new TriageAgent(), source))
        .isInstanceOf(DriftException.class)
        .hasMessageStartingWith(
            "[DriftBreaking] TriageAgent cannot bind to the live taskboard contract: 1 breaking"
                + " change since the snapshot it was compiled against\n  - "
                + sentence
                + "\n");
  }

  static Stream<Arguments> compatible() {
    return Stream.of(
        arguments(
            "enum value added",
            change(
                c ->
                    TaskboardContract.withOperand(
                        c,
                        "set_task_priority",
                        "priority",
                        o -> {
                          List<String> values = new ArrayList<>(o.enumValues());
                          values.add("someday");
                          return new Operand(
                              o.name(), o.description(), o.type(), o.required(), values, o.list());
                        })),
            "compatible enum-value-added: the backend added enum value \"someday\" to"
                + " set_task_priority.priority, which TriageAgent uses; it is usable at once"),
        arguments(
            "description changed",
            change(
                c ->
                    TaskboardContract.withOp(
                        c,
                        "create_task",
                        op -> op.toBuilder().description("Add a task to the board.").build())),
            "compatible description-changed: the backend changed the description of create_task,"
                + " which TriageAgent uses; the live wording is what the model reads"),
        arguments(
            "op added",
            change(
                c -> {
                  List<Op> ops = new ArrayList<>(c.ops());
                  ops.add(
                      Op.builder("snooze_task")
                          .description("Hide a task until a date.")
                          .objectType("task")
                          .tier(Tier.REVERSIBLE)
                          .operand(Operand.requiredString("task_id", "The task."))
                          .build());
                  return Contract.of(c.name(), ops);
                }),
            ""),
        arguments(
            "optional operand added",
            change(
                c ->
                    TaskboardContract.withOp(
                        c,
                        "create_task",
                        op ->
                            op.toBuilder()
                                .operand(Operand.of("color", OperandType.STRING))
                                .build())),
            "compatible optional-operand-added: the backend added optional operand"
                + " create_task.color, which TriageAgent uses"),
        arguments(
            "tier lowered",
            change(
                c ->
                    TaskboardContract.withOp(
                        c,
                        "archive_project",
                        op -> op.toBuilder().tier(Tier.EXTERNAL_REVERSIBLE).build())),
            "compatible tier-lowered: the backend lowered the tier of archive_project from"
                + " irreversible to external_reversible, which TriageAgent uses"));
  }

  @ParameterizedTest(name = "compatible: {0}")
  @MethodSource("compatible")
  void compatibleDriftBindsTheLiveContract(
      String name, UnaryOperator<Contract> drift, String item) {
    Contract live = drift.apply(backend.contract());
    backend.serve(live);
    BoundAgent<Board> bound = TriageAgent_Wiring.bind(new TriageAgent(), source);
    assertThat(bound.report().hasBreaking()).isFalse();
    List<String> items = bound.report().items().stream().map(DriftItem::toString).toList();
    if (item.isEmpty()) {
      assertThat(items).isEmpty(); // an op the agent does not use is not its concern
    } else {
      assertThat(items).containsExactly(item);
      assertThat(bound.report().items(DriftSeverity.COMPATIBLE)).hasSize(1);
    }
    // The live contract is what is bound.
    assertThat(bound.acts().contract().orElseThrow().digest()).isEqualTo(live.digest());
    assertThat(bound.toString()).startsWith("bound TriageAgent: 12 acts; ");
  }

  @Test
  void unchangedContractBindsWithNoDrift() {
    BoundAgent<Board> bound = TriageAgent_Wiring.bind(new TriageAgent(), source);
    assertThat(bound.toString()).isEqualTo("bound TriageAgent: 12 acts; no contract drift");
  }

  @Test
  void aBackendThatIsDownFailsClosed() {
    backend.close();
    ContractSource down =
        HttpContractSource.builder(URI.create(backend.contractUri().toString())).build();
    assertThatThrownBy(() -> TriageAgent_Wiring.bind(new TriageAgent(), down))
        .isInstanceOf(BindException.class)
        .hasMessageContaining("cannot bind without the backend contract from");
  }

  private static UnaryOperator<Contract> change(UnaryOperator<Contract> c) {
    return c;
  }

  private static Contract without(Contract c, String opcode) {
    List<Op> ops = new ArrayList<>(c.ops());
    ops.removeIf(op -> op.opcode().equals(opcode));
    return Contract.of(c.name(), ops);
  }

  private static Op withoutOperand(Op op, String operand) {
    List<Operand> operands = new ArrayList<>(op.operands());
    operands.removeIf(o -> o.name().equals(operand));
    return op.toBuilder().operands(operands).build();
  }
}
