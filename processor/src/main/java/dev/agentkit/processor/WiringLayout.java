package dev.agentkit.processor;

import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.processor.WiringModel.ActModel;
import dev.agentkit.processor.WiringModel.Handler;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Every name and number one wiring file uses, decided from the model before anything is written:
 * the opcode constants, each view with its constants, accessors and enums, and the number of each
 * handler in the dispatcher. The part writers read it; none of them decides a name.
 *
 * @param opConstants the constant of each opcode, sorted by opcode
 * @param uses the acts in the order {@code uses(agent)} lists them: uses of backend ops, then local
 *     acts, each in declaration order
 * @param views one view per opcode, sorted by name
 * @param dispatches every handler, numbered in the order the uses are written
 * @param declaredTypes the simple name of every type the file declares
 * @param treeOps the method that builds each compiled op with a schema tree (one that format 1
 *     could not say), by opcode: such an op is built apart, so no method outgrows 64 KB
 */
record WiringLayout(
    Map<String, String> opConstants,
    List<ActModel> uses,
    List<View> views,
    List<Dispatch> dispatches,
    Set<String> declaredTypes,
    Map<String, String> treeOps) {

  /** The name of the dispatcher class. */
  static final String HANDLERS = "Handlers";

  /** The methods the wiring class declares besides one per op with a tree. */
  static final Set<String> WIRING_METHODS =
      Set.of("compiledContract", "newCompiledContract", "bind", "bindOffline", "live", "uses");

  /** The fields the wiring class declares besides one {@code OP_*} per opcode. */
  static final Set<String> WIRING_FIELDS = Set.of("CONTRACT", "CONTRACT_DIGEST", "COMPILED");

  /**
   * The most values an enum operand may have for its view to read it as a Java enum; a larger one
   * reads as {@code String}, since javac cannot compile an enum with thousands of constants (its
   * static initializer would pass the 64 KB a method may hold).
   */
  static final int MAX_ENUM_CONSTANTS = 1000;

  WiringLayout {
    opConstants = Collections.unmodifiableMap(new TreeMap<>(opConstants));
    uses = List.copyOf(uses);
    views = List.copyOf(views);
    dispatches = List.copyOf(dispatches);
    declaredTypes = Set.copyOf(declaredTypes);
    treeOps = Collections.unmodifiableMap(new TreeMap<>(treeOps));
  }

  /**
   * The typed view of one op.
   *
   * @param act the act it views
   * @param simpleName its simple name, nested in the wiring
   * @param opConstant the wiring's constant of its opcode
   * @param operands its operands, in the op's order
   * @param types the records and enums its tree operands read, outer before inner
   */
  record View(
      ActModel act,
      String simpleName,
      String opConstant,
      List<OperandView> operands,
      List<TreeLayout.NestedType> types) {
    View {
      operands = List.copyOf(operands);
      types = List.copyOf(types);
    }
  }

  /**
   * One operand of a view.
   *
   * @param operand the operand
   * @param constant the constant holding its name
   * @param accessor its accessor
   * @param enumName for an enum operand, the nested enum's simple name; else null
   * @param enumConstants for an enum operand, the constant of each value, in order
   * @param tree for a tree operand ({@link TreeLayout#isTree}), how it reads; else null
   */
  record OperandView(
      Operand operand,
      String constant,
      String accessor,
      String enumName,
      List<String> enumConstants,
      TreeLayout.Value tree) {
    OperandView {
      enumConstants = List.copyOf(enumConstants);
    }
  }

  /** The handler kinds, in the order an act's handlers are numbered, with their setters. */
  enum Kind {
    READER("reader"),
    FIELD_READER("fieldReader"),
    RUN("run"),
    ASK("ask");

    /** The {@code Use.Builder} method that takes it. */
    final String setter;

    Kind(String setter) {
      this.setter = setter;
    }

    Handler of(ActModel a) {
      return switch (this) {
        case READER -> a.reader();
        case FIELD_READER -> a.fieldReader();
        case RUN -> a.run();
        case ASK -> a.ask();
      };
    }
  }

  /** One handler: its number in the dispatcher, its kind, the act and the agent method. */
  record Dispatch(int id, Kind kind, ActModel act, Handler handler) {}

  static WiringLayout of(WiringModel m) {
    List<ActModel> uses = new ArrayList<>();
    for (ActModel a : m.acts()) {
      if (!a.local()) {
        uses.add(a);
      }
    }
    for (ActModel a : m.acts()) {
      if (a.local()) {
        uses.add(a);
      }
    }
    List<Dispatch> dispatches = new ArrayList<>();
    for (ActModel a : uses) {
      for (Kind k : Kind.values()) {
        if (k.of(a) != null) {
          dispatches.add(new Dispatch(dispatches.size(), k, a, k.of(a)));
        }
      }
    }
    Map<String, String> opConstants = opConstants(m);
    List<View> views = views(m, opConstants);
    Set<String> declared = new HashSet<>(Set.of(m.wiringName(), HANDLERS));
    for (View v : views) {
      declared.add(v.simpleName());
      for (OperandView o : v.operands()) {
        if (o.enumName() != null) {
          declared.add(o.enumName());
        }
      }
      for (TreeLayout.NestedType t : v.types()) {
        declared.add(t.simpleName());
      }
    }
    return new WiringLayout(opConstants, uses, views, dispatches, declared, treeOps(m));
  }

  /** {@code newCreateEntities} for {@code create_entities}, in opcode order. */
  private static Map<String, String> treeOps(WiringModel m) {
    Set<String> taken = new HashSet<>(WIRING_METHODS);
    Map<String, String> out = new TreeMap<>();
    for (Op op : m.compiledOps()) {
      if (!op.operands().stream().allMatch(Operand::isFlat)) {
        out.put(
            op.opcode(), JavaNames.unique("new" + JavaNames.upperCamel(op.opcode()), taken, ""));
      }
    }
    return out;
  }

  private static Map<String, String> opConstants(WiringModel m) {
    Map<String, String> out = new TreeMap<>();
    for (ActModel a : m.acts()) {
      out.put(a.opcode(), "");
    }
    Set<String> taken = new HashSet<>(WIRING_FIELDS);
    out.replaceAll((op, unused) -> JavaNames.unique("OP_" + JavaNames.constant(op), taken, "_"));
    return out;
  }

  /** One view per opcode, sorted by name. */
  private static List<View> views(WiringModel m, Map<String, String> opConstants) {
    List<ActModel> sorted = new ArrayList<>(m.acts());
    sorted.sort(Comparator.comparing(ActModel::viewName));
    Set<String> fixed = new HashSet<>(Set.of(m.wiringName(), HANDLERS));
    for (ActModel a : sorted) {
      fixed.add(a.viewSimpleName());
    }
    Set<String> seen = new HashSet<>();
    List<View> views = new ArrayList<>();
    for (ActModel a : sorted) {
      if (seen.add(a.viewName())) {
        views.add(view(a, m.wiringName(), opConstants, fixed));
      }
    }
    return views;
  }

  private static View view(
      ActModel a, String wiring, Map<String, String> opConstants, Set<String> fixed) {
    String simple = a.viewSimpleName();
    Set<String> constants = new HashSet<>(Set.of("OPCODE", simple, wiring));
    constants.addAll(WIRING_FIELDS);
    constants.addAll(opConstants.values());
    TreeLayout.Namer trees = new TreeLayout.Namer(fixed, constants);
    List<OperandView> operands = operands(a, constants, trees);
    return new View(a, simple, opConstants.get(a.opcode()), operands, trees.types());
  }

  /**
   * Names each operand's constant, accessor and enum. Constants and nested types share one set of
   * names: a field named like a nested type obscures it, so {@code A4.of(...)} would look for a
   * method on the constant. Neither takes a name the view or the wiring class already declares
   * ({@code OPCODE}, the view's own name, the wiring's, its fields): {@code OPCODE = OP_X} must
   * still mean the wiring's {@code OP_X}.
   */
  private static List<OperandView> operands(
      ActModel a, Set<String> constants, TreeLayout.Namer trees) {
    Set<String> accessors = new HashSet<>();
    List<OperandView> out = new ArrayList<>();
    for (Operand o : a.op().operands()) {
      String constant = JavaNames.unique(JavaNames.constant(o.name()), constants, "_");
      String accessor = JavaNames.unique(JavaNames.accessor(o.name()), accessors, "");
      String enumName = null;
      List<String> enumConstants = List.of();
      if (TreeLayout.isTree(o)) {
        out.add(new OperandView(o, constant, accessor, null, List.of(), trees.operand(o)));
        continue;
      }
      if (o.type() == OperandType.ENUM && o.enumValues().size() <= MAX_ENUM_CONSTANTS) {
        enumName = JavaNames.unique(JavaNames.upperCamel(o.name()), constants, "Value");
        Set<String> taken = new HashSet<>(Set.of("UNRECOGNISED"));
        List<String> names = new ArrayList<>();
        for (String v : o.enumValues()) {
          names.add(JavaNames.unique(JavaNames.constant(v), taken, "_"));
        }
        enumConstants = names;
      }
      out.add(new OperandView(o, constant, accessor, enumName, enumConstants, null));
    }
    return out;
  }
}
