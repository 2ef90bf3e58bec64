package dev.agentkit.processor;

import dev.agentkit.CompiledAgent;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.internal.CompiledOps;
import dev.agentkit.internal.Values;
import dev.agentkit.internal.text.JsonText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes the wiring's constants and the contract compiled into it: {@code CONTRACT}, {@code
 * CONTRACT_DIGEST}, one {@code OP_*} per opcode, the {@link CompiledAgent} and {@code
 * compiledContract()}. The ops are embedded as one {@code CompiledOps.op(…)} call each (an op of an
 * unknown tier as an {@code Op.builder(…)} chain) with named operand factories, built once, with no
 * file read at runtime. An op with a schema tree is built by a method of its own, its trees as the
 * {@link dev.agentkit.contract.Schema} records ({@link SchemaCode}); one whose trees have more than
 * {@link #MAX_JAVA_NODES} nodes as its snapshot text, read back by the snapshot reader ({@link
 * CompiledOps}), since a method holds at most 64 KB of bytecode.
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
            + ", newCompiledContract(), CONTRACT_DIGEST"
            + (m.snapshotCopied() ? ", true);" : ");");
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
    if (!m.tierOverrides().isEmpty()) {
      writeTiers(w, m.tierOverrides(), contract);
    }
    w.open(
        "private static "
            + contract
            + (m.tierOverrides().isEmpty() ? " newCompiledContract()" : " servedContract()"));
    writeOps(w, m.compiledOps(), layout, contract);
    w.close();
    for (Op op : m.compiledOps()) {
      String method = layout.treeOps().get(op.opcode());
      if (method != null) {
        w.blank();
        treeOp(w, m, op, layout.opConstants().get(op.opcode()), method);
      }
    }
  }

  /**
   * {@code newCompiledContract()} when the snapshot recorded tier overrides: the ops as served,
   * with the overrides applied, so the compiled contract's digest is the snapshot's.
   */
  private static void writeTiers(SourceWriter w, List<TierOverride> tiers, String contract) {
    w.open("private static " + contract + " newCompiledContract()");
    w.line("return servedContract()").indent(4).line(".withTiers(").indent(4);
    w.line(w.name(List.class) + ".of(").indent(4);
    for (int i = 0; i < tiers.size(); i++) {
      TierOverride o = tiers.get(i);
      String line =
          w.name(TierOverride.class)
              + (o.isPattern() ? ".forPattern(" : ".forOpcode(")
              + SourceWriter.literal(o.isPattern() ? o.pattern() : o.opcode())
              + ", "
              + w.name(Tier.class)
              + "."
              + o.tier().name()
              + ")"
              + (o.reason().isEmpty() ? "" : ".because(" + SourceWriter.literal(o.reason()) + ")")
              + (i == tiers.size() - 1 ? "));" : ",");
      w.line(line);
    }
    w.indent(-12);
    w.close().blank();
  }

  /**
   * The most nodes (operands, properties, schemas) an op's trees may have for it to be built as
   * Java: about 40 bytes of bytecode each, well within a method's 64 KB.
   */
  static final int MAX_JAVA_NODES = 400;

  /** The method that builds an op with a tree: as Java, or for a large one from its snapshot. */
  private static void treeOp(SourceWriter w, WiringModel m, Op op, String constant, String method) {
    String type = w.name(Op.class);
    w.open("private static " + type + " " + method + "()");
    int nodes = 0;
    for (Operand o : op.operands()) {
      nodes += SchemaCode.size(o);
    }
    if (nodes > MAX_JAVA_NODES) {
      // The snapshot of a contract of this one op; Contract.of gives it no source stamp.
      String snapshot = ContractSnapshot.write(Contract.of(m.contractName(), List.of(op)));
      w.line("// " + nodes + " nodes: read from its snapshot, which Java code would outgrow.");
      w.line("return " + w.name(CompiledOps.class) + ".read(");
      w.indent(4).line(SourceWriter.literal(snapshot) + ");").indent(-4);
    } else {
      List<Code> parts = new ArrayList<>();
      for (String p : opChain(w, op, constant, false)) {
        parts.add(Code.of(p));
      }
      for (Operand o : op.operands()) {
        parts.add(parts.size() - 1, Code.call(".operand", SchemaCode.operand(w, o)));
      }
      Code chain = parts.get(0).then(parts.subList(1, parts.size()));
      chain.write(w, "return ", ";");
    }
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
    List<Code> methods = new ArrayList<>();
    for (Op op : ops) {
      String method = layout.treeOps().get(op.opcode());
      if (method != null) {
        methods.add(Code.of(method + "()"));
      }
    }
    if (methods.size() == ops.size()) {
      // Every op is built by a method of its own: a call of each, broken only where it must be.
      Code.call(contract + ".of", Code.of("CONTRACT"), Code.call(list + ".of", methods))
          .write(w, "return ", ";");
      return;
    }
    w.line("return " + contract + ".of(").indent(4);
    w.line("CONTRACT,");
    w.line(list + ".of(").indent(4);
    for (int i = 0; i < ops.size(); i++) {
      Op op = ops.get(i);
      String opConstant = layout.opConstants().get(op.opcode());
      String tail = i == ops.size() - 1 ? "));" : ",";
      String method = layout.treeOps().get(op.opcode());
      if (method != null) {
        w.line(method + "()" + tail);
      } else if (op.tier() != null && !op.hasUnknownTier()) {
        compiledOp(w, op, opConstant, tail);
      } else {
        w.chain("", opChain(w, op, opConstant), tail);
      }
    }
    w.indent(-8);
  }

  /**
   * {@code CompiledOps.op(OP_X, description, objectType, Tier.T, operands…)}: one call per op
   * rather than a builder chain, since javac resolves each call of a chain, and the compiled
   * contract of a large agent is thousands of them. On one line when it fits, else the op's own
   * arguments on one line and each operand on its own.
   */
  private static void compiledOp(SourceWriter w, Op op, String opConstant, String tail) {
    String head = w.name(CompiledOps.class) + ".op(";
    String own =
        String.join(
            ", ",
            opConstant,
            SourceWriter.literal(op.description()),
            SourceWriter.literal(op.objectType()),
            w.name(Tier.class) + "." + op.tier().name());
    List<String> operands = new ArrayList<>();
    for (Operand o : op.operands()) {
      operands.add(operand(w, o));
    }
    String whole =
        head + own + (operands.isEmpty() ? "" : ", " + String.join(", ", operands)) + ")" + tail;
    if (w.fits(whole, 0)) {
      w.line(whole);
      return;
    }
    w.line(head).indent(4);
    w.line(own + (operands.isEmpty() ? ")" + tail : ","));
    for (int i = 0; i < operands.size(); i++) {
      w.line(operands.get(i) + (i == operands.size() - 1 ? ")" + tail : ","));
    }
    w.indent(-4);
  }

  /** {@code Op.builder(OP_X)}, then {@code .description(…)} and the rest, then {@code .build()}. */
  static List<String> opChain(SourceWriter w, Op op, String opConstant) {
    return opChain(w, op, opConstant, true);
  }

  /** As {@link #opChain(SourceWriter, Op, String)}, with its operands or without. */
  private static List<String> opChain(SourceWriter w, Op op, String opConstant, boolean operands) {
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
      if (operands) {
        parts.add(".operand(" + operand(w, o) + ")");
      }
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

  /** Enum values as an expression: one literal each, or one JSON array when there are many. */
  static String values(SourceWriter w, List<String> enumValues) {
    if (enumValues.size() > INLINE_VALUES) {
      return w.name(Values.class) + ".listElements(" + SourceWriter.literal(json(enumValues)) + ")";
    }
    List<String> literals = new ArrayList<>();
    for (String v : enumValues) {
      literals.add(SourceWriter.literal(v));
    }
    return w.name(List.class) + ".of(" + String.join(", ", literals) + ")";
  }

  private static String constructed(SourceWriter w, Operand o) {
    String values = values(w, o.enumValues());
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

  /** Values as a JSON array of strings. */
  private static String json(List<String> values) {
    StringBuilder b = new StringBuilder("[");
    for (String v : values) {
      if (b.length() > 1) {
        b.append(',');
      }
      JsonText.string(b, v);
    }
    return b.append(']').toString();
  }
}
