package dev.agentkit.source;

import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.source.SchemaValues.Unreadable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The leaves of a mapped schema: strings (dates by their format), numbers with their bounds, and
 * enums. A keyword whose value is not what JSON Schema says it is, or bounds no value meets, is a
 * reason the node stays opaque.
 */
final class SchemaScalars {
  private static final Set<String> DATE_FORMATS = Set.of("date", "date-time");

  private SchemaScalars() {}

  static Schema string(Map<String, Object> s, Facets f) throws Unreadable {
    String format = text(s, "format");
    if (DATE_FORMATS.contains(format)) {
      return new DateSchema(f, format);
    }
    Integer min = count(s, "minLength");
    Integer max = count(s, "maxLength");
    ordered("minLength", min, "maxLength", max);
    return new StringSchema(f, format, min, max, text(s, "pattern"));
  }

  static Schema number(Map<String, Object> s, Facets f, boolean integer) throws Unreadable {
    Bound min = bound(s, "minimum", "exclusiveMinimum", true);
    Bound max = bound(s, "maximum", "exclusiveMaximum", false);
    if (min != null && max != null) {
      int c = min.value().compareTo(max.value());
      if (c > 0 || c == 0 && (min.exclusive() || max.exclusive())) {
        throw new Unreadable(
            "its lower bound "
                + SchemaValues.plain(min.value())
                + " is not below its upper bound "
                + SchemaValues.plain(max.value())
                + ", so no value could be valid");
      }
    }
    BigDecimal multiple = s.containsKey("multipleOf") ? num(s, "multipleOf") : null;
    if (multiple != null && multiple.signum() <= 0) {
      throw new Unreadable("its multipleOf is " + SchemaValues.plain(multiple) + ", not above 0");
    }
    return new NumberSchema(f, integer, min, max, multiple);
  }

  /** The tighter of an inclusive and an exclusive bound (both may be given in 3.1). */
  private static Bound bound(Map<String, Object> s, String inclusive, String exclusive, boolean low)
      throws Unreadable {
    Bound in = s.containsKey(inclusive) ? new Bound(num(s, inclusive), false) : null;
    Bound ex = s.containsKey(exclusive) ? new Bound(num(s, exclusive), true) : null;
    if (in == null || ex == null) {
      return in == null ? ex : in;
    }
    int c = in.value().compareTo(ex.value());
    return c == 0 ? ex : (c > 0) == low ? in : ex;
  }

  /**
   * An enum: its values by JSON type, one enum per type (numbers are integers when all are whole);
   * objects and arrays as constants; values of several types a union of them. {@code null} among
   * the values makes the node nullable.
   */
  static Schema enumeration(Object values, Facets facets) throws Unreadable {
    if (!(values instanceof List<?> list)) {
      throw new Unreadable("its enum is " + SchemaValues.shown(values) + ", not a list of values");
    }
    Map<OperandType, Set<String>> groups = new LinkedHashMap<>();
    List<Schema> constants = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    boolean nullable = facets.nullable();
    for (Object raw : list) {
      Object v = SchemaValues.json(raw, "enum");
      if (v == null) {
        nullable = true;
      } else if (v instanceof Map<?, ?> || v instanceof List<?>) {
        if (seen.add(JsonTree.compact(v))) {
          constants.add(new ConstSchema(Facets.NONE, JsonTree.compact(v)));
        }
      } else {
        OperandType t =
            v instanceof String
                ? OperandType.STRING
                : v instanceof Boolean ? OperandType.BOOLEAN : OperandType.NUMBER;
        groups.computeIfAbsent(t, k -> new LinkedHashSet<>()).add(text(v));
      }
    }
    Facets f = new Facets(facets.description(), facets.defaultJson(), nullable);
    List<Schema> alternatives = new ArrayList<>();
    groups.forEach((t, texts) -> alternatives.add(enumOf(t, texts)));
    alternatives.addAll(constants);
    if (alternatives.isEmpty()) {
      if (nullable && !list.isEmpty()) {
        return new ConstSchema(f, "null");
      }
      throw new Unreadable("its enum lists no values, so no value could be valid");
    }
    return alternatives.size() == 1
        ? alternatives.get(0).withFacets(f)
        : new UnionSchema(f, false, alternatives);
  }

  private static Schema enumOf(OperandType type, Set<String> texts) {
    OperandType valueType = type;
    if (type == OperandType.NUMBER && texts.stream().allMatch(SchemaScalars::whole)) {
      valueType = OperandType.INTEGER;
    }
    return new EnumSchema(Facets.NONE, List.copyOf(texts), valueType);
  }

  private static boolean whole(String number) {
    BigDecimal n = new BigDecimal(number);
    return n.signum() == 0 || n.stripTrailingZeros().scale() <= 0;
  }

  /** An enum value as the model keeps it: {@code high}, {@code 3}, {@code 2.5}, {@code true}. */
  private static String text(Object v) {
    return v instanceof BigDecimal n ? Schema.canonical(n).toString() : String.valueOf(v);
  }

  /** A count ({@code minLength}, {@code maxItems}...): a whole number from 0 up, or null. */
  static Integer count(Map<String, Object> s, String key) throws Unreadable {
    if (!s.containsKey(key)) {
      return null;
    }
    BigDecimal n = num(s, key);
    if (n.signum() < 0
        || !whole(n.toString())
        || n.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
      throw new Unreadable(
          "its " + key + " is " + SchemaValues.plain(n) + ", not a whole number from 0 up");
    }
    return n.intValueExact();
  }

  /** A lower count above its upper: no value could be valid. */
  static void ordered(String minKey, Integer min, String maxKey, Integer max) throws Unreadable {
    if (min != null && max != null && min > max) {
      throw new Unreadable(
          "its "
              + minKey
              + " "
              + min
              + " is above its "
              + maxKey
              + " "
              + max
              + ", so no value could be valid");
    }
  }

  private static BigDecimal num(Map<String, Object> s, String key) throws Unreadable {
    Object v = s.get(key);
    BigDecimal n = v instanceof Number x ? SchemaValues.number(x) : null;
    if (n == null) {
      throw new Unreadable("its " + key + " is " + SchemaValues.shown(v) + ", not a number");
    }
    return n;
  }

  private static String text(Map<String, Object> s, String key) throws Unreadable {
    Object v = s.get(key);
    if (v == null) {
      return "";
    }
    if (!(v instanceof String t)) {
      throw new Unreadable("its " + key + " is " + SchemaValues.shown(v) + ", not a string");
    }
    return t;
  }
}
