package dev.agentkit.processor;

import dev.agentkit.CompiledAgent;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.Values;
import dev.agentkit.internal.text.JsonText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes the wiring's constants and the contract compiled into it: {@code CONTRACT}, {@code
 * CONTRACT_DIGEST}, one {@code OP_*} per opcode, the {@link CompiledAgent} and {@code
 * compiledContract()}. The ops are embedded as {@code Op.builder(…)} chains with named operand
 * factories, built once, with no file read at runtime.
 */
final class CompiledContractWriter {
  private CompiledContractWriter() {}

  static void write(SourceWriter w, WiringModel m, WiringLayout layout) {
    writeConstants(w, m, layout);
    String compiled = w.name(CompiledAgent.class);
    String field = "private static final " + compiled + " COMPILED =";
    String init =
        "new "
            + compiled
            + "("
            + SourceWriter.literal(m.agentType().simpleName())
            + ", newCompiledContract(), CONTRACT_DIGEST);";
    if (w.fits(field + " " + init, 0)) {
      w.line(field + " " + init);
    } else {
      w.line(field).indent(4).line(init).indent(-4);
    }
    w.blank().line("private " + m.wiringName() + "() {}").blank();
    String contract = w.name(Contract.class);
    w.javadoc(
        "The ops this agent uses, as the snapshot declared them when it was compiled; its source is"
            + " empty, since no backend served it. Built once.");
    w.open("public static " + contract + " compiledContract()");
    w.line("return COMPILED.contract();").close().blank();
    w.open("private static " + contract + " newCompiledContract()");
    writeOps(w, m.compiledOps(), layout, contract);
    w.close();
  }

  /** {@code CONTRACT}, {@code CONTRACT_DIGEST} and one {@code OP_*} per opcode. */
  static void writeConstants(SourceWriter w, WiringModel m, WiringLayout layout) {
    String constant = "public static final " + w.name(String.class) + " ";
    w.javadoc("The contract's name.");
    w.line(constant + "CONTRACT = " + SourceWriter.literal(m.contractName()) + ";").blank();
    w.javadoc("The digest of the contract snapshot this wiring was compiled against.");
    w.line(constant + "CONTRACT_DIGEST = " + SourceWriter.literal(m.contractDigest()) + ";");
    w.blank();
    for (Map.Entry<String, String> e : layout.opConstants().entrySet()) {
      w.line(constant + e.getValue() + " = " + SourceWriter.literal(e.getKey()) + ";");
    }
    w.blank();
  }

  private static void writeOps(SourceWriter w, List<Op> ops, WiringLayout layout, String contract) {
    String list = w.name(List.class);
    if (ops.isEmpty()) {
      w.line("return " + contract + ".of(CONTRACT, " + list + ".of());");
      return;
    }
    w.line("return " + contract + ".of(").indent(4);
    w.line("CONTRACT,");
    w.line(list + ".of(").indent(4);
    for (int i = 0; i < ops.size(); i++) {
      Op op = ops.get(i);
      String opConstant = layout.opConstants().get(op.opcode());
      w.chain("", opChain(w, op, opConstant), i == ops.size() - 1 ? "));" : ",");
    }
    w.indent(-8);
  }

  /** {@code Op.builder(OP_X)}, then {@code .description(…)} and the rest, then {@code .build()}. */
  static List<String> opChain(SourceWriter w, Op op, String opConstant) {
    List<String> parts = new ArrayList<>();
    parts.add(w.name(Op.class) + ".builder(" + opConstant + ")");
    parts.add(".description(" + SourceWriter.literal(op.description()) + ")");
    if (!op.objectType().isEmpty()) {
      parts.add(".objectType(" + SourceWriter.literal(op.objectType()) + ")");
    }
    if (op.hasUnknownTier()) {
      // Kept as served, so the compiled contract's digest is the snapshot's.
      parts.add(".unknownTier(" + SourceWriter.literal(op.unknownTier()) + ")");
    } else if (op.tier() != null) {
      parts.add(".tier(" + w.name(Tier.class) + "." + op.tier().name() + ")");
    }
    for (Operand o : op.operands()) {
      parts.add(".operand(" + operand(w, o) + ")");
    }
    parts.add(".build()");
    return parts;
  }

  /**
   * An operand built with the named factories of {@link Operand}: {@code enumOf} for an enum,
   * {@code requiredString} for a required string, {@code of} for the rest, then {@code
   * withDescription}, {@code withRequired} and {@code withList} for what differs from what the
   * factory gives. A non-enum operand with enum values has no factory and uses the constructor.
   */
  static String operand(SourceWriter w, Operand o) {
    String type = w.name(Operand.class);
    String name = SourceWriter.literal(o.name());
    StringBuilder b = new StringBuilder(type);
    boolean describe = !o.description().isEmpty();
    boolean require = o.required();
    if (o.enumValues().size() > INLINE_VALUES) {
      return constructed(w, o);
    }
    if (o.type() == OperandType.ENUM) {
      b.append(".enumOf(").append(name).append(", ").append(o.required());
      for (String v : o.enumValues()) {
        b.append(", ").append(SourceWriter.literal(v));
      }
      b.append(')');
      require = false;
    } else if (!o.enumValues().isEmpty()) {
      return constructed(w, o);
    } else if (o.hasUnknownType()) {
      b.append(".opaque(").append(name).append(", ");
      b.append(SourceWriter.literal(o.unknownType())).append(')');
    } else if (o.type() == OperandType.STRING && o.required()) {
      b.append(".requiredString(").append(name).append(", ");
      b.append(SourceWriter.literal(o.description())).append(')');
      describe = false;
      require = false;
    } else {
      b.append(".of(").append(name).append(", ");
      b.append(w.name(OperandType.class)).append('.').append(o.type().name()).append(')');
    }
    if (describe) {
      b.append(".withDescription(").append(SourceWriter.literal(o.description())).append(')');
    }
    if (require) {
      b.append(".withRequired(true)");
    }
    if (o.list()) {
      b.append(".withList(true)");
    }
    return b.toString();
  }

  /**
   * The most enum values written one literal each; more are written as one JSON array read at run
   * time ({@link Values#listElements}), since each literal argument costs bytecode and a method may
   * hold only 64 KB of it.
   */
  static final int INLINE_VALUES = 64;

  private static String constructed(SourceWriter w, Operand o) {
    String values;
    if (o.enumValues().size() > INLINE_VALUES) {
      values = w.name(Values.class) + ".listElements(" + SourceWriter.literal(json(o)) + ")";
    } else {
      List<String> literals = new ArrayList<>();
      for (String v : o.enumValues()) {
        literals.add(SourceWriter.literal(v));
      }
      values = w.name(List.class) + ".of(" + String.join(", ", literals) + ")";
    }
    return "new "
        + w.name(Operand.class)
        + "("
        + SourceWriter.literal(o.name())
        + ", "
        + SourceWriter.literal(o.description())
        + ", "
        + w.name(OperandType.class)
        + "."
        + o.type().name()
        + ", "
        + o.required()
        + ", "
        + values
        + ", "
        + o.list()
        + (o.hasUnknownType() ? ", " + SourceWriter.literal(o.unknownType()) : "")
        + ")";
  }

  /** The operand's values as a JSON array of strings. */
  private static String json(Operand o) {
    StringBuilder b = new StringBuilder("[");
    for (String v : o.enumValues()) {
      if (b.length() > 1) {
        b.append(',');
      }
      JsonText.string(b, v);
    }
    return b.append(']').toString();
  }
}
