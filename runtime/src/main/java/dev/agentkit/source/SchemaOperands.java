package dev.agentkit.source;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps a JSON Schema (an MCP tool's input schema, an OpenAPI parameter or request body) to
 * operands, one rule table for every source that reads one. The schema is a neutral tree: maps with
 * string keys (in declared order, such as a {@code LinkedHashMap}), lists, strings, numbers,
 * booleans and nulls, as any JSON reader produces.
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><th>schema</th><th>operand</th></tr>
 *   <tr><td>object {@code properties}</td><td>one operand each, in declared order</td></tr>
 *   <tr><td>{@code required}</td><td>required</td></tr>
 *   <tr><td>{@code string}, {@code number}, {@code integer}, {@code boolean}</td>
 *       <td>the type {@link #SCALAR_TYPES} gives</td></tr>
 *   <tr><td>{@code enum}</td><td>enum, the values as strings</td></tr>
 *   <tr><td>{@code format: date} / {@code date-time}</td><td>date</td></tr>
 *   <tr><td>{@code array} of one of the above</td><td>a list of it</td></tr>
 *   <tr><td>object, or array of objects or arrays</td>
 *       <td>structured: a string holding JSON ({@link JsonKind#STRUCTURED})</td></tr>
 *   <tr><td>{@code $ref} within the document</td><td>resolved (a single {@code allOf} too)</td></tr>
 *   <tr><td>{@code oneOf}, {@code anyOf}, a {@code $ref} cycle or dangling {@code $ref}, no or
 *       unknown type</td><td>opaque ({@link JsonKind#OPAQUE}) and a warning</td></tr>
 * </table>
 *
 * <p>Descriptions come from {@code description}, else {@code title}. No input makes it throw, and
 * every property gives an operand. Stateless and thread-safe.
 */
public final class SchemaOperands {
  /**
   * The operand type of each JSON scalar type. {@code integer} and {@code boolean} wait for operand
   * types of their own: until then an integer is a number and a boolean a string (the wire value
   * {@code true} or {@code false}); {@link JsonKind} keeps the JSON type for sending.
   */
  static final Map<String, OperandType> SCALAR_TYPES =
      Map.of(
          "string", OperandType.STRING,
          "number", OperandType.NUMBER,
          "integer", OperandType.INTEGER,
          "boolean", OperandType.BOOLEAN);

  /** The operand type of a structured or opaque value: a string holding JSON. */
  static final OperandType JSON_TEXT = OperandType.STRING;

  private static final Set<String> DATE_FORMATS = Set.of("date", "date-time");

  /** How an operand's value is written in a JSON request: the schema's JSON type. */
  public enum JsonKind {
    /** A JSON string. */
    STRING,
    /** A JSON number. */
    NUMBER,
    /** A JSON number without a fraction. */
    INTEGER,
    /** {@code true} or {@code false}. */
    BOOLEAN,
    /** An object or array the argument holds as JSON text. */
    STRUCTURED,
    /** Anything: the argument's JSON if it parses as JSON, else the argument as a string. */
    OPAQUE
  }

  /**
   * One mapped property.
   *
   * @param operand the operand
   * @param kind the JSON type of its value (of each element, for a list)
   */
  public record Field(Operand operand, JsonKind kind) {}

  /**
   * What a schema maps to.
   *
   * @param fields one per property, in declared order
   * @param warnings one sentence per property that could not be mapped faithfully, each starting
   *     with its tag
   */
  public record Mapping(List<Field> fields, List<String> warnings) {
    /** Copies both lists. */
    public Mapping {
      fields = List.copyOf(fields);
      warnings = List.copyOf(warnings);
    }

    /** The operands, in declared order. */
    public List<Operand> operands() {
      List<Operand> out = new ArrayList<>(fields.size());
      for (Field f : fields) {
        out.add(f.operand());
      }
      return out;
    }
  }

  private final String owner;
  private final Map<String, ?> document;
  private final List<String> warnings = new ArrayList<>();

  private SchemaOperands(String owner, Map<String, ?> document) {
    this.owner = owner;
    this.document = document == null ? Map.of() : document;
  }

  /**
   * Maps an object schema's properties to operands.
   *
   * @param owner what the schema belongs to, as warnings name it: {@code tool "search"}
   * @param schema the object schema; a {@code $ref} is resolved first
   * @param document the document {@code $ref}s point into ({@code #/components/schemas/Task}), or
   *     null when there is none
   */
  public static Mapping object(String owner, Object schema, Map<String, ?> document) {
    SchemaOperands m = new SchemaOperands(owner, document);
    List<Field> fields = new ArrayList<>();
    Resolved root = m.resolve(schema);
    if (root.schema != null && root.schema.get("properties") instanceof Map<?, ?> properties) {
      Set<String> required = requiredOf(root.schema);
      for (Map.Entry<?, ?> e : properties.entrySet()) {
        String name = String.valueOf(e.getKey());
        fields.add(m.field(name, e.getValue(), required.contains(name)));
      }
    } else if (root.schema == null || !isEmptyObject(root.schema)) {
      m.warnings.add(
          "[SchemaNotObject] "
              + owner
              + ": the input schema is not an object with properties ("
              + (root.problem != null ? root.problem : rootShape(root.schema))
              + "), so it gives no operands; declare {\"type\": \"object\", \"properties\": {…}}");
    }
    return new Mapping(fields, m.warnings);
  }

  /**
   * Maps one named value's schema (an OpenAPI parameter) to an operand.
   *
   * @param owner what the schema belongs to, as warnings name it
   * @param name the operand's name
   * @param schema its schema
   * @param required whether it is required
   * @param document the document {@code $ref}s point into, or null
   */
  public static Mapping property(
      String owner, String name, Object schema, boolean required, Map<String, ?> document) {
    SchemaOperands m = new SchemaOperands(owner, document);
    Field f = m.field(name, schema, required);
    return new Mapping(List.of(f), m.warnings);
  }

  private Field field(String name, Object schema, boolean required) {
    Resolved r = resolve(schema);
    String description = descriptionOf(schema);
    if (description.isEmpty() && r.schema != null) {
      description = descriptionOf(r.schema);
    }
    Shape shape = r.problem != null ? Shape.unmapped(r.problem) : shapeOf(r.schema, true);
    if (shape.problem != null) {
      warnings.add(
          "[SchemaUnmapped] "
              + owner
              + ", property \""
              + name
              + "\": "
              + shape.problem
              + ", so it is taken as an opaque value (JSON text the model writes); give it one"
              + " type to type-check it");
    }
    Operand operand =
        new Operand(name, description, shape.type, required, shape.enumValues, shape.list);
    return new Field(operand, shape.kind);
  }

  /** The operand shape of a resolved schema; {@code arrays} allows one level of list. */
  private Shape shapeOf(Map<String, ?> s, boolean arrays) {
    for (String alternative : List.of("oneOf", "anyOf")) {
      if (s.containsKey(alternative)) {
        return Shape.unmapped(alternative + " offers alternatives, which one operand cannot carry");
      }
    }
    if (s.containsKey("allOf")) {
      return Shape.unmapped("allOf combines several schemas, which one operand cannot carry");
    }
    TypeName t = typeOf(s);
    if (t.problem != null) {
      return Shape.unmapped(t.problem);
    }
    if (s.containsKey("enum")) {
      return enumShape(s.get("enum"), t.name);
    }
    if ("array".equals(t.name)) {
      return arrays ? arrayShape(s) : Shape.structured();
    }
    if ("object".equals(t.name)) {
      return Shape.structured();
    }
    if ("string".equals(t.name) && DATE_FORMATS.contains(String.valueOf(s.get("format")))) {
      return new Shape(OperandType.DATE, JsonKind.STRING, false, List.of(), null);
    }
    OperandType type = SCALAR_TYPES.get(t.name);
    if (type == null) {
      return Shape.unmapped("its type \"" + t.name + "\" is not a JSON Schema type");
    }
    return new Shape(type, kindOf(t.name), false, List.of(), null);
  }

  private Shape arrayShape(Map<String, ?> s) {
    if (!s.containsKey("items")) {
      return Shape.structured();
    }
    Resolved items = resolve(s.get("items"));
    if (items.problem != null) {
      return Shape.unmapped("its items: " + items.problem);
    }
    Shape element = shapeOf(items.schema, false);
    if (element.problem != null) {
      return Shape.unmapped("its items: " + element.problem);
    }
    if (element.kind == JsonKind.STRUCTURED) {
      return element;
    }
    return new Shape(element.type, element.kind, true, element.enumValues, null);
  }

  private static Shape enumShape(Object values, String typeName) {
    if (!(values instanceof List<?> list)) {
      return Shape.unmapped("its enum is not a list of values");
    }
    Set<String> out = new LinkedHashSet<>();
    for (Object v : list) {
      if (v instanceof Map<?, ?> || v instanceof List<?>) {
        return Shape.unmapped("its enum lists an object or array, which is no single value");
      }
      if (v != null) {
        out.add(v instanceof Number n ? plain(n) : String.valueOf(v));
      }
    }
    if (out.isEmpty()) {
      return Shape.unmapped("its enum lists no values");
    }
    JsonKind kind = typeName == null ? JsonKind.OPAQUE : kindOf(typeName);
    return new Shape(OperandType.ENUM, kind, false, List.copyOf(out), null);
  }

  private static JsonKind kindOf(String typeName) {
    return switch (typeName) {
      case "number" -> JsonKind.NUMBER;
      case "integer" -> JsonKind.INTEGER;
      case "boolean" -> JsonKind.BOOLEAN;
      case "string" -> JsonKind.STRING;
      default -> JsonKind.OPAQUE;
    };
  }

  /** The schema's one type, {@code "null"} left out; inferred from its keywords when absent. */
  private static TypeName typeOf(Map<String, ?> s) {
    Object type = s.get("type");
    if (type instanceof String name) {
      return "null".equals(name)
          ? new TypeName(null, "its type is null, which holds no value")
          : new TypeName(name, null);
    }
    if (type instanceof List<?> names) {
      List<String> kept = new ArrayList<>();
      for (Object n : names) {
        if (!"null".equals(n)) {
          kept.add(String.valueOf(n));
        }
      }
      return kept.size() == 1
          ? new TypeName(kept.get(0), null)
          : new TypeName(null, "it has " + kept.size() + " types " + kept + ", not one");
    }
    if (type != null) {
      return new TypeName(null, "its type is " + describe(type) + ", not a type name");
    }
    if (s.containsKey("properties")) {
      return new TypeName("object", null);
    }
    if (s.containsKey("items")) {
      return new TypeName("array", null);
    }
    if (s.containsKey("enum")) {
      return new TypeName(null, null);
    }
    return new TypeName(null, "it declares no type");
  }

  /** Follows {@code $ref}s and single-schema {@code allOf}s to the schema they name. */
  private Resolved resolve(Object schema) {
    Set<String> seen = new HashSet<>();
    Object s = schema;
    while (true) {
      if (!(s instanceof Map<?, ?> map)) {
        return Resolved.problem("its schema is " + describe(s) + ", not an object");
      }
      if (map.get("allOf") instanceof List<?> all && all.size() == 1 && map.size() <= 3) {
        s = all.get(0);
        continue;
      }
      Object ref = map.get("$ref");
      if (ref == null) {
        return new Resolved(cast(map), null);
      }
      String pointer = String.valueOf(ref);
      if (!seen.add(pointer)) {
        return Resolved.problem("its $ref \"" + pointer + "\" leads back to itself (a cycle)");
      }
      s = lookUp(pointer);
      if (s == null) {
        return Resolved.problem(
            "its $ref \"" + pointer + "\" names nothing in the document (only #/… refs are read)");
      }
    }
  }

  /** The value at a JSON Pointer fragment ({@code #/components/schemas/Task}), or null. */
  private Object lookUp(String pointer) {
    if (!pointer.startsWith("#")) {
      return null;
    }
    Object at = document;
    String path = pointer.substring(1);
    if (path.isEmpty()) {
      return at;
    }
    if (!path.startsWith("/")) {
      return null;
    }
    for (String token : path.substring(1).split("/", -1)) {
      String key = token.replace("~1", "/").replace("~0", "~");
      if (at instanceof Map<?, ?> m) {
        at = m.get(key);
      } else if (at instanceof List<?> l && key.matches("\\d{1,9}")) {
        int i = Integer.parseInt(key);
        at = i < l.size() ? l.get(i) : null;
      } else {
        return null;
      }
    }
    return at;
  }

  private static Set<String> requiredOf(Map<String, ?> s) {
    Set<String> out = new HashSet<>();
    if (s.get("required") instanceof List<?> names) {
      for (Object n : names) {
        out.add(String.valueOf(n));
      }
    }
    return out;
  }

  private static String descriptionOf(Object schema) {
    if (schema instanceof Map<?, ?> m) {
      for (String key : List.of("description", "title")) {
        if (m.get(key) instanceof String text && !text.isBlank()) {
          return text.strip();
        }
      }
    }
    return "";
  }

  private static String rootShape(Map<String, ?> s) {
    Object type = s.get("type");
    return type == null ? "it has no properties" : "its type is " + type;
  }

  private static boolean isEmptyObject(Map<String, ?> s) {
    return "object".equals(s.get("type")) && !s.containsKey("properties");
  }

  private static String describe(Object v) {
    if (v == null) {
      return "missing";
    }
    if (v instanceof Map<?, ?>) {
      return "an object without properties";
    }
    return v instanceof List<?> ? "a list" : "the value " + v;
  }

  private static String plain(Number n) {
    if (n instanceof Double || n instanceof Float) {
      double d = n.doubleValue();
      if (d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e15) {
        return Long.toString((long) d);
      }
    }
    return n instanceof java.math.BigDecimal b ? b.toPlainString() : n.toString();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, ?> cast(Map<?, ?> m) {
    return (Map<String, ?>) m;
  }

  private record Resolved(Map<String, ?> schema, String problem) {
    static Resolved problem(String problem) {
      return new Resolved(null, problem);
    }
  }

  private record TypeName(String name, String problem) {}

  private record Shape(
      OperandType type, JsonKind kind, boolean list, List<String> enumValues, String problem) {
    static Shape unmapped(String problem) {
      return new Shape(JSON_TEXT, JsonKind.OPAQUE, false, List.of(), problem);
    }

    static Shape structured() {
      return new Shape(JSON_TEXT, JsonKind.STRUCTURED, false, List.of(), null);
    }
  }
}
