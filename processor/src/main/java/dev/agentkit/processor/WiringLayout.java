package dev.agentkit.processor;

import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.internal.Values;
import dev.agentkit.processor.WiringModel.ActModel;
import dev.agentkit.processor.WiringModel.Handler;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
 * @param sharedEnums the enums the wiring declares for values that more than one operand reads, in
 *     the order their first reader comes in the views
 * @param dispatches every handler, numbered in the order the uses are written
 * @param declaredTypes the simple name of every type the file declares
 * @param treeOps the method that builds each compiled op with a schema tree (one that format 1
 *     could not say), by opcode: such an op is built apart, so no method outgrows 64 KB
 */
record WiringLayout(
    Map<String, String> opConstants,
    List<ActModel> uses,
    List<View> views,
    List<SharedEnum> sharedEnums,
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
    sharedEnums = List.copyOf(sharedEnums);
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
   * @param enumName for an enum operand, the simple name of its enum: nested in the view, or one of
   *     the wiring's {@link #sharedEnums}; else null
   * @param enumConstants for an enum operand, the constant of each value, in order
   * @param sharedEnum whether the enum is one of the wiring's {@link #sharedEnums}
   * @param tree for a tree operand ({@link TreeLayout#isTree}), how it reads; else null
   */
  record OperandView(
      Operand operand,
      String constant,
      String accessor,
      String enumName,
      List<String> enumConstants,
      boolean sharedEnum,
      TreeLayout.Value tree) {
    OperandView {
      enumConstants = List.copyOf(enumConstants);
    }
  }

  /**
   * An enum of the wiring for values that operands of more than one view, or several of one view,
   * read: the same values in the same order, of the same JSON type. Each is compiled once, not once
   * per operand (enums were most of what javac spent on a large agent's wiring).
   *
   * @param simpleName its simple name, nested in the wiring: the operands' name when they share
   *     one, else a name made of its values
   * @param values the contract's values, in order
   * @param constants the constant of each value, in order
   * @param valueType the JSON type of the values
   * @param readers each operand that reads it, in the order of the views
   */
  record SharedEnum(
      String simpleName,
      List<String> values,
      List<String> constants,
      OperandType valueType,
      List<Reader> readers) {
    SharedEnum {
      values = List.copyOf(values);
      constants = List.copyOf(constants);
      readers = List.copyOf(readers);
    }

    /** One operand that reads a shared enum: its op's opcode and its name. */
    record Reader(String opcode, String operand) {}
  }

  /** The values of a flat enum operand, as a key: the same values in order, of one JSON type. */
  private record Vocabulary(List<String> values, OperandType valueType) {
    static Vocabulary of(Operand o) {
      return new Vocabulary(o.enumValues(), Values.jsonType(o.valueSchema()));
    }
  }

  /** Whether a view reads the operand as a Java enum (not a tree's, not too large). */
  private static boolean readsAsEnum(Operand o) {
    return !TreeLayout.isTree(o)
        && o.type() == OperandType.ENUM
        && o.enumValues().size() <= MAX_ENUM_CONSTANTS;
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
    List<ActModel> viewed = viewed(m);
    List<SharedEnum> shared = sharedEnums(m, viewed, opConstants);
    // The names a view's nested types never take.
    Set<String> fixed = new HashSet<>(Set.of(m.wiringName(), HANDLERS));
    viewed.forEach(a -> fixed.add(a.viewSimpleName()));
    Map<Vocabulary, SharedEnum> byValues = new HashMap<>();
    for (SharedEnum e : shared) {
      fixed.add(e.simpleName());
      byValues.put(new Vocabulary(e.values(), e.valueType()), e);
    }
    List<View> views = new ArrayList<>();
    for (ActModel a : viewed) {
      views.add(view(a, m.wiringName(), opConstants, fixed, byValues));
    }
    Set<String> declared = new HashSet<>(Set.of(m.wiringName(), HANDLERS));
    for (SharedEnum e : shared) {
      declared.add(e.simpleName());
    }
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
    return new WiringLayout(opConstants, uses, views, shared, dispatches, declared, treeOps(m));
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

  /** The act of each view, one per opcode, sorted by the view's name. */
  private static List<ActModel> viewed(WiringModel m) {
    List<ActModel> sorted = new ArrayList<>(m.acts());
    sorted.sort(Comparator.comparing(ActModel::viewName));
    Set<String> seen = new HashSet<>();
    List<ActModel> out = new ArrayList<>();
    for (ActModel a : sorted) {
      if (seen.add(a.viewName())) {
        out.add(a);
      }
    }
    return out;
  }

  /**
   * The values read by more than one flat enum operand of the views, each an enum of the wiring,
   * named apart from the views, the dispatcher, the wiring and its fields. A stand-in view (of an
   * opcode the snapshot lacks) shares none: the agent's code names its enums as its own.
   */
  private static List<SharedEnum> sharedEnums(
      WiringModel m, List<ActModel> viewed, Map<String, String> opConstants) {
    Map<Vocabulary, List<SharedEnum.Reader>> readers = new LinkedHashMap<>();
    for (ActModel a : viewed) {
      if (a.standIn()) {
        continue; // a misspelled opcode's view keeps its own enums, which its code may name
      }
      for (Operand o : a.op().operands()) {
        if (readsAsEnum(o)) {
          readers
              .computeIfAbsent(Vocabulary.of(o), k -> new ArrayList<>())
              .add(new SharedEnum.Reader(a.opcode(), o.name()));
        }
      }
    }
    Set<String> taken = new HashSet<>(Set.of(m.wiringName(), HANDLERS));
    taken.addAll(WIRING_FIELDS);
    taken.addAll(opConstants.values());
    viewed.forEach(a -> taken.add(a.viewSimpleName()));
    List<SharedEnum> out = new ArrayList<>();
    readers.forEach(
        (v, r) -> {
          if (r.size() > 1) {
            String name = JavaNames.unique(sharedName(v.values(), r), taken, "Value");
            out.add(new SharedEnum(name, v.values(), enumConstants(v.values()), v.valueType(), r));
          }
        });
    return out;
  }

  /**
   * The name of a shared enum: its operands' name when they all have one ({@code status} → {@code
   * Status}); else its values' ({@code LowHigh}, {@code AscDesc}), or its first and last value's
   * for a long list ({@code DraftToArchived}).
   */
  private static String sharedName(List<String> values, List<SharedEnum.Reader> readers) {
    String name = readers.get(0).operand();
    if (readers.stream().allMatch(r -> r.operand().equals(name))) {
      return JavaNames.upperCamel(name);
    }
    String all = JavaNames.upperCamel(String.join("_", values));
    if (values.size() <= 4 && all.length() <= SHARED_NAME_LENGTH) {
      return all;
    }
    return JavaNames.upperCamel(values.get(0) + "_to_" + values.get(values.size() - 1));
  }

  /** The longest name made of all of a shared enum's values. */
  private static final int SHARED_NAME_LENGTH = 32;

  /** The constant of each enum value, in order, none of them {@code UNRECOGNISED}. */
  private static List<String> enumConstants(List<String> values) {
    Set<String> taken = new HashSet<>(Set.of("UNRECOGNISED"));
    List<String> names = new ArrayList<>();
    for (String v : values) {
      names.add(JavaNames.unique(JavaNames.constant(v), taken, "_"));
    }
    return names;
  }

  /**
   * One view. Its constants and nested types take no name of the wiring's shared enums either: a
   * nested type of that name would hide the shared one from the view's accessors.
   */
  private static View view(
      ActModel a,
      String wiring,
      Map<String, String> opConstants,
      Set<String> fixed,
      Map<Vocabulary, SharedEnum> shared) {
    String simple = a.viewSimpleName();
    Set<String> constants = new HashSet<>(Set.of("OPCODE", simple, wiring));
    constants.addAll(WIRING_FIELDS);
    constants.addAll(opConstants.values());
    shared.values().forEach(e -> constants.add(e.simpleName()));
    TreeLayout.Namer trees = new TreeLayout.Namer(fixed, constants);
    List<OperandView> operands = operands(a, constants, trees, shared);
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
      ActModel a,
      Set<String> constants,
      TreeLayout.Namer trees,
      Map<Vocabulary, SharedEnum> shared) {
    Set<String> accessors = new HashSet<>();
    List<OperandView> out = new ArrayList<>();
    for (Operand o : a.op().operands()) {
      String constant = JavaNames.unique(JavaNames.constant(o.name()), constants, "_");
      String accessor = JavaNames.unique(JavaNames.accessor(o.name()), accessors, "");
      if (TreeLayout.isTree(o)) {
        out.add(new OperandView(o, constant, accessor, null, List.of(), false, trees.operand(o)));
      } else if (!readsAsEnum(o)) {
        out.add(new OperandView(o, constant, accessor, null, List.of(), false, null));
      } else if (!a.standIn() && shared.containsKey(Vocabulary.of(o))) {
        SharedEnum e = shared.get(Vocabulary.of(o));
        out.add(new OperandView(o, constant, accessor, e.simpleName(), e.constants(), true, null));
      } else {
        String enumName = JavaNames.unique(JavaNames.upperCamel(o.name()), constants, "Value");
        List<String> enumConstants = enumConstants(o.enumValues());
        out.add(new OperandView(o, constant, accessor, enumName, enumConstants, false, null));
      }
    }
    return out;
  }
}
