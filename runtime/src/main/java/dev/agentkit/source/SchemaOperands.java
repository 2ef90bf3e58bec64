package dev.agentkit.source;

import dev.agentkit.contract.Operand;
import dev.agentkit.internal.text.RuntimeMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps a JSON Schema (an MCP tool's input schema, an OpenAPI parameter or request body) to operands
 * whose {@link dev.agentkit.contract.Schema} is the whole tree, one rule table for every source
 * that reads one. The schema is a neutral tree: maps with string keys (in declared order, such as a
 * {@code LinkedHashMap}), lists, strings, numbers, booleans and nulls, as any JSON reader produces.
 *
 * <table>
 *   <caption>The rules</caption>
 *   <tr><th>JSON Schema</th><th>schema tree</th></tr>
 *   <tr><td>{@code $ref} within the document</td><td>followed; one back into a schema being
 *       mapped (a cycle) or to nothing is opaque</td></tr>
 *   <tr><td>{@code allOf}</td><td>merged where the merge is plain, else opaque</td></tr>
 *   <tr><td>{@code type: string} ({@code format}, {@code minLength}, {@code maxLength},
 *       {@code pattern})</td><td>string; {@code format: date} or {@code date-time} a date</td></tr>
 *   <tr><td>{@code number}, {@code integer} (bounds, exclusive bounds in the 3.0 and 3.1 forms,
 *       {@code multipleOf})</td><td>number, integer</td></tr>
 *   <tr><td>{@code boolean}</td><td>boolean</td></tr>
 *   <tr><td>{@code enum}</td><td>enum of strings, numbers or booleans; several types a union</td></tr>
 *   <tr><td>{@code const}</td><td>const</td></tr>
 *   <tr><td>{@code array} ({@code items}, {@code minItems}, {@code maxItems},
 *       {@code uniqueItems})</td><td>array</td></tr>
 *   <tr><td>{@code object} ({@code properties} in order, {@code required},
 *       {@code additionalProperties})</td><td>object</td></tr>
 *   <tr><td>{@code oneOf}, {@code anyOf}, a type list</td><td>union; a {@code null} alternative
 *       makes it nullable</td></tr>
 *   <tr><td>{@code nullable: true}, {@code "null"} in a type list</td><td>nullable</td></tr>
 *   <tr><td>{@code description} (else {@code title}), {@code default}</td><td>kept at every
 *       level</td></tr>
 *   <tr><td>no type, {@code {}}, {@code true}</td><td>opaque: any JSON value</td></tr>
 * </table>
 *
 * <p>What cannot be mapped is an opaque node (it accepts any JSON value) and a {@code
 * [SchemaUnmapped]} warning naming its path ({@code entities[].meta}). Every walk is bounded: a
 * tree nests at most 32 levels, and one operand's mapping visits at most 20,000 nodes. No input
 * makes it throw, and every property gives an operand. Stateless and thread-safe.
 */
public final class SchemaOperands {
  private SchemaOperands() {}

  /**
   * What a schema maps to.
   *
   * @param operands one per property, in declared order
   * @param warnings one sentence per node that could not be mapped faithfully, each starting with
   *     its tag
   */
  public record Mapping(List<Operand> operands, List<String> warnings) {
    /** Copies both lists. */
    public Mapping {
      operands = List.copyOf(operands);
      warnings = List.copyOf(warnings);
    }
  }

  /**
   * Maps an object schema's properties to operands.
   *
   * @param owner what the schema belongs to, as warnings name it: {@code tool "search"}
   * @param schema the object schema; a {@code $ref} is followed and an {@code allOf} merged first
   * @param document the document {@code $ref}s point into ({@code #/components/schemas/Task}), or
   *     null when there is none
   */
  public static Mapping object(String owner, Object schema, Map<String, ?> document) {
    List<String> warnings = new ArrayList<>();
    SchemaMapper mapper = new SchemaMapper(owner, document, warnings);
    List<Operand> operands = new ArrayList<>();
    SchemaResolver.Plain root = plainRoot(mapper, schema);
    Map<String, Object> s = root.schema();
    if (s != null && s.get("properties") instanceof Map<?, ?> properties) {
      Set<String> required = requiredOf(s);
      for (Map.Entry<?, ?> e : properties.entrySet()) {
        String name = String.valueOf(e.getKey());
        operands.add(mapper.operand(name, e.getValue(), required.contains(name)));
      }
    } else if (s == null || !isEmptyObject(s)) {
      warnings.add(
          RuntimeMessage.SCHEMA_NOT_OBJECT.format(
              owner, root.problem() != null ? root.problem() : rootShape(s)));
    }
    return new Mapping(operands, warnings);
  }

  /**
   * Maps one named value's schema (an OpenAPI parameter, a body that is no object) to an operand.
   *
   * @param owner what the schema belongs to, as warnings name it
   * @param name the operand's name
   * @param schema its schema
   * @param required whether it is required
   * @param document the document {@code $ref}s point into, or null
   */
  public static Mapping property(
      String owner, String name, Object schema, boolean required, Map<String, ?> document) {
    List<String> warnings = new ArrayList<>();
    Operand o = new SchemaMapper(owner, document, warnings).operand(name, schema, required);
    return new Mapping(List.of(o), warnings);
  }

  /**
   * Whether a schema, its {@code $ref} followed and its {@code allOf} merged, is an object: then
   * its properties are operands ({@link #object}); else it is one value ({@link #property}).
   */
  public static boolean isObject(Object schema, Map<String, ?> document) {
    Map<String, Object> s =
        plainRoot(new SchemaMapper("", document, new ArrayList<>()), schema).schema();
    return s != null
        && !s.containsKey("oneOf")
        && !s.containsKey("anyOf")
        && (s.containsKey("properties") || "object".equals(s.get("type")));
  }

  private static SchemaResolver.Plain plainRoot(SchemaMapper mapper, Object schema) {
    try {
      return mapper.resolver().plain(schema, Set.of());
    } catch (SchemaResolver.TooLarge e) {
      return SchemaResolver.Plain.problem(
          "it expands to more than " + SchemaMapper.MAX_NODES + " nodes ($refs followed)");
    }
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

  private static String rootShape(Map<String, ?> s) {
    Object type = s.get("type");
    return type == null ? "it has no properties" : "its type is " + SchemaValues.shown(type);
  }

  private static boolean isEmptyObject(Map<String, ?> s) {
    return "object".equals(s.get("type")) && !s.containsKey("properties");
  }
}
