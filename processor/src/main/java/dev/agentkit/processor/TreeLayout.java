package dev.agentkit.processor;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.SchemaPaths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How a view reads a tree-typed operand, and the names of the types it declares for it: a record
 * per object (of the operand, of its items, of a property at any depth), an enum per enum, all
 * nested directly in the view, so that a class file's name never grows with the tree's depth.
 *
 * <p>Names follow {@link WiringLayout}'s discipline. A record or enum takes its property's name
 * ({@link JavaNames#upperCamel}; an element of a list the {@link JavaNames#singular} of it), and is
 * unique among the view's types and constants, never a view's or the wiring's name; a record's
 * constants and accessors are unique within the record, and a type a record reads shares one set of
 * names with that record's constants, since a constant would obscure it ({@code E.of(...)}).
 */
final class TreeLayout {
  private TreeLayout() {}

  /** How one node of a tree reads: a leaf, an enum, a record, or a list of one of these. */
  sealed interface Value permits Leaf, EnumValue, RecordValue, ListValue {}

  /** A value with no generated type of its own. */
  enum Kind {
    /** A string, or an enum too large to be a Java enum: {@code String}. */
    TEXT,
    DATE,
    NUMBER,
    INTEGER,
    BOOLEAN,
    /** A union, an opaque value, or a constant that is null, an object or an array. */
    JSON
  }

  record Leaf(Kind kind) implements Value {}

  record EnumValue(EnumType type) implements Value {}

  record RecordValue(RecordType type) implements Value {}

  record ListValue(Value items) implements Value {}

  /** A type nested in a view for a tree operand. */
  sealed interface NestedType permits RecordType, EnumType {
    String simpleName();
  }

  /**
   * The record of an object.
   *
   * @param simpleName its simple name, nested in the view
   * @param path the object's place in the op ({@code entities[]}), as {@link SchemaPaths} names it
   * @param members one per property, in the contract's order
   */
  record RecordType(String simpleName, String path, List<Member> members) implements NestedType {
    RecordType {
      members = List.copyOf(members);
    }
  }

  /**
   * The enum of an enum node.
   *
   * @param simpleName its simple name, nested in the view
   * @param path the node's place in the op ({@code entities[].entityType})
   * @param values the contract's values, in order
   * @param constants the constant of each value, in order
   * @param valueType the JSON type of the values, which decides how a value matches a constant
   */
  record EnumType(
      String simpleName,
      String path,
      List<String> values,
      List<String> constants,
      OperandType valueType)
      implements NestedType {
    EnumType {
      values = List.copyOf(values);
      constants = List.copyOf(constants);
    }
  }

  /**
   * One property of a record.
   *
   * @param property the property
   * @param constant the record's constant holding its name
   * @param accessor its accessor
   * @param value how it reads
   */
  record Member(Operand property, String constant, String accessor, Value value) {}

  /**
   * Whether a view reads the operand as a tree: its value (a list's element) is an object, an
   * array, a union or a constant, so its argument is JSON text. Every other operand is flat and
   * reads as views always have; an opaque one as its text.
   */
  static boolean isTree(Operand o) {
    OperandType t = o.type();
    return t == OperandType.OBJECT
        || t == OperandType.ARRAY
        || t == OperandType.UNION
        || t == OperandType.CONST;
  }

  /**
   * Names the types of one view's tree operands, in the order they are met.
   *
   * @param fixed names no type of the view may take: every view's, the wiring's, the dispatcher's
   * @param viewNames the view's constants and types, shared with its flat operands
   */
  static final class Namer {
    private final Set<String> fixed;
    private final Set<String> viewNames;
    private final List<NestedType> types = new ArrayList<>();

    Namer(Set<String> fixed, Set<String> viewNames) {
      this.fixed = fixed;
      this.viewNames = viewNames;
    }

    /** The types named so far, outer before inner. */
    List<NestedType> types() {
      return List.copyOf(types);
    }

    /** How a view reads a tree operand, naming the types it needs. */
    Value operand(Operand o) {
      return value(o.schema(), o.name(), JavaNames.upperCamel(o.name()), viewNames);
    }

    /**
     * @param path the node's place
     * @param base the name its type would take
     * @param scope the constants and types of the class that reads it
     */
    private Value value(Schema s, String path, String base, Set<String> scope) {
      if (s instanceof ArraySchema a) {
        return new ListValue(
            value(a.items(), SchemaPaths.items(path), JavaNames.singular(base), scope));
      }
      if (s instanceof ObjectSchema o) {
        return new RecordValue(record(o, path, base, scope));
      }
      if (s instanceof EnumSchema e && e.values().size() <= WiringLayout.MAX_ENUM_CONSTANTS) {
        String name = name(base, "Value", scope);
        Set<String> taken = new HashSet<>(Set.of("UNRECOGNISED"));
        List<String> constants = new ArrayList<>();
        for (String v : e.values()) {
          constants.add(JavaNames.unique(JavaNames.constant(v), taken, "_"));
        }
        EnumType type = new EnumType(name, path, e.values(), constants, e.valueType());
        types.add(type);
        return new EnumValue(type);
      }
      return new Leaf(kind(s));
    }

    private RecordType record(ObjectSchema o, String path, String base, Set<String> scope) {
      String name = name(base, "", scope);
      int at = types.size();
      types.add(null); // the record goes before the types its properties need
      Set<String> constants = new HashSet<>(Set.of(name));
      Set<String> accessors = new HashSet<>();
      List<Member> members = new ArrayList<>();
      for (Operand p : o.properties()) {
        String constant = JavaNames.unique(JavaNames.constant(p.name()), constants, "_");
        String accessor =
            JavaNames.unique(
                JavaNames.accessor(p.name(), JavaNames.RESERVED_RECORD_ACCESSORS), accessors, "");
        String where = SchemaPaths.property(path, p.name());
        Value value = value(p.schema(), where, JavaNames.upperCamel(p.name()), constants);
        members.add(new Member(p, constant, accessor, value));
      }
      RecordType type = new RecordType(name, path, members);
      types.set(at, type);
      return type;
    }

    /**
     * The first form of {@code base} in none of the fixed names, the view's names and the names of
     * the class that reads the type; taken in the last two.
     */
    private String name(String base, String separator, Set<String> scope) {
      String candidate = base;
      for (int i = 2;
          fixed.contains(candidate) || viewNames.contains(candidate) || scope.contains(candidate);
          i++) {
        candidate = base + separator + i;
      }
      viewNames.add(candidate);
      scope.add(candidate);
      return candidate;
    }
  }

  private static Kind kind(Schema s) {
    if (s instanceof NumberSchema n) {
      return n.integer() ? Kind.INTEGER : Kind.NUMBER;
    }
    if (s instanceof ConstSchema c) {
      return constant(c.json());
    }
    switch (s.type()) {
      case STRING:
      case ENUM: // larger than a Java enum can be
        return Kind.TEXT;
      case DATE:
        return Kind.DATE;
      case BOOLEAN:
        return Kind.BOOLEAN;
      default:
        return Kind.JSON;
    }
  }

  /**
   * A constant reads as the type of its value: a string as text, a number as a number (exact, so
   * {@code 3} and {@code 3.0} alike), a boolean as a boolean, any other as plain Java.
   */
  private static Kind constant(String json) {
    if (json.startsWith("\"")) {
      return Kind.TEXT;
    }
    if (json.equals("true") || json.equals("false")) {
      return Kind.BOOLEAN;
    }
    char first = json.isEmpty() ? ' ' : json.charAt(0);
    return first == '-' || Character.isDigit(first) ? Kind.NUMBER : Kind.JSON;
  }
}
