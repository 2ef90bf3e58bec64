package dev.agentkit;

import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.testing.BaseDir;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tool schemas of software nobody here wrote, committed as test resources under {@code
 * src/test/resources/schemas} with their source named in each file: the MCP reference servers'
 * {@code inputSchema}s and request bodies of GitHub's and Figma's REST APIs. Each is read into ops
 * whose operands are schema trees, by a small mapping written for these documents (the sources' own
 * mappers are tested elsewhere): types and type arrays, {@code nullable}, formats ({@code date} and
 * {@code date-time} as dates), lengths, patterns, bounds, {@code enum}, {@code const}, {@code
 * oneOf}, {@code anyOf}, items, properties, {@code required} and {@code additionalProperties}.
 */
public final class ThirdPartySchemas {
  private ThirdPartySchemas() {}

  /** The ops of a committed file, by opcode, in the file's order. */
  public static Map<String, Op> ops(String file) {
    Map<String, Object> doc = read(file);
    Map<String, Op> out = new LinkedHashMap<>();
    boolean mcp = doc.containsKey("tools");
    for (Object entry : list(doc.get(mcp ? "tools" : "operations"))) {
      Map<String, Object> e = map(entry);
      String opcode = (String) e.get(mcp ? "name" : "operationId");
      Map<String, Object> schema = map(e.get(mcp ? "inputSchema" : "schema"));
      out.put(opcode, op(opcode, schema));
    }
    return out;
  }

  /** The committed files. */
  public static final List<String> FILES =
      List.of(
          "mcp-server-memory.json",
          "mcp-server-filesystem.json",
          "mcp-server-everything.json",
          "github-request-bodies.json",
          "figma-request-bodies.json");

  /** Every op of every committed file. */
  public static List<Op> all() {
    List<Op> out = new ArrayList<>();
    for (String f : FILES) {
      out.addAll(ops(f).values());
    }
    return out;
  }

  /** The JSON Schema of each op's arguments in a committed file, as written there, by opcode. */
  public static Map<String, Map<String, Object>> originals(String file) {
    Map<String, Object> doc = read(file);
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    boolean mcp = doc.containsKey("tools");
    for (Object entry : list(doc.get(mcp ? "tools" : "operations"))) {
      Map<String, Object> e = map(entry);
      out.put(
          (String) e.get(mcp ? "name" : "operationId"), map(e.get(mcp ? "inputSchema" : "schema")));
    }
    return out;
  }

  /** An op whose operands are the properties of an object schema. */
  public static Op op(String opcode, Map<String, Object> schema) {
    return Op.builder(opcode)
        .description("The " + opcode + " tool.")
        .tier(Tier.REVERSIBLE)
        .operands(((ObjectSchema) tree(schema)).properties())
        .build();
  }

  /** The tree of a JSON Schema, read from the maps {@link JsonTree} reads. */
  public static Schema tree(Map<String, Object> s) {
    Facets facets = facets(s);
    if (s.containsKey("const")) {
      return new ConstSchema(facets, JsonTree.compact(s.get("const")));
    }
    if (s.containsKey("enum")) {
      return enumeration(s, facets);
    }
    for (String union : List.of("oneOf", "anyOf")) {
      if (s.containsKey(union)) {
        List<Schema> alternatives = new ArrayList<>();
        boolean nullable = facets.nullable();
        for (Object a : list(s.get(union))) {
          // {"type": "null"} as an alternative: the union is nullable.
          if ("null".equals(map(a).get("type"))) {
            nullable = true;
          } else {
            alternatives.add(tree(map(a)));
          }
        }
        return new UnionSchema(
            new Facets(facets.description(), facets.defaultJson(), nullable),
            union.equals("oneOf"),
            alternatives);
      }
    }
    String type = type(s);
    return switch (type) {
      case "string" -> string(s, facets);
      case "number", "integer" -> number(s, facets, type.equals("integer"));
      case "boolean" -> new BooleanSchema(facets);
      case "array" -> array(s, facets);
      case "object" -> object(s, facets);
      default -> new OpaqueSchema(facets, "");
    };
  }

  private static Facets facets(Map<String, Object> s) {
    boolean nullable =
        Boolean.TRUE.equals(s.get("nullable"))
            || s.get("type") instanceof List<?> types && types.contains("null")
            || s.get("enum") instanceof List<?> values && values.contains(null);
    String dflt = s.containsKey("default") ? JsonTree.compact(s.get("default")) : "";
    return new Facets((String) s.get("description"), dflt, nullable);
  }

  /** The type named, the first but null of a type array, or "object" for bare properties. */
  private static String type(Map<String, Object> s) {
    Object t = s.get("type");
    if (t instanceof List<?> types) {
      for (Object x : types) {
        if (!"null".equals(x)) {
          return (String) x;
        }
      }
    }
    if (t instanceof String name) {
      return name;
    }
    return s.containsKey("properties") ? "object" : "";
  }

  private static Schema enumeration(Map<String, Object> s, Facets facets) {
    List<String> values = new ArrayList<>();
    OperandType valueType = OperandType.STRING;
    for (Object v : list(s.get("enum"))) {
      if (v == null) {
        continue;
      }
      values.add(v instanceof String text ? text : JsonTree.compact(v));
      if (v instanceof Boolean) {
        valueType = OperandType.BOOLEAN;
      } else if (v instanceof BigDecimal n) {
        valueType = n.stripTrailingZeros().scale() <= 0 ? OperandType.INTEGER : OperandType.NUMBER;
      }
    }
    return new EnumSchema(facets, values, valueType);
  }

  private static Schema string(Map<String, Object> s, Facets facets) {
    String format = (String) s.getOrDefault("format", "");
    if (format.equals("date") || format.equals("date-time")) {
      return new DateSchema(facets, format);
    }
    return new StringSchema(
        facets,
        format,
        integer(s.get("minLength")),
        integer(s.get("maxLength")),
        (String) s.get("pattern"));
  }

  private static Schema number(Map<String, Object> s, Facets facets, boolean integer) {
    return new NumberSchema(
        facets,
        integer,
        bound(s, "minimum", "exclusiveMinimum"),
        bound(s, "maximum", "exclusiveMaximum"),
        (BigDecimal) s.get("multipleOf"));
  }

  /** A bound as 2020-12 writes it (a number) or as OpenAPI 3.0 does (a flag beside it). */
  private static Bound bound(Map<String, Object> s, String inclusive, String exclusive) {
    Object flag = s.get(exclusive);
    if (flag instanceof BigDecimal n) {
      return new Bound(n, true);
    }
    Object value = s.get(inclusive);
    return value == null ? null : new Bound((BigDecimal) value, Boolean.TRUE.equals(flag));
  }

  private static Schema array(Map<String, Object> s, Facets facets) {
    Schema items = s.containsKey("items") ? tree(map(s.get("items"))) : new OpaqueSchema(null, "");
    return new ArraySchema(
        facets,
        items,
        integer(s.get("minItems")),
        integer(s.get("maxItems")),
        Boolean.TRUE.equals(s.get("uniqueItems")));
  }

  private static Schema object(Map<String, Object> s, Facets facets) {
    List<Object> required = s.containsKey("required") ? list(s.get("required")) : List.of();
    List<Operand> properties = new ArrayList<>();
    Map<String, Object> declared =
        s.containsKey("properties") ? map(s.get("properties")) : Map.of();
    for (Map.Entry<String, Object> p : declared.entrySet()) {
      properties.add(
          new Operand(p.getKey(), "", required.contains(p.getKey()), tree(map(p.getValue()))));
    }
    Object more = s.get("additionalProperties");
    boolean closed = Boolean.FALSE.equals(more);
    Schema additional = more instanceof Map<?, ?> ? tree(map(more)) : null;
    return new ObjectSchema(facets, properties, closed, additional);
  }

  private static Integer integer(Object n) {
    return n == null ? null : ((BigDecimal) n).intValueExact();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  private static List<Object> list(Object o) {
    return (List<Object>) o;
  }

  private static Map<String, Object> read(String file) {
    try {
      String text = Files.readString(BaseDir.resolve("src", "test", "resources", "schemas", file));
      return map(JsonTree.parse(text));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (JsonTree.Malformed e) {
      throw new IllegalStateException(file + ": " + e.getMessage(), e);
    }
  }
}
