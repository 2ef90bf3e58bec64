package dev.agentkit.processor;

import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.internal.ArgValues;
import dev.agentkit.internal.Values;
import dev.agentkit.internal.WireNames;
import dev.agentkit.processor.WiringLayout.OperandView;
import dev.agentkit.processor.WiringLayout.SharedEnum;
import dev.agentkit.processor.WiringLayout.View;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Writes one typed view per op: a record of the call with a constant and an accessor per operand, a
 * Java enum per enum operand whose values no other operand reads (the wiring declares one enum for
 * values several read, {@link #sharedEnum}), and, when the act's run handler returns a value,
 * {@code result(Outcome)}. Reading never throws ({@link ArgValues}); an enum value the contract did
 * not have reads as {@code UNRECOGNISED} ({@link WireNames}).
 */
final class ViewWriter {
  /** The {@link WireNames} factory of an enum, by the JSON type of its values; else {@code of}. */
  private static final Map<OperandType, String> FACTORIES =
      Map.of(
          OperandType.NUMBER, "numbers",
          OperandType.INTEGER, "numbers",
          OperandType.BOOLEAN, "booleans");

  private ViewWriter() {}

  static void write(SourceWriter w, View v) {
    String op = v.act().opcode();
    String call = w.name(Call.class);
    String string = w.name(String.class);
    w.blank();
    w.javadoc(
        "The arguments of a "
            + SourceWriter.code(op)
            + " call, typed by the contract; reading never throws.");
    w.open("public record " + v.simpleName() + "(" + call + " call)");
    w.javadoc("The op's opcode.");
    w.line("public static final " + string + " OPCODE = " + v.opConstant() + ";");
    for (OperandView o : v.operands()) {
      String value = SourceWriter.literal(o.operand().name());
      w.line("public static final " + string + " " + o.constant() + " = " + value + ";");
    }
    w.blank().open("public " + v.simpleName());
    w.line(w.name(Objects.class) + ".requireNonNull(call, \"call\");").close();
    for (OperandView o : v.operands()) {
      accessor(w, o);
    }
    if (v.act().run() != null && v.act().run().result() != null) {
      result(w, v);
    }
    for (OperandView o : v.operands()) {
      if (o.enumName() != null && !o.sharedEnum()) {
        String doc = "The values of operand " + SourceWriter.code(o.operand().name());
        enumType(
            w,
            o.enumName(),
            o.enumConstants(),
            o.operand().enumValues(),
            Values.jsonType(o.operand().valueSchema()),
            doc);
      }
    }
    for (TreeLayout.NestedType t : v.types()) {
      TreeViewWriter.type(w, op, t);
    }
    w.close();
  }

  /** The accessor of one operand, typed by the contract. */
  private static void accessor(SourceWriter w, OperandView o) {
    Operand operand = o.operand();
    if (o.tree() != null) {
      TreeViewWriter.operand(w, operand, o.constant(), o.accessor(), o.tree());
      return;
    }
    String raw = "call.arg(" + o.constant() + ")";
    Reading r = reading(w, o, raw);
    String type = r.element();
    String body = "return " + r.single() + ";";
    String blank = r.blank();
    if (operand.list()) {
      type = w.name(List.class) + "<" + r.listElement() + ">";
      String list = w.name(ArgValues.class) + ".list(" + raw + ")";
      body =
          r.mapper().isEmpty()
              ? "return " + list + ";"
              : "return " + list + ".stream()" + r.mapper() + ".toList();";
      blank = "The values given, in order; empty when none is.";
    }
    String doc =
        operand.description().isBlank()
            ? "Operand " + SourceWriter.doc(operand.name())
            : SourceWriter.doc(operand.description());
    w.blank().javadoc(sentence(doc) + defaultNote(operand) + " " + blank);
    w.open("public " + type + " " + o.accessor() + "()").line(body).close();
  }

  /**
   * How an accessor reads one operand: its type for a single value and for a list element, the
   * expression for a single value, the stream steps from a list's texts to its elements, and what
   * it returns when nothing usable is given.
   */
  private record Reading(
      String element, String listElement, String single, String mapper, String blank) {}

  private static Reading reading(SourceWriter w, OperandView o, String raw) {
    Operand operand = o.operand();
    // An enum too large to be a Java enum (WiringLayout.MAX_ENUM_CONSTANTS) reads as its text.
    OperandType readAs =
        operand.type() == OperandType.ENUM && o.enumName() == null
            ? OperandType.STRING
            : operand.type();
    return switch (readAs) {
      case DATE -> optional(w, OffsetDateTime.class, "date", raw, "unparseable");
      case NUMBER -> optional(w, BigDecimal.class, "number", raw, "unparseable");
      case BOOLEAN -> optional(w, Boolean.class, "bool", raw, "not a boolean");
      case INTEGER -> integer(w, raw);
      case ENUM ->
          new Reading(
              o.enumName(),
              o.enumName(),
              o.enumName() + ".of(" + raw + ")",
              ".map(" + o.enumName() + "::of)",
              "{@code UNRECOGNISED} when blank or not in the vocabulary.");
      default -> text(w, operand, raw);
    };
  }

  /** An {@code Optional} of {@code type}, read by {@code ArgValues.<read>}. */
  private static Reading optional(
      SourceWriter w, Class<?> type, String read, String raw, String unusable) {
    String args = w.name(ArgValues.class);
    String element = w.name(type);
    return new Reading(
        w.name(Optional.class) + "<" + element + ">",
        element,
        args + "." + read + "(" + raw + ")",
        ".map(" + args + "::" + read + ").flatMap(" + w.name(Optional.class) + "::stream)",
        "Empty when blank or " + unusable + ".");
  }

  /** OptionalLong: verify accepts exactly the signed 64-bit range, as a Go backend's int64. */
  private static Reading integer(SourceWriter w, String raw) {
    String args = w.name(ArgValues.class);
    return new Reading(
        w.name(OptionalLong.class),
        w.name(Long.class),
        args + ".integer(" + raw + ")",
        ".map("
            + args
            + "::integer).flatMapToLong("
            + w.name(OptionalLong.class)
            + "::stream).boxed()",
        "Empty when blank or not a whole number in the 64-bit range.");
  }

  /** A string, or a type this version does not know (opaque): the text as given. */
  private static Reading text(SourceWriter w, Operand operand, String raw) {
    String blank =
        operand.hasUnknownType()
            ? "The text as given: the contract's type for it is one this agentkit does not"
                + " know. The empty string when none is given."
            : "The empty string when none is given.";
    String string = w.name(String.class);
    return new Reading(string, string, raw, "", blank);
  }

  /** {@code result(Outcome)}: the value the run handler returned, typed, for this op's outcomes. */
  private static void result(SourceWriter w, View v) {
    String result = w.name(v.act().run().result());
    String optional = w.name(Optional.class);
    w.blank();
    w.javadoc(
        "The value the run handler returned, typed.",
        "@param outcome the outcome of running a " + SourceWriter.code(v.act().opcode()) + " call",
        "@return the value; empty when the run failed, returned nothing or ran another op");
    w.open(
        "public static "
            + optional
            + "<"
            + result
            + "> result("
            + w.name(Outcome.class)
            + " outcome)");
    w.open("if (!outcome.call().opcode().equals(OPCODE))");
    w.line("return " + optional + ".empty();").close();
    w.line("return outcome.value(" + result + ".class);").close();
  }

  /** One of the wiring's shared enums, its javadoc naming the operands that read it. */
  static void sharedEnum(SourceWriter w, SharedEnum e) {
    List<SharedEnum.Reader> readers = e.readers();
    String name = readers.get(0).operand();
    boolean oneName = readers.stream().allMatch(r -> r.operand().equals(name));
    List<String> shown = new ArrayList<>();
    for (SharedEnum.Reader r : readers.subList(0, Math.min(readers.size(), SHOWN_READERS))) {
      shown.add(
          (oneName ? "" : SourceWriter.code(r.operand()) + " of ") + SourceWriter.code(r.opcode()));
    }
    String rest =
        readers.size() > SHOWN_READERS ? " and " + (readers.size() - SHOWN_READERS) + " more" : "";
    String doc =
        (oneName
                ? "The values of operand " + SourceWriter.code(name) + " of "
                : "The values of operands ")
            + String.join(", ", shown)
            + rest
            + " (one enum for the values they share)";
    enumType(w, e.simpleName(), e.constants(), e.values(), e.valueType(), doc);
  }

  /** The most readers a shared enum's javadoc names. */
  private static final int SHOWN_READERS = 4;

  /**
   * An enum: its constants, then the wiring through {@link WireNames}, whose factory matches a
   * value as verify compares it: by text, by decimal value for numbers, by truth value for
   * booleans.
   *
   * @param valueType the JSON type of the values ({@code EnumSchema.valueType()})
   * @param doc what it holds the values of, to which {@code , and UNRECOGNISED for any other} is
   *     added
   */
  static void enumType(
      SourceWriter w,
      String name,
      List<String> constants,
      List<String> values,
      OperandType valueType,
      String doc) {
    w.blank();
    w.javadoc(doc + ", and {@code UNRECOGNISED} for any other.");
    w.open("public enum " + name);
    for (String c : constants) {
      w.line(c + ",");
    }
    w.line("UNRECOGNISED;").blank();
    List<String> args = new ArrayList<>();
    args.add("values()");
    for (String v : values) {
      args.add(SourceWriter.literal(v));
    }
    String wireNames = w.name(WireNames.class);
    String field = "private static final " + wireNames + "<" + name + "> wireNames =";
    String factory = wireNames + "." + FACTORIES.getOrDefault(valueType, "of");
    String init = factory + "(" + String.join(", ", args) + ");";
    if (w.fits(field + " " + init, 0)) {
      w.line(field + " " + init);
    } else {
      w.line(field).indent(4).call(factory, args, ";").indent(-4);
    }
    w.blank();
    w.javadoc("The value as the contract spells it; empty for {@code UNRECOGNISED}.");
    w.open("public " + w.name(String.class) + " wireName()");
    w.line("return wireNames.wireName(this);").close().blank();
    w.javadoc(
        valueType == OperandType.STRING
            ? "The constant for a value as the contract spells it, or {@code UNRECOGNISED}."
            : "The constant for a value of the same "
                + (valueType == OperandType.BOOLEAN ? "truth value" : "decimal value")
                + ", however it is spelled, or {@code UNRECOGNISED}.");
    w.open("public static " + name + " of(" + w.name(String.class) + " value)");
    w.line("return wireNames.of(value);").close();
    w.close();
  }

  /**
   * A sentence on the default the contract gives the operand or property, which is the backend's:
   * the view reads what the call gives, so a value not given reads as not given.
   */
  static String defaultNote(Operand o) {
    String json = o.schema().facets().defaultJson();
    return json.isEmpty()
        ? ""
        : " When none is given, the backend takes " + SourceWriter.code(json) + ".";
  }

  /** The text as a sentence: trimmed, with a full stop unless it ends with one. */
  static String sentence(String text) {
    String t = text.strip();
    return t.endsWith(".") || t.endsWith("!") || t.endsWith("?") ? t : t + ".";
  }
}
