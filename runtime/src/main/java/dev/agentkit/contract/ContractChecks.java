package dev.agentkit.contract;

import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.Names;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The structural checks of a contract as a backend serves it, run by the snapshot codec on every op
 * it reads or writes and offered as {@link Contract#problems()} and {@link Op#problems()}.
 */
final class ContractChecks {
  private ContractChecks() {}

  /** Structural checks of one op's operands: names present and unique, enums with values. */
  static void checkOperands(String op, List<Operand> operands, List<Problem> problems) {
    Set<String> seen = new HashSet<>();
    Set<String> reported = new HashSet<>();
    String label = Names.label(op);
    for (Operand o : operands) {
      if (o.name().isBlank()) {
        problems.add(
            Problem.of(
                Problem.Kind.EMPTY_OPERAND_NAME,
                op,
                "",
                label + ": an operand has an empty name; every operand needs a name"));
        continue;
      }
      if (!seen.add(o.name()) && reported.add(o.name())) {
        problems.add(
            Problem.of(
                Problem.Kind.DUPLICATE_OPERAND,
                op,
                o.name(),
                label
                    + ": operand "
                    + o.name()
                    + " is declared more than once; an operand name must be unique in its op"));
      }
      if (o.type() == OperandType.ENUM && o.enumValues().isEmpty()) {
        problems.add(
            Problem.of(
                Problem.Kind.ENUM_WITHOUT_VALUES,
                op,
                o.name(),
                label
                    + "."
                    + o.name()
                    + ": type enum with no values, so no value could ever be valid; list its"
                    + " values or use type string"));
      }
    }
  }

  /**
   * The warnings about one op: its tier, and each operand's type, when this version does not know
   * it. One per unknown name, naming the op (and operand) and the name as served.
   */
  static void warnings(Op op, List<Problem> warnings) {
    String label = Names.label(op.opcode());
    if (op.hasUnknownTier()) {
      warnings.add(
          Problem.of(
              Problem.Kind.UNKNOWN_TIER,
              op.opcode(),
              "",
              label
                  + ": tier "
                  + JsonText.shown(op.unknownTier())
                  + " is not one this agentkit knows ("
                  + Tier.validNames()
                  + "), so the op is treated as irreversible: always proposed to a human, never"
                  + " run live; upgrade agentkit to use the tier as the backend means it"));
    }
    for (Operand o : op.operands()) {
      if (o.hasUnknownType()) {
        warnings.add(
            Problem.of(
                Problem.Kind.UNKNOWN_OPERAND_TYPE,
                op.opcode(),
                o.name(),
                label
                    + "."
                    + o.name()
                    + ": type "
                    + JsonText.shown(o.unknownType())
                    + " is not one this agentkit knows ("
                    + OperandType.validNames()
                    + "), so the operand is kept as opaque text: verify checks only that a"
                    + " required value is given, and the typed view reads it as a String; upgrade"
                    + " agentkit to check it by its type"));
      }
    }
  }

  /** The warnings of every op, in opcode order. */
  static List<Problem> warnings(List<Op> ops) {
    List<Problem> warnings = new ArrayList<>();
    for (Op op : ops) {
      if (op.hasUnknowns()) {
        warnings(op, warnings);
      }
    }
    return List.copyOf(warnings);
  }

  /**
   * Structural checks of a backend contract itself, before it is bound or written as a snapshot:
   * every op has an opcode and a tier, operand names are present and unique, and enum operands have
   * values.
   */
  static List<Problem> checkContract(Contract contract) {
    List<Problem> problems = new ArrayList<>();
    for (Op op : contract.ops()) {
      checkOp(op, problems);
    }
    return problems;
  }

  /**
   * The checks of {@link #checkContract} for one op, so that a reader can run them on each op as it
   * reads it.
   */
  static void checkOp(Op op, List<Problem> problems) {
    if (op.opcode().isEmpty()) {
      problems.add(
          Problem.of(
              Problem.Kind.EMPTY_OPCODE,
              "",
              "",
              "an op has an empty opcode; every op needs the opcode clients call it by"));
    }
    if (op.tier() == null) {
      problems.add(
          Problem.of(
              Problem.Kind.UNSET_TIER,
              op.opcode(),
              "",
              Names.label(op.opcode())
                  + ": no tier; an unset tier is never taken as read-only, so the backend must"
                  + " serve one of "
                  + Tier.validNames()));
    }
    checkOperands(op.opcode(), op.operands(), problems);
  }
}
