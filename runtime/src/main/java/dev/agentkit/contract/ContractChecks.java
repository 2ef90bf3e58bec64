package dev.agentkit.contract;

import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.LineText;
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

  /** The deepest a schema tree may nest (an object in an array is two levels). */
  static final int MAX_DEPTH = 32;

  /**
   * Structural checks of one op's operands, and of every object's properties and every node at any
   * depth: names present and unique, enums with values, bounds that some value meets, a tree no
   * deeper than {@link #MAX_DEPTH}.
   */
  static void checkOperands(String op, List<Operand> operands, List<Problem> problems) {
    new Walk(op, problems).properties(operands, null, 0);
  }

  /**
   * Where a node is: a property of its parent ({@code step} {@link #PROPERTY}), its parent's items
   * or other properties, or its parent's alternative {@code step}. Spelled as {@link SchemaPaths}
   * spells it only when a problem names it, since a large contract has no problem at all.
   */
  private record Place(Place parent, String name, int step) {
    static final int PROPERTY = -1;
    static final int ITEMS = -2;
    static final int ADDITIONAL = -3;

    /** The path of a place; the operands' own level (null) is the empty path. */
    static String spelled(Place place) {
      if (place == null) {
        return "";
      }
      String parent = spelled(place.parent);
      return switch (place.step) {
        case PROPERTY -> SchemaPaths.property(parent, place.name);
        case ITEMS -> SchemaPaths.items(parent);
        case ADDITIONAL -> SchemaPaths.additional(parent);
        default -> SchemaPaths.alternative(parent, place.step);
      };
    }
  }

  /** One op's tree walk, each problem naming the path of what it is about. */
  private static final class Walk {
    private static final int SCANNED = 16;

    private final String op;
    private final String label;
    private final List<Problem> problems;

    Walk(String op, List<Problem> problems) {
      this.op = op;
      this.label = Names.label(op);
      this.problems = problems;
    }

    void properties(List<Operand> properties, Place parent, int depth) {
      // A handful of properties is scanned for repeats; a long list is hashed.
      Set<String> seen = properties.size() > SCANNED ? new HashSet<>() : null;
      Set<String> reported = seen == null ? null : new HashSet<>();
      for (int i = 0; i < properties.size(); i++) {
        Operand o = properties.get(i);
        Place place = new Place(parent, o.name(), Place.PROPERTY);
        if (o.name().isBlank()) {
          String where = Place.spelled(parent);
          add(
              Problem.Kind.EMPTY_OPERAND_NAME,
              where,
              label
                  + (parent == null
                      ? ": an operand has an empty name; every operand needs a name"
                      : "." + where + ": a property has an empty name; every property needs one"));
          continue;
        }
        name(place, o.name());
        if (seen == null
            ? secondOfItsName(properties, i)
            : !seen.add(o.name()) && reported.add(o.name())) {
          String where = Place.spelled(parent);
          add(
              Problem.Kind.DUPLICATE_OPERAND,
              Place.spelled(place),
              label
                  + (parent == null
                      ? ": operand "
                          + o.name()
                          + " is declared more than once; an operand name"
                          + " must be unique in its op"
                      : "."
                          + where
                          + ": property "
                          + o.name()
                          + " is declared more than once;"
                          + " a property name must be unique in its object"));
        }
        node(o.schema(), place, depth + 1);
      }
    }

    /**
     * Whether property {@code i} is the second of its name: each repeated name is reported once.
     */
    private static boolean secondOfItsName(List<Operand> properties, int i) {
      String name = properties.get(i).name();
      int earlier = 0;
      for (int j = 0; j < i && earlier < 2; j++) {
        if (properties.get(j).name().equals(name)) {
          earlier++;
        }
      }
      return earlier == 1;
    }

    /** A name no one could read or type as shown: see {@link LineText#unreadableInName}. */
    void name(Place place, String name) {
      int cp = LineText.unreadableInName(name);
      if (cp >= 0) {
        String where = place.parent == null ? label : label + "." + Place.spelled(place.parent);
        String what = place.parent == null ? "operand" : "property";
        add(Problem.Kind.UNREADABLE_NAME, Place.spelled(place), unreadable(where, what, name, cp));
      }
    }

    void node(Schema s, Place place, int depth) {
      if (depth > MAX_DEPTH) {
        add(
            Problem.Kind.SCHEMA_TOO_DEEP,
            Place.spelled(place),
            label
                + "."
                + Place.spelled(place)
                + ": the schema nests deeper than "
                + MAX_DEPTH
                + " levels, more"
                + " than a model could fill in; ask the backend for a flatter schema");
        return;
      }
      if (s instanceof Schema.EnumSchema e && e.values().isEmpty()) {
        add(
            Problem.Kind.ENUM_WITHOUT_VALUES,
            Place.spelled(place),
            label
                + "."
                + Place.spelled(place)
                + ": type enum with no values, so no value could ever be valid;"
                + " list its values or use type string");
      }
      bounds(s, place);
      if (s instanceof Schema.ArraySchema a) {
        node(a.items(), new Place(place, null, Place.ITEMS), depth + 1);
      } else if (s instanceof Schema.ObjectSchema o) {
        properties(o.properties(), place, depth);
        if (o.additional() != null) {
          node(o.additional(), new Place(place, null, Place.ADDITIONAL), depth + 1);
        }
      } else if (s instanceof Schema.UnionSchema u) {
        for (int i = 0; i < u.alternatives().size(); i++) {
          node(u.alternatives().get(i), new Place(place, null, i), depth + 1);
        }
      }
    }

    /** A minimum above its maximum: no value could ever be valid. */
    private void bounds(Schema s, Place place) {
      String conflict = null;
      if (s instanceof Schema.StringSchema str) {
        conflict = counts("minLength", str.minLength(), "maxLength", str.maxLength());
      } else if (s instanceof Schema.ArraySchema a) {
        conflict = counts("minItems", a.minItems(), "maxItems", a.maxItems());
      } else if (s instanceof Schema.NumberSchema n && n.minimum() != null && n.maximum() != null) {
        int c = n.minimum().value().compareTo(n.maximum().value());
        if (c > 0 || (c == 0 && (n.minimum().exclusive() || n.maximum().exclusive()))) {
          conflict =
              "its lower bound "
                  + n.minimum().value().toPlainString()
                  + " is not below its upper bound "
                  + n.maximum().value().toPlainString();
        }
      }
      if (conflict != null) {
        String path = Place.spelled(place);
        add(
            Problem.Kind.IMPOSSIBLE_BOUNDS,
            path,
            label
                + "."
                + path
                + ": "
                + conflict
                + ", so no value could ever be valid; ask the"
                + " backend to fix its schema");
      }
    }

    private static String counts(String minKey, Integer min, String maxKey, Integer max) {
      return min != null && max != null && min > max
          ? "its " + minKey + " " + min + " is above its " + maxKey + " " + max
          : null;
    }

    private void add(Problem.Kind kind, String subject, String sentence) {
      problems.add(Problem.of(kind, op, subject, sentence));
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
    int cp = LineText.unreadableInName(op.opcode());
    if (cp >= 0) {
      problems.add(
          Problem.of(
              Problem.Kind.UNREADABLE_NAME,
              op.opcode(),
              "",
              unreadable("an op", "opcode", op.opcode(), cp)));
    }
    checkOperands(op.opcode(), op.operands(), problems);
  }

  /**
   * The sentence of {@link Problem.Kind#UNREADABLE_NAME}: which character, and that the backend
   * must rename, since a model types the name and a person reads it.
   */
  private static String unreadable(String where, String what, String name, int cp) {
    return LineText.of(where)
        + ": the "
        + what
        + " "
        + LineText.quoted(name)
        + " holds "
        + LineText.unreadableKind(cp)
        + "; a model types this name and a person reads it, so it may hold no control, format or"
        + " separator character: ask the backend to rename it";
  }
}
