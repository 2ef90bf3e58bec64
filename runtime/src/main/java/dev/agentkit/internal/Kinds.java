package dev.agentkit.internal;

import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.internal.json.JsonTree;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/** Which JSON values a schema's kind takes, before its facets are looked at. */
final class Kinds {
  private Kinds() {}

  /**
   * Whether the value is of the JSON type a string, date, number, boolean, array or object schema
   * takes; an integer takes whole numbers only ({@code 3.0} is one, as JSON Schema says).
   */
  static boolean fits(Object v, Schema s) {
    if (s instanceof StringSchema || s instanceof DateSchema) {
      return v instanceof String;
    }
    if (s instanceof NumberSchema n) {
      return v instanceof BigDecimal d && (!n.integer() || Decimals.isWhole(d));
    }
    if (s instanceof BooleanSchema) {
      return v instanceof Boolean;
    }
    if (s instanceof ArraySchema) {
      return v instanceof List<?>;
    }
    return s instanceof ObjectSchema && v instanceof Map<?, ?>;
  }

  /**
   * Whether the value is of the JSON type the schema is about at all (a number for an integer
   * schema, whole or not): the alternative of a union whose failure is worth telling.
   */
  static boolean sameKind(Object v, Schema s) {
    if (s instanceof UnionSchema u) {
      for (Schema a : u.alternatives()) {
        if (sameKind(v, a)) {
          return true;
        }
      }
      return false;
    }
    if (s instanceof ConstSchema c) {
      return kind(v) == kind(parsed(c));
    }
    if (s instanceof EnumSchema e) {
      return kind(v) == e.valueType() || kind(v) == OperandType.NUMBER && isNumeric(e);
    }
    if (s instanceof NumberSchema) {
      return v instanceof BigDecimal;
    }
    return s instanceof OpaqueSchema || fits(v, s);
  }

  private static boolean isNumeric(EnumSchema e) {
    return e.valueType() == OperandType.NUMBER || e.valueType() == OperandType.INTEGER;
  }

  /** The JSON type of a value, as an operand type; null for null. */
  private static OperandType kind(Object v) {
    if (v instanceof String) {
      return OperandType.STRING;
    }
    if (v instanceof BigDecimal) {
      return OperandType.NUMBER;
    }
    if (v instanceof Boolean) {
      return OperandType.BOOLEAN;
    }
    if (v instanceof List<?>) {
      return OperandType.ARRAY;
    }
    return v instanceof Map<?, ?> ? OperandType.OBJECT : null;
  }

  /** Whether the value is one of the enum's, compared as its value type says. */
  static boolean inEnum(Object v, EnumSchema e) {
    switch (e.valueType()) {
      case NUMBER, INTEGER:
        if (v instanceof BigDecimal n) {
          for (String value : e.values()) {
            if (Values.isNumber(value) && n.compareTo(new BigDecimal(value)) == 0) {
              return true;
            }
          }
        }
        return false;
      case BOOLEAN:
        return v instanceof Boolean b && e.values().contains(b.toString());
      default:
        return v instanceof String s && e.values().contains(s);
    }
  }

  /** Whether the value equals the constant, as JSON. */
  static boolean isConst(Object v, ConstSchema c) {
    Object value = parsed(c);
    return value != UNREADABLE && JsonValues.same(v, value);
  }

  private static final Object UNREADABLE = new Object();

  private static Object parsed(ConstSchema c) {
    try {
      return JsonTree.parse(c.json());
    } catch (JsonTree.Malformed e) {
      // The snapshot reader and the sources write only JSON here; a constant that is not JSON
      // equals no value.
      return UNREADABLE;
    }
  }
}
