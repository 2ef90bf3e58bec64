package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link Op}, the backend's op, and the structural checks of ops and contracts. */
class OpTest {
  private static final Operand TASK_ID = Operand.requiredString("task_id", "The task.");
  private static final Operand STATUS = Operand.enumOf("status", true, "todo", "done");

  private static Op setStatus() {
    return Op.builder("set_status")
        .description("Set a task's status.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(TASK_ID)
        .operand(STATUS)
        .build();
  }

  @Test
  void anOpIsAValueBuiltByItsBuilder() {
    Op op = setStatus();
    assertThat(op.opcode()).isEqualTo("set_status");
    assertThat(op.description()).isEqualTo("Set a task's status.");
    assertThat(op.objectType()).isEqualTo("task");
    assertThat(op.tier()).isEqualTo(Tier.REVERSIBLE);
    assertThat(op.operands()).containsExactly(TASK_ID, STATUS);
    assertThat(op.operandNames()).containsExactly("task_id", "status");
    assertThat(op.operand("status")).contains(STATUS);
    assertThat(op.operand("stat")).isEmpty();
    assertThat(op.toBuilder().build()).isEqualTo(op).isNotSameAs(op);
    assertThat(op.toBuilder().operands(List.of(STATUS)).build().operandNames())
        .containsExactly("status");
    assertThat(op).isEqualTo(setStatus()).hasSameHashCodeAs(setStatus());
  }

  @Test
  void nullsBecomeEmptyAndOperandsAreCopied() {
    Op op = new Op(null, null, null, null, null);
    assertThat(op.opcode()).isEmpty();
    assertThat(op.description()).isEmpty();
    assertThat(op.objectType()).isEmpty();
    assertThat(op.tier()).isNull();
    assertThat(op.operands()).isEmpty();
    List<Operand> operands = new java.util.ArrayList<>(List.of(TASK_ID));
    Op copied = new Op("x", "", "", Tier.READ_ONLY, operands);
    operands.add(STATUS);
    assertThat(copied.operands()).containsExactly(TASK_ID);
    assertThatThrownBy(() -> copied.operands().add(STATUS))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> Op.builder("x").operand(null))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("operand");
  }

  @Test
  void aWellFormedOpHasNoProblem() {
    assertThat(setStatus().problems()).isEmpty();
  }

  @Test
  void opProblemsNameEveryStructuralFault() {
    assertThat(Op.builder("").description("d").build().problems())
        .extracting(Problem::message)
        .containsExactly(
            "[EmptyOpcode] an op has an empty opcode; every op needs the opcode clients call it"
                + " by",
            "[UnsetTier] (act with an empty opcode): no tier; an unset tier is never taken as"
                + " read-only, so the backend must serve one of external_reversible,"
                + " irreversible, read_only, reversible");
    Op op =
        Op.builder("archive")
            .description("d")
            .tier(Tier.IRREVERSIBLE)
            .operand(Operand.of("", OperandType.STRING))
            .operand(Operand.of("x", OperandType.STRING))
            .operand(Operand.of("x", OperandType.NUMBER))
            .operand(Operand.of("x", OperandType.DATE))
            .operand(Operand.of("kind", OperandType.ENUM))
            .build();
    assertThat(op.problems())
        .extracting(Problem::message)
        .containsExactly(
            "[EmptyOperandName] archive: an operand has an empty name; every operand needs a"
                + " name",
            "[DuplicateOperand] archive: operand x is declared more than once; an operand name"
                + " must be unique in its op",
            "[EnumWithoutValues] archive.kind: type enum with no values, so no value could ever"
                + " be valid; list its values or use type string");
    assertThat(op.toBuilder().tier(null).build().problems())
        .extracting(p -> p.kind().tag() + " " + p.opcode() + " " + p.subject())
        .containsExactly(
            "UnsetTier archive ",
            "EmptyOperandName archive ",
            "DuplicateOperand archive x",
            "EnumWithoutValues archive kind");
  }

  @Test
  void contractProblemsAreEveryOpsProblemsInOpcodeOrder() {
    Contract c =
        Contract.of(
            "x",
            List.of(
                setStatus(),
                Op.builder("no_tier").description("d").build(),
                Op.builder("bad_enum")
                    .tier(Tier.READ_ONLY)
                    .operand(Operand.of("kind", OperandType.ENUM))
                    .build()));
    assertThat(c.problems())
        .extracting(Problem::message)
        .containsExactly(
            "[EnumWithoutValues] bad_enum.kind: type enum with no values, so no value could ever"
                + " be valid; list its values or use type string",
            "[UnsetTier] no_tier: no tier; an unset tier is never taken as read-only, so the"
                + " backend must serve one of external_reversible, irreversible, read_only,"
                + " reversible");
    assertThat(Contract.of("x", List.of(setStatus())).problems()).isEmpty();
    assertThat(Contract.of("x", List.of()).problems()).isEmpty();
  }

  @Test
  void aContractLooksUpItsOpsByOpcode() {
    Op note = Op.builder("add_note").description("d").tier(Tier.READ_ONLY).build();
    Contract c = Contract.of("taskboard", List.of(setStatus(), note));
    assertThat(c.ops()).containsExactly(note, setStatus());
    assertThat(c.opcodes()).containsExactly("add_note", "set_status");
    assertThat(c.op("set_status")).contains(setStatus());
    assertThat(c.op("set_statu")).isEmpty();
    assertThat(c.op(null)).isEmpty();
    assertThat(c.has("add_note")).isTrue();
    assertThatThrownBy(() -> Contract.of("taskboard", List.of(note, note)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the contract declares opcode \"add_note\" twice: an opcode names one op, so the"
                + " backend must serve it once");
  }
}
