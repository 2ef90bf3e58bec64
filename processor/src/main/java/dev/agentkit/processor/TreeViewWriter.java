package dev.agentkit.processor;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.internal.TreeValues;
import dev.agentkit.processor.TreeLayout.EnumType;
import dev.agentkit.processor.TreeLayout.EnumValue;
import dev.agentkit.processor.TreeLayout.Leaf;
import dev.agentkit.processor.TreeLayout.ListValue;
import dev.agentkit.processor.TreeLayout.Member;
import dev.agentkit.processor.TreeLayout.NestedType;
import dev.agentkit.processor.TreeLayout.RecordType;
import dev.agentkit.processor.TreeLayout.RecordValue;
import dev.agentkit.processor.TreeLayout.Value;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Writes what a view declares for its tree operands ({@link TreeLayout}): the accessor of each, one
 * record per object, whose accessors read the object's properties, and one enum per enum at any
 * depth. Every read goes through {@link TreeValues}, so none throws: a value that is missing or of
 * another JSON type reads as empty, {@code UNRECOGNISED} or the empty string, and a list leaves out
 * the elements it cannot read.
 */
final class TreeViewWriter {
  private TreeViewWriter() {}

  /** The accessor of a tree operand, whose argument is JSON text. */
  static void operand(SourceWriter w, Operand o, String constant, String accessor, Value value) {
    String node = w.name(TreeValues.class) + ".parse(call.arg(" + constant + "))";
    accessor(w, described(o, "Operand"), accessor, value, node);
  }

  /** A record or an enum the view declares. */
  static void type(SourceWriter w, String opcode, NestedType t) {
    if (t instanceof RecordType r) {
      record(w, opcode, r);
    } else {
      EnumType e = (EnumType) t;
      ViewWriter.enumType(
          w,
          e.simpleName(),
          e.constants(),
          e.values(),
          e.valueType(),
          "The values of " + SourceWriter.code(opcode + "." + e.path()));
    }
  }

  private static void record(SourceWriter w, String opcode, RecordType r) {
    String string = w.name(String.class);
    String map = w.name(Map.class) + "<" + string + ", " + w.name(Object.class) + ">";
    w.blank();
    w.javadoc(
        "An object of "
            + SourceWriter.code(opcode + "." + r.path())
            + ", as the call gave it: {@code json} holds it unmodifiable, in the call's order, and"
            + " each accessor reads one property; reading never throws.");
    w.open("public record " + r.simpleName() + "(" + map + " json)");
    for (Member m : r.members()) {
      String value = SourceWriter.literal(m.property().name());
      w.line("public static final " + string + " " + m.constant() + " = " + value + ";");
    }
    if (!r.members().isEmpty()) {
      w.blank();
    }
    w.open("public " + r.simpleName());
    w.line(w.name(Objects.class) + ".requireNonNull(json, \"json\");").close();
    for (Member m : r.members()) {
      String node = "json.get(" + m.constant() + ")";
      accessor(w, described(m.property(), "Property"), m.accessor(), m.value(), node);
    }
    w.close();
  }

  private static String described(Operand o, String kind) {
    String doc =
        o.description().isBlank()
            ? kind + " " + SourceWriter.doc(o.name())
            : SourceWriter.doc(o.description());
    if (o.schema() instanceof ConstSchema c) {
      doc = ViewWriter.sentence(doc) + " The contract fixes it to " + SourceWriter.code(c.json());
    }
    return ViewWriter.sentence(doc) + ViewWriter.defaultNote(o);
  }

  private static void accessor(
      SourceWriter w, String doc, String accessor, Value value, String node) {
    w.blank().javadoc(ViewWriter.sentence(doc) + " " + absent(value));
    w.open("public " + type(w, value) + " " + accessor + "()");
    String body = "return " + read(w, value, node) + ";";
    if (value instanceof ListValue l && !w.fits(body, 0)) {
      String head = "return " + w.name(TreeValues.class) + ".list";
      w.call(head, List.of(node, reader(w, l.items())), ";");
    } else {
      w.line(body);
    }
    w.close();
  }

  /** The Java type a value reads as, in an accessor. */
  private static String type(SourceWriter w, Value v) {
    if (v instanceof Leaf l) {
      return switch (l.kind()) {
        case TEXT -> w.name(String.class);
        case DATE -> optional(w, w.name(OffsetDateTime.class));
        case NUMBER -> optional(w, w.name(BigDecimal.class));
        case INTEGER -> w.name(OptionalLong.class);
        case BOOLEAN -> optional(w, w.name(Boolean.class));
        case JSON -> optional(w, w.name(Object.class));
      };
    }
    if (v instanceof RecordValue r) {
      return optional(w, r.type().simpleName());
    }
    return element(w, v);
  }

  /** The Java type of a value as an element of a list. */
  private static String element(SourceWriter w, Value v) {
    if (v instanceof Leaf l) {
      return switch (l.kind()) {
        case TEXT -> w.name(String.class);
        case DATE -> w.name(OffsetDateTime.class);
        case NUMBER -> w.name(BigDecimal.class);
        case INTEGER -> w.name(Long.class);
        case BOOLEAN -> w.name(Boolean.class);
        case JSON -> w.name(Object.class);
      };
    }
    if (v instanceof EnumValue e) {
      return e.type().simpleName();
    }
    if (v instanceof RecordValue r) {
      return r.type().simpleName();
    }
    return w.name(List.class) + "<" + element(w, ((ListValue) v).items()) + ">";
  }

  private static String optional(SourceWriter w, String type) {
    return w.name(Optional.class) + "<" + type + ">";
  }

  /** The expression reading {@code node} as the value, in an accessor. */
  private static String read(SourceWriter w, Value v, String node) {
    String values = w.name(TreeValues.class);
    if (v instanceof Leaf l) {
      return switch (l.kind()) {
        case TEXT -> values + ".string(" + node + ")";
        case DATE -> values + ".date(" + node + ")";
        case NUMBER -> values + ".number(" + node + ")";
        case INTEGER -> values + ".integer(" + node + ")";
        case BOOLEAN -> values + ".bool(" + node + ")";
        case JSON -> values + ".value(" + node + ")";
      };
    }
    if (v instanceof EnumValue e) {
      return e.type().simpleName() + ".of(" + values + ".string(" + node + "))";
    }
    if (v instanceof RecordValue r) {
      return values + ".object(" + node + ", " + r.type().simpleName() + "::new)";
    }
    return values + ".list(" + node + ", " + reader(w, ((ListValue) v).items()) + ")";
  }

  /** The function reading one element of a list as the value. */
  private static String reader(SourceWriter w, Value v) {
    String values = w.name(TreeValues.class);
    if (v instanceof Leaf l) {
      return switch (l.kind()) {
        case TEXT -> values + "::text";
        case DATE -> values + "::date";
        case NUMBER -> values + "::number";
        case INTEGER -> values + "::longValue";
        case BOOLEAN -> values + "::bool";
        case JSON -> values + "::value";
      };
    }
    if (v instanceof EnumValue e) {
      return values + ".enumOf(" + e.type().simpleName() + "::of)";
    }
    if (v instanceof RecordValue r) {
      return values + ".objectOf(" + r.type().simpleName() + "::new)";
    }
    return values + ".arrayOf(" + reader(w, ((ListValue) v).items()) + ")";
  }

  /** What an accessor returns when the call gives nothing it can read. */
  private static String absent(Value v) {
    if (v instanceof Leaf l) {
      return switch (l.kind()) {
        case TEXT ->
            "The empty string when none is given or it is not a string, number or boolean.";
        case DATE -> "Empty when none is given or it is not a date.";
        case NUMBER -> "Empty when none is given or it is not a number.";
        case INTEGER -> "Empty when none is given or it is not a whole number in the 64-bit range.";
        case BOOLEAN -> "Empty when none is given or it is not a boolean.";
        case JSON ->
            "The JSON value given, as plain Java: a {@code Map<String, Object>} for an object, a"
                + " {@code List<Object>} for an array, a {@code String}, a {@code BigDecimal} or a"
                + " {@code Boolean}, all unmodifiable; empty when none is given or it is null.";
      };
    }
    if (v instanceof EnumValue) {
      return "{@code UNRECOGNISED} when none is given or it is not in the vocabulary.";
    }
    if (v instanceof RecordValue) {
      return "Empty when none is given or it is not an object.";
    }
    return "The elements given, in order, leaving out any it cannot read; empty when none is given"
        + " or it is not an array.";
  }
}
