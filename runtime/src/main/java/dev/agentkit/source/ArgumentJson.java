package dev.agentkit.source;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.internal.json.JsonTree;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON value a call's argument sends, by its operand's schema, as plain Java ({@code
 * JsonTree}'s forms: maps, lists, strings, {@link BigDecimal} numbers, booleans, null). A call
 * holds each argument as text, so:
 *
 * <table>
 *   <caption>Argument text to JSON</caption>
 *   <tr><th>operand</th><th>the text</th><th>sent as</th></tr>
 *   <tr><td>string, date, enum of strings</td><td>the value</td><td>that string</td></tr>
 *   <tr><td>number, integer, enum of numbers</td><td>digits</td><td>a JSON number</td></tr>
 *   <tr><td>boolean, enum of booleans</td><td>{@code true}, {@code false} (verify's spellings)</td>
 *       <td>a JSON boolean</td></tr>
 *   <tr><td>nullable, not a string</td><td>{@code null}</td><td>{@code null}</td></tr>
 *   <tr><td>a list of one of the above</td><td>a JSON array of them (strings or JSON scalars), or
 *       one bare value</td><td>an array of them</td></tr>
 *   <tr><td>object, union, const, opaque, array of any other</td><td>JSON text</td><td>that JSON;
 *       a text that is not JSON is the JSON string of it</td></tr>
 * </table>
 *
 * <p>Nothing here checks a value against the schema beyond its JSON type: verify did that.
 * Stateless and thread-safe.
 */
public final class ArgumentJson {
  private static final BigDecimal DOUBLE_MAX = new BigDecimal(Double.MAX_VALUE);

  private ArgumentJson() {}

  /** An argument that does not fit its operand's JSON type; the message names the operand. */
  public static final class Unsendable extends Exception {
    private static final long serialVersionUID = 1L;

    Unsendable(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Whether the operand's argument is JSON text: its value is an object, a union, a constant, an
   * opaque value, or an array of anything but flat values.
   */
  public static boolean isTree(Operand o) {
    return !o.valueSchema().type().isScalar();
  }

  /**
   * The JSON value of an argument.
   *
   * @param operand the operand the argument is for
   * @param text the argument as the call holds it
   * @throws Unsendable when the text is not a value of the operand's JSON type
   */
  public static Object of(Operand operand, String text) throws Unsendable {
    if (isTree(operand)) {
      return tree(text);
    }
    if (!operand.list()) {
      return scalar(operand, operand.schema(), text);
    }
    return list(operand, operand.valueSchema(), text);
  }

  /** JSON text as its value; a text that is not one JSON value is that text as a string. */
  private static Object tree(String text) {
    try {
      return JsonTree.parse(text);
    } catch (JsonTree.Malformed e) {
      return text;
    }
  }

  private static List<Object> list(Operand o, Schema items, String text) throws Unsendable {
    String t = text.strip();
    if (!t.startsWith("[")) {
      List<Object> one = new ArrayList<>();
      one.add(scalar(o, items, t));
      return one;
    }
    Object parsed = tree(t);
    if (!(parsed instanceof List<?> elements)) {
      throw new Unsendable(
          "list operand " + o.name() + " must be a JSON array, not " + quote(text));
    }
    List<Object> out = new ArrayList<>(elements.size());
    for (Object e : elements) {
      if (e instanceof java.util.Map<?, ?> || e instanceof List<?>) {
        throw new Unsendable(
            "list operand " + o.name() + " must hold plain values, not objects or arrays");
      }
      out.add(e == null ? nullOf(o, items) : scalar(o, items, plain(e)));
    }
    return out;
  }

  private static Object nullOf(Operand o, Schema s) throws Unsendable {
    if (!s.nullable()) {
      throw new Unsendable("operand " + o.name() + " takes no null");
    }
    return null;
  }

  private static String plain(Object scalar) {
    return scalar instanceof BigDecimal n ? n.toString() : String.valueOf(scalar);
  }

  /** One flat value: its text read as the schema's JSON type. */
  private static Object scalar(Operand o, Schema s, String v) throws Unsendable {
    OperandType type = s instanceof EnumSchema e ? e.valueType() : s.type();
    if (s.nullable() && v.strip().equals("null") && !takesText(s)) {
      return null;
    }
    switch (type) {
      case NUMBER:
        return number(o, v);
      case INTEGER:
        return integer(o, v);
      case BOOLEAN:
        return bool(o, v);
      default:
        return v;
    }
  }

  /** Whether the text {@code null} is a value of the schema itself (a string, or a listed one). */
  private static boolean takesText(Schema s) {
    if (s instanceof EnumSchema e) {
      return e.valueType() == OperandType.STRING && e.values().contains("null");
    }
    return s.type() == OperandType.STRING || s.type() == OperandType.DATE;
  }

  private static BigDecimal number(Operand o, String v) throws Unsendable {
    BigDecimal n;
    try {
      n = new BigDecimal(v.strip());
    } catch (NumberFormatException e) {
      throw new Unsendable("operand " + o.name() + " must be a number, not " + quote(v));
    }
    if (n.abs().compareTo(DOUBLE_MAX) > 0) {
      throw new Unsendable(
          "operand " + o.name() + " is " + quote(v) + ", beyond the range of a JSON number");
    }
    return n;
  }

  private static Object integer(Operand o, String v) throws Unsendable {
    BigDecimal n = number(o, v);
    BigDecimal whole = n.signum() == 0 ? BigDecimal.ZERO : n.stripTrailingZeros();
    if (whole.scale() > 0) {
      throw new Unsendable("operand " + o.name() + " must be a whole number, not " + quote(v));
    }
    return whole.toBigIntegerExact(); // at most 309 digits: number() bounds it
  }

  private static Boolean bool(Operand o, String v) throws Unsendable {
    // The spellings verify accepts for a boolean (those of Go's strconv.ParseBool).
    switch (v.strip()) {
      case "true", "True", "TRUE", "t", "T", "1":
        return true;
      case "false", "False", "FALSE", "f", "F", "0":
        return false;
      default:
        throw new Unsendable("operand " + o.name() + " must be true or false, not " + quote(v));
    }
  }

  private static String quote(String v) {
    String shown = v.length() > 40 ? v.substring(0, 40) + "…" : v;
    return "\"" + shown + "\"";
  }
}
