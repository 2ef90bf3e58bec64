package dev.agentkit.internal;

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
import dev.agentkit.internal.json.Patterns;
import dev.agentkit.internal.text.JsonText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Renders an op's arguments as the JSON Schema 2020-12 a real validator checks them against: the
 * oracle of {@link VerifyDifferentialPropertyTest}. The tree says what the contract says; where
 * agentkit documents that it checks otherwise (docs/tools.md, "What verify checks, and its
 * exceptions"), the rendering says so explicitly, each place named by an {@link Exception}:
 *
 * <ul>
 *   <li>a date is checked as agentkit reads dates: the format {@code agentkit-date}, which the
 *       oracle implements with {@code java.time};
 *   <li>other formats ({@code email}, {@code uri}) are not checked: left out;
 *   <li>a pattern outside the checked subset is not checked: left out;
 *   <li>an integer is in the signed 64-bit range, a number finite as a double: the bounds are
 *       added.
 * </ul>
 *
 * The top-level arguments are read as strings first; {@link TopLevelReading} gives the oracle the
 * JSON values that reading makes of them.
 */
final class OracleSchemas {
  private OracleSchemas() {}

  /** A documented exception, where the rendering departs from the contract's schema. */
  enum Exception {
    DATES_AS_AGENTKIT_READS_THEM,
    FORMATS_UNCHECKED,
    PATTERN_UNCHECKED,
    INTEGERS_64_BIT,
    NUMBERS_FINITE_DOUBLES
  }

  /** The smallest magnitude a double reads as infinity: 2^1024 - 2^970, halfway past MAX_VALUE. */
  static final BigDecimal INFINITY =
      new BigDecimal(BigInteger.TWO.pow(1024).subtract(BigInteger.TWO.pow(970)));

  /** The op's arguments: an object of its operands, closed, as the tool schema declares it. */
  static String arguments(Op op, Set<Exception> applied) {
    return object(op.operands(), true, null, applied);
  }

  /** The schema of one node, and of null too when it is nullable. */
  static String render(Schema s, Set<Exception> applied) {
    String node = node(s, applied);
    if (!s.nullable() || s instanceof OpaqueSchema) {
      return node;
    }
    return "{\"anyOf\":[" + node + ",{\"type\":\"null\"}]}";
  }

  private static String node(Schema s, Set<Exception> applied) {
    if (s instanceof StringSchema t) {
      return string(t, applied);
    }
    if (s instanceof DateSchema) {
      applied.add(Exception.DATES_AS_AGENTKIT_READS_THEM);
      return "{\"type\":\"string\",\"format\":\"agentkit-date\"}";
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

  private static String string(StringSchema s, Set<Exception> applied) {
    StringBuilder sb = new StringBuilder("{\"type\":\"string\"");
    if (s.minLength() != null) {
      sb.append(",\"minLength\":").append(s.minLength());
    }
    if (s.maxLength() != null) {
      sb.append(",\"maxLength\":").append(s.maxLength());
    }
    if (!s.format().isEmpty()) {
      applied.add(Exception.FORMATS_UNCHECKED);
    }
    if (!s.pattern().isEmpty()) {
      if (Patterns.compile(s.pattern()).isPresent()) {
        sb.append(",\"pattern\":");
        JsonText.string(sb, s.pattern());
      } else {
        applied.add(Exception.PATTERN_UNCHECKED);
      }
    }
    return sb.append('}').toString();
  }

  private static String number(NumberSchema n, Set<Exception> applied) {
    StringBuilder sb =
        new StringBuilder("{\"type\":\"" + (n.integer() ? "integer" : "number") + "\"");
    bound(sb, n.minimum(), "minimum", "exclusiveMinimum");
    bound(sb, n.maximum(), "maximum", "exclusiveMaximum");
    if (n.multipleOf() != null) {
      sb.append(",\"multipleOf\":").append(n.multipleOf());
    }
    sb.append('}');
    String range;
    if (n.integer()) {
      applied.add(Exception.INTEGERS_64_BIT);
      range = "{\"minimum\":" + Long.MIN_VALUE + ",\"maximum\":" + Long.MAX_VALUE + "}";
    } else {
      applied.add(Exception.NUMBERS_FINITE_DOUBLES);
      range =
          "{\"exclusiveMinimum\":-"
              + INFINITY.toPlainString()
              + ",\"exclusiveMaximum\":"
              + INFINITY.toPlainString()
              + "}";
    }
    return "{\"allOf\":[" + sb + "," + range + "]}";
  }

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

  private static String array(ArraySchema a, Set<Exception> applied) {
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
      List<Operand> properties, boolean closed, Schema additional, Set<Exception> applied) {
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

  /** A fresh set for {@link #arguments}. */
  static Set<Exception> none() {
    return EnumSet.noneOf(Exception.class);
  }
}
