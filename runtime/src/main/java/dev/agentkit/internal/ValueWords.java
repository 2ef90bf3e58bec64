package dev.agentkit.internal;

import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.internal.text.Names;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** How values, schemas and places in a value are said in verify's sentences. */
final class ValueWords {
  private ValueWords() {}

  /**
   * What a schema takes, as a noun phrase: {@code a string}, {@code an array}, {@code one of a, b}.
   */
  static String expected(Schema s) {
    if (s instanceof StringSchema) {
      return "a string";
    }
    if (s instanceof DateSchema) {
      return "a date";
    }
    if (s instanceof NumberSchema n) {
      return n.integer() ? "an integer" : "a number";
    }
    if (s instanceof EnumSchema e) {
      return "one of " + LineText.of(Names.listing(e.values()));
    }
    if (s instanceof ConstSchema c) {
      return "the value " + cut(c.json());
    }
    if (s instanceof ArraySchema) {
      return "an array";
    }
    if (s instanceof ObjectSchema) {
      return "an object";
    }
    if (s instanceof UnionSchema u) {
      return alternatives(u);
    }
    return s.type() == OperandType.BOOLEAN ? "a boolean" : "any JSON value";
  }

  /** The alternatives of a union, as {@code a string or an object}. */
  static String alternatives(UnionSchema u) {
    List<String> said = new ArrayList<>();
    for (Schema a : u.alternatives()) {
      String e = expected(a);
      if (!said.contains(e)) {
        said.add(e);
      }
    }
    return String.join(" or ", said);
  }

  /**
   * How a value reads in a sentence: {@code the string "x"}, {@code the number 5}, {@code null}.
   */
  static String describe(Object v) {
    if (v instanceof BigDecimal n) {
      return "the number " + Decimals.shown(n);
    }
    return JsonTree.describe(v);
  }

  /** A value as an enum's message quotes it: a string in quotes, anything else described. */
  static String quoted(Object v) {
    return v instanceof String s ? JsonText.shown(s) : describe(v);
  }

  /** {@code entities[0]}: an element of an array. */
  static String index(String path, int i) {
    return path + "[" + i + "]";
  }

  /**
   * {@code entities[0].name}: a property of an object. A name that is not a plain word is shown as
   * a JSON string in brackets ({@code labels["a b"]}), so no character of it can end the sentence.
   */
  static String property(String path, String name) {
    return plain(name) ? path + "." + name : path + "[" + JsonText.shown(name) + "]";
  }

  private static boolean plain(String name) {
    if (name.isEmpty() || name.length() > 80) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean word = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
      if (!word && c != '_' && c != '-' && c != '$') {
        return false;
      }
    }
    return true;
  }

  /**
   * For a string given where a JSON array, object, number or boolean belongs: the advice to write
   * the value itself when the string holds one of the right kind, else nothing.
   */
  static String unwrapHint(Object v, Schema s) {
    if (!(v instanceof String text) || s instanceof StringSchema || s instanceof DateSchema) {
      return "";
    }
    Object inner;
    try {
      inner = JsonTree.parse(text);
    } catch (JsonTree.Malformed e) {
      return "";
    }
    boolean fits =
        inner instanceof List<?> && s instanceof ArraySchema
            || inner instanceof Map<?, ?> && s instanceof ObjectSchema
            || inner instanceof BigDecimal && s instanceof NumberSchema
            || inner instanceof Boolean && s.type() == OperandType.BOOLEAN;
    return fits ? "; write the value itself, not a string holding it" : "";
  }

  /** Canonical JSON text cut to 80 characters, as one line shows it. */
  static String cut(String json) {
    return LineText.of(json.length() > 80 ? json.substring(0, 77) + "..." : json);
  }

  /**
   * {@code ; did you mean "name"?} for the choice nearest a name, as one line shows it; empty when
   * none is near.
   */
  static String didYouMean(String name, java.util.Collection<String> choices) {
    String near = Names.nearest(name, choices);
    return near == null ? "" : "; did you mean " + LineText.quoted(near) + "?";
  }

  /** {@code 1 element}, {@code 3 elements}. */
  static String count(long n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
