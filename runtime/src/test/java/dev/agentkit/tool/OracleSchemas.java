package dev.agentkit.tool;

import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.json.Patterns;
import dev.agentkit.internal.text.JsonText;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The JSON Schema a real validator checks an op's arguments against: the oracle's side of {@link
 * VerifyDifferentialPropertyTest}. For a generated op it is the tree rendered in JSON Schema
 * 2020-12; for an op of a third party's document it is that document's own schema. Either says what
 * the contract says, and where agentkit checks otherwise ({@link Departure}) it says so explicitly:
 *
 * <ul>
 *   <li>the arguments object is closed ({@link Departure#ARGUMENTS_CLOSED});
 *   <li>a date has the format {@code agentkit-date}, which the oracle implements with {@code
 *       java.time} ({@link Departure#DATES_AS_AGENTKIT_READS_THEM});
 *   <li>other formats are left out ({@link Departure#FORMATS_UNCHECKED});
 *   <li>a pattern outside the checked subset is left out ({@link
 *       Departure#PATTERNS_OUTSIDE_THE_SUBSET});
 *   <li>an integer has the signed 64-bit range as bounds ({@link Departure#INTEGERS_64_BIT});
 *   <li>keywords the tree has no place for are left out ({@link Departure#UNMODELED_KEYWORDS}).
 * </ul>
 */
final class OracleSchemas {
  private OracleSchemas() {}

  /** The format the oracle gives dates. */
  static final String DATE_FORMAT = "agentkit-date";

  /** The op's arguments: an object of its operands, closed, as the tool schema declares it. */
  static String arguments(Op op, Set<Departure> applied) {
    applied.add(Departure.ARGUMENTS_CLOSED);
    return object(op.operands(), true, null, applied);
  }

  /** The schema of one node, and of null too when it is nullable. */
  static String render(Schema s, Set<Departure> applied) {
    String node = node(s, applied);
    if (!s.nullable() || s instanceof OpaqueSchema) {
      return node;
    }
    return "{\"anyOf\":[" + node + ",{\"type\":\"null\"}]}";
  }

  private static String node(Schema s, Set<Departure> applied) {
    if (s instanceof StringSchema t) {
      return string(t, applied);
    }
    if (s instanceof DateSchema) {
      applied.add(Departure.DATES_AS_AGENTKIT_READS_THEM);
      return "{\"type\":\"string\",\"format\":\"" + DATE_FORMAT + "\"}";
    }
    if (s instanceof NumberSchema n) {
      return number(n, applied);
    }
    if (s instanceof EnumSchema e) {
      return enumeration(e);
    }
    if (s instanceof ConstSchema c) {
      return "{\"const\":" + c.json() + "}";
    }
    if (s instanceof ArraySchema a) {
      return array(a, applied);
    }
    if (s instanceof ObjectSchema o) {
      return object(o.properties(), o.closed(), o.additional(), applied);
    }
    if (s instanceof UnionSchema u) {
      List<String> alternatives = new ArrayList<>();
      for (Schema a : u.alternatives()) {
        alternatives.add(render(a, applied));
      }
      return "{\"" + (u.oneOf() ? "oneOf" : "anyOf") + "\":" + list(alternatives) + "}";
    }
    if (s.type() == OperandType.BOOLEAN) {
      return "{\"type\":\"boolean\"}";
    }
    return "{}";
  }

  private static String string(StringSchema s, Set<Departure> applied) {
    StringBuilder sb = new StringBuilder("{\"type\":\"string\"");
    if (s.minLength() != null) {
      sb.append(",\"minLength\":").append(s.minLength());
    }
    if (s.maxLength() != null) {
      sb.append(",\"maxLength\":").append(s.maxLength());
    }
    if (!s.format().isEmpty()) {
      applied.add(Departure.FORMATS_UNCHECKED);
    }
    if (!s.pattern().isEmpty()) {
      if (Patterns.compile(s.pattern()).isPresent()) {
        sb.append(",\"pattern\":");
        JsonText.string(sb, s.pattern());
      } else {
        applied.add(Departure.PATTERNS_OUTSIDE_THE_SUBSET);
      }
    }
    return sb.append('}').toString();
  }

  private static String number(NumberSchema n, Set<Departure> applied) {
    StringBuilder sb =
        new StringBuilder("{\"type\":\"" + (n.integer() ? "integer" : "number") + "\"");
    bound(sb, n.minimum(), "minimum", "exclusiveMinimum");
    bound(sb, n.maximum(), "maximum", "exclusiveMaximum");
    if (n.multipleOf() != null) {
      sb.append(",\"multipleOf\":").append(n.multipleOf());
    }
    sb.append('}');
    if (!n.integer()) {
      return sb.toString();
    }
    applied.add(Departure.INTEGERS_64_BIT);
    return "{\"allOf\":[" + sb + "," + LONG_RANGE + "]}";
  }

  private static final String LONG_RANGE =
      "{\"minimum\":" + Long.MIN_VALUE + ",\"maximum\":" + Long.MAX_VALUE + "}";

  private static void bound(StringBuilder sb, Bound b, String inclusive, String exclusive) {
    if (b != null) {
      sb.append(",\"")
          .append(b.exclusive() ? exclusive : inclusive)
          .append("\":")
          .append(b.value());
    }
  }

  private static String enumeration(EnumSchema e) {
    List<String> values = new ArrayList<>();
    for (String v : e.values()) {
      if (e.valueType() == OperandType.STRING) {
        StringBuilder sb = new StringBuilder();
        JsonText.string(sb, v);
        values.add(sb.toString());
      } else {
        values.add(v);
      }
    }
    return "{\"enum\":" + list(values) + "}";
  }

  private static String array(ArraySchema a, Set<Departure> applied) {
    StringBuilder sb = new StringBuilder("{\"type\":\"array\",\"items\":");
    sb.append(render(a.items(), applied));
    if (a.minItems() != null) {
      sb.append(",\"minItems\":").append(a.minItems());
    }
    if (a.maxItems() != null) {
      sb.append(",\"maxItems\":").append(a.maxItems());
    }
    if (a.uniqueItems()) {
      sb.append(",\"uniqueItems\":true");
    }
    return sb.append('}').toString();
  }

  private static String object(
      List<Operand> properties, boolean closed, Schema additional, Set<Departure> applied) {
    StringBuilder sb = new StringBuilder("{\"type\":\"object\",\"properties\":{");
    List<String> required = new ArrayList<>();
    for (int i = 0; i < properties.size(); i++) {
      Operand p = properties.get(i);
      if (i > 0) {
        sb.append(',');
      }
      JsonText.string(sb, p.name());
      sb.append(':').append(render(p.schema(), applied));
      if (p.required()) {
        StringBuilder name = new StringBuilder();
        JsonText.string(name, p.name());
        required.add(name.toString());
      }
    }
    sb.append("},\"required\":").append(list(required));
    if (closed) {
      sb.append(",\"additionalProperties\":false");
    } else if (additional != null) {
      sb.append(",\"additionalProperties\":").append(render(additional, applied));
    }
    return sb.append('}').toString();
  }

  private static String list(List<String> items) {
    return "[" + String.join(",", items) + "]";
  }

  /** Keywords whose value is JSON data, not a schema. */
  private static final Set<String> VERBATIM = Set.of("enum", "const", "default", "examples");

  /** Keywords the tree has no place for; the oracle is given the schema without them. */
  static final Set<String> UNMODELED =
      Set.of(
          "minProperties",
          "maxProperties",
          "propertyNames",
          "dependentRequired",
          "dependentSchemas",
          "patternProperties",
          "not",
          "if",
          "then",
          "else",
          "contains",
          "minContains",
          "maxContains",
          "prefixItems",
          "unevaluatedItems",
          "unevaluatedProperties");

  /**
   * A third party's schema of an op's arguments, as its document writes it, with the departures
   * said: the arguments closed, dates in {@link #DATE_FORMAT}, other formats, patterns outside the
   * subset and unmodeled keywords left out, integers given the 64-bit range.
   */
  static String original(Map<String, Object> schema, boolean openApi30, Set<Departure> applied) {
    Map<String, Object> top = rewrite(schema, openApi30, applied);
    top.put("additionalProperties", false);
    applied.add(Departure.ARGUMENTS_CLOSED);
    return JsonTree.compact(top);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> rewrite(
      Map<String, Object> s, boolean openApi30, Set<Departure> applied) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : s.entrySet()) {
      String key = e.getKey();
      Object v = e.getValue();
      if (VERBATIM.contains(key)) {
        out.put(key, v);
      } else if (UNMODELED.contains(key)) {
        applied.add(Departure.UNMODELED_KEYWORDS);
      } else if (key.equals("properties")) {
        Map<String, Object> properties = new LinkedHashMap<>();
        ((Map<String, Object>) v)
            .forEach(
                (name, p) ->
                    properties.put(name, rewrite((Map<String, Object>) p, openApi30, applied)));
        out.put(key, properties);
      } else if (key.equals("format")) {
        format(out, (String) v, applied);
      } else if (key.equals("pattern") && Patterns.compile((String) v).isEmpty()) {
        applied.add(Departure.PATTERNS_OUTSIDE_THE_SUBSET);
      } else {
        out.put(key, nested(v, openApi30, applied));
      }
    }
    if (out.get("required") instanceof List<?> required && out.get("properties") != null) {
      List<Object> declared = new ArrayList<>();
      for (Object name : required) {
        if (((Map<?, ?>) out.get("properties")).containsKey(name)) {
          declared.add(name);
        } else {
          applied.add(Departure.REQUIRED_UNDECLARED);
        }
      }
      out.put("required", declared);
    }
    if (openApi30 && Boolean.TRUE.equals(out.get("nullable")) && !out.containsKey("type")) {
      // OpenAPI 3.0.3 lets nullable act only beside a type; GitHub means null all the same.
      applied.add(Departure.NULLABLE_WITHOUT_TYPE);
      out.remove("nullable");
      Map<String, Object> orNull = new LinkedHashMap<>();
      orNull.put("anyOf", List.of(out, Map.of("enum", java.util.Collections.singletonList(null))));
      return orNull;
    }
    if ("integer".equals(out.get("type"))) {
      applied.add(Departure.INTEGERS_64_BIT);
      out.putIfAbsent("minimum", new BigDecimal(Long.MIN_VALUE));
      out.putIfAbsent("maximum", new BigDecimal(Long.MAX_VALUE));
      if (openApi30) {
        // OpenAPI 3.0's dialect is draft 4's, where 3.0 is not an integer; agentkit's is 2020-12's.
        applied.add(Departure.WHOLE_NUMBERS_ARE_INTEGERS);
        out.put("type", "number");
        out.put("multipleOf", BigDecimal.ONE);
      }
    }
    return out;
  }

  private static void format(Map<String, Object> out, String format, Set<Departure> applied) {
    if (format.equals("date") || format.equals("date-time")) {
      applied.add(Departure.DATES_AS_AGENTKIT_READS_THEM);
      out.put("format", DATE_FORMAT);
    } else {
      applied.add(Departure.FORMATS_UNCHECKED);
    }
  }

  @SuppressWarnings("unchecked")
  private static Object nested(Object v, boolean openApi30, Set<Departure> applied) {
    if (v instanceof Map<?, ?> m) {
      return rewrite((Map<String, Object>) m, openApi30, applied);
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      for (Object x : l) {
        out.add(nested(x, openApi30, applied));
      }
      return out;
    }
    return v;
  }
}
