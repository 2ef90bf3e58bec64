package dev.agentkit.source;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON values a schema holds ({@code default}, {@code const}, {@code enum}) in the one form
 * {@code JsonTree} writes: numbers as {@link BigDecimal}, maps with string keys in their order,
 * lists, strings, booleans and null. A value nested deeper than {@link #MAX_DEPTH}, a number that
 * is not finite, or an object that is no JSON value is refused with the reason, never thrown past
 * the mapping.
 */
final class SchemaValues {
  /** The deepest nesting of a value read, as {@code JsonTree} reads one. */
  static final int MAX_DEPTH = 64;

  private SchemaValues() {}

  /** Why a keyword's value cannot be read; the mapping makes the node opaque with it. */
  static final class Unreadable extends Exception {
    private static final long serialVersionUID = 1L;

    Unreadable(String reason) {
      super(reason, null, false, false);
    }
  }

  /** The value in JSON's one form. */
  static Object json(Object value, String what) throws Unreadable {
    return json(value, what, 0);
  }

  private static Object json(Object value, String what, int depth) throws Unreadable {
    if (depth > MAX_DEPTH) {
      throw new Unreadable("its " + what + " nests deeper than " + MAX_DEPTH + " levels");
    }
    if (value == null || value instanceof String || value instanceof Boolean) {
      return value;
    }
    if (value instanceof Number n) {
      BigDecimal d = number(n);
      if (d == null) {
        throw new Unreadable("its " + what + " holds the number " + n + ", which is not finite");
      }
      return d;
    }
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        out.put(String.valueOf(e.getKey()), json(e.getValue(), what, depth + 1));
      }
      return out;
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      for (Object e : l) {
        out.add(json(e, what, depth + 1));
      }
      return out;
    }
    throw new Unreadable("its " + what + " holds a " + value.getClass().getSimpleName());
  }

  /** A number exactly, or null when it is not finite (a double's infinity or NaN). */
  static BigDecimal number(Number n) {
    if (n instanceof BigDecimal d) {
      return d;
    }
    if (n instanceof BigInteger i) {
      return new BigDecimal(i);
    }
    if (n instanceof Double || n instanceof Float) {
      double d = n.doubleValue();
      return Double.isFinite(d) ? new BigDecimal(Double.toString(d)) : null;
    }
    try {
      return new BigDecimal(n.toString());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** A number as a sentence shows it: plain digits when short, else with an exponent. */
  static String plain(BigDecimal n) {
    boolean small = Math.abs(n.scale()) < 30 && n.precision() < 40;
    return small ? n.toPlainString() : n.toString();
  }

  /** How a keyword's value reads in a reason: {@code "ten"}, {@code 5}, {@code an object}. */
  static String shown(Object v) {
    if (v instanceof String s) {
      return dev.agentkit.internal.text.JsonText.shown(s);
    }
    if (v instanceof Map<?, ?>) {
      return "an object";
    }
    if (v instanceof List<?>) {
      return "a list";
    }
    String text = String.valueOf(v);
    return text.length() > 40 ? text.substring(0, 37) + "..." : text;
  }
}
