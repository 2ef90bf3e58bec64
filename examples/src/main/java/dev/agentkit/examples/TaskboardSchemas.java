package dev.agentkit.examples;

import com.fasterxml.jackson.core.JsonProcessingException;
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
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The backend's operands as JSON Schema (2020-12, which MCP's {@code inputSchema} and OpenAPI 3.1
 * share): what its MCP server lists as each tool's input schema and its OpenAPI document as each
 * operation's request body. A nested operand is written whole ({@code create_task.checklist}: an
 * array of closed objects with their required properties, bounds, descriptions and defaults), in
 * the contract's order.
 *
 * <table>
 *   <caption>Schema nodes to JSON Schema</caption>
 *   <tr><th>node</th><th>JSON Schema</th></tr>
 *   <tr><td>string</td><td>{@code type: string}, {@code format}, {@code minLength}, {@code
 *       maxLength}, {@code pattern}</td></tr>
 *   <tr><td>date</td><td>{@code type: string, format: date}</td></tr>
 *   <tr><td>number, integer</td><td>{@code type}, {@code minimum} / {@code exclusiveMinimum},
 *       {@code maximum} / {@code exclusiveMaximum}, {@code multipleOf}</td></tr>
 *   <tr><td>boolean</td><td>{@code type: boolean}</td></tr>
 *   <tr><td>enum</td><td>{@code type} of its values, {@code enum}</td></tr>
 *   <tr><td>const</td><td>{@code const}</td></tr>
 *   <tr><td>array</td><td>{@code type: array}, {@code items}, {@code minItems}, {@code maxItems},
 *       {@code uniqueItems}</td></tr>
 *   <tr><td>object</td><td>{@code type: object}, {@code properties}, {@code required}, {@code
 *       additionalProperties: false} when closed</td></tr>
 *   <tr><td>union</td><td>{@code oneOf} / {@code anyOf}</td></tr>
 *   <tr><td>opaque</td><td>{@code {}}</td></tr>
 * </table>
 *
 * <p>Every node's own description and default follow its keys.
 */
final class TaskboardSchemas {
  /** Operands that hold a JSON object the backend keeps as text: served as {@code object}. */
  static final Set<String> STRUCTURED = Set.of("publish_goal.target");

  private static final Map<OperandType, String> ENUM_TYPES =
      Map.of(
          OperandType.NUMBER, "number",
          OperandType.INTEGER, "integer",
          OperandType.BOOLEAN, "boolean");

  private TaskboardSchemas() {}

  /** The op's operands as a JSON Schema object, in the contract's order. */
  static Map<String, Object> operands(Op op) {
    Map<String, Object> properties = new LinkedHashMap<>();
    List<String> required = new ArrayList<>();
    for (Operand o : op.operands()) {
      properties.put(o.name(), property(op, o));
      if (o.required()) {
        required.add(o.name());
      }
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", properties);
    schema.put("required", required);
    schema.put("additionalProperties", false);
    return schema;
  }

  private static Map<String, Object> property(Op op, Operand o) {
    Map<String, Object> out =
        STRUCTURED.contains(op.opcode() + "." + o.name())
            ? new LinkedHashMap<>(Map.of("type", "object"))
            : node(o.schema());
    out.put("description", o.description());
    return out;
  }

  /** One node of a schema tree as JSON Schema. */
  static Map<String, Object> node(Schema s) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (s instanceof StringSchema t) {
      out.put("type", "string");
      putIf(out, "format", t.format().isEmpty() ? null : t.format());
      putIf(out, "minLength", t.minLength());
      putIf(out, "maxLength", t.maxLength());
      putIf(out, "pattern", t.pattern().isEmpty() ? null : t.pattern());
    } else if (s instanceof DateSchema d) {
      out.put("type", "string");
      out.put("format", d.format().isEmpty() ? "date" : d.format());
    } else if (s instanceof NumberSchema n) {
      number(out, n);
    } else if (s.type() == OperandType.BOOLEAN) {
      out.put("type", "boolean");
    } else if (s instanceof EnumSchema e) {
      out.put("type", ENUM_TYPES.getOrDefault(e.valueType(), "string"));
      out.put("enum", e.values().stream().map(v -> json(v, e.valueType())).toList());
    } else if (s instanceof ConstSchema c) {
      out.put("const", parse(c.json()));
    } else if (s instanceof ArraySchema a) {
      array(out, a);
    } else if (s instanceof ObjectSchema o) {
      object(out, o);
    } else if (s instanceof UnionSchema u) {
      out.put(u.oneOf() ? "oneOf" : "anyOf", u.alternatives().stream().map(a -> node(a)).toList());
    }
    if (!s.description().isEmpty()) {
      out.put("description", s.description());
    }
    s.defaultJson().ifPresent(d -> out.put("default", parse(d)));
    return out;
  }

  private static void number(Map<String, Object> out, NumberSchema n) {
    out.put("type", n.integer() ? "integer" : "number");
    bound(out, n.minimum(), "minimum", "exclusiveMinimum");
    bound(out, n.maximum(), "maximum", "exclusiveMaximum");
    putIf(out, "multipleOf", n.multipleOf());
  }

  private static void bound(Map<String, Object> out, Bound b, String inclusive, String exclusive) {
    if (b != null) {
      out.put(b.exclusive() ? exclusive : inclusive, b.value());
    }
  }

  private static void array(Map<String, Object> out, ArraySchema a) {
    out.put("type", "array");
    out.put("items", node(a.items()));
    putIf(out, "minItems", a.minItems());
    putIf(out, "maxItems", a.maxItems());
    if (a.uniqueItems()) {
      out.put("uniqueItems", true);
    }
  }

  private static void object(Map<String, Object> out, ObjectSchema o) {
    Map<String, Object> properties = new LinkedHashMap<>();
    List<String> required = new ArrayList<>();
    for (Operand p : o.properties()) {
      Map<String, Object> property = node(p.schema());
      if (!p.description().isEmpty()) {
        property.put("description", p.description());
      }
      properties.put(p.name(), property);
      if (p.required()) {
        required.add(p.name());
      }
    }
    out.put("type", "object");
    out.put("properties", properties);
    if (!required.isEmpty()) {
      out.put("required", required);
    }
    if (o.closed()) {
      out.put("additionalProperties", false);
    } else if (o.additional() != null) {
      out.put("additionalProperties", node(o.additional()));
    }
  }

  private static Object json(String value, OperandType type) {
    return switch (type) {
      case NUMBER, INTEGER -> new BigDecimal(value);
      case BOOLEAN -> Boolean.valueOf(value);
      default -> value;
    };
  }

  private static Object parse(String json) {
    try {
      return TaskboardBackend.JSON.readValue(json, Object.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + json, e);
    }
  }

  private static void putIf(Map<String, Object> out, String key, Object value) {
    if (value != null) {
      out.put(key, value);
    }
  }
}
