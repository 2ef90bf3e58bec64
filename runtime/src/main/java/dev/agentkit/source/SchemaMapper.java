package dev.agentkit.source;

import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.contract.SchemaPaths;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.text.RuntimeMessage;
import dev.agentkit.source.SchemaValues.Unreadable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps one schema node, made plain by {@link SchemaResolver}, to a {@link Schema}, and its children
 * in turn: the walk behind {@link SchemaOperands}. What it cannot map is an {@link OpaqueSchema}
 * and a warning naming its path. Not thread-safe: one per mapping.
 */
final class SchemaMapper {
  /** The deepest a tree may nest, as the contract's checks count it (an operand is level 1). */
  static final int MAX_DEPTH = 32;

  /** The most schema nodes one operand's mapping visits, $refs followed, before it stops. */
  static final int MAX_NODES = 20_000;

  /** Keywords that say what a value means, not which values are valid: never distributed. */
  private static final Set<String> ANNOTATIONS =
      Set.of(
          "description",
          "title",
          "default",
          "nullable",
          "examples",
          "example",
          "deprecated",
          "readOnly",
          "writeOnly",
          "discriminator",
          "xml",
          "externalDocs",
          "$schema",
          "$id",
          "$comment",
          "$anchor",
          "$defs",
          "definitions");

  private static final Set<String> OBJECT_KEYS =
      Set.of("properties", "additionalProperties", "required", "patternProperties");
  private static final Set<String> ARRAY_KEYS =
      Set.of("items", "prefixItems", "minItems", "maxItems", "uniqueItems");
  private static final Set<String> STRING_KEYS = Set.of("minLength", "maxLength", "pattern");
  private static final Set<String> NUMBER_KEYS =
      Set.of("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf");

  private final String owner;
  private final SchemaResolver resolver;
  private final SchemaResolver.Budget budget = new SchemaResolver.Budget(MAX_NODES);
  private final Set<String> active = new HashSet<>();
  private final List<String> warnings;

  SchemaMapper(String owner, Map<String, ?> document, List<String> warnings) {
    this.owner = owner;
    this.resolver = new SchemaResolver(document, budget);
    this.warnings = warnings;
  }

  SchemaResolver resolver() {
    return resolver;
  }

  /** One operand (or top-level property), with its own budget of nodes. */
  Operand operand(String name, Object schema, boolean required) {
    budget.reset();
    active.clear();
    try {
      return new Operand(name, "", required, node(schema, name, 1));
    } catch (SchemaResolver.TooLarge e) {
      active.clear();
      Facets facets = Facets.described(describedAs(schema));
      return new Operand(
          name,
          "",
          required,
          unmapped(
              name,
              "its schema expands to more than " + MAX_NODES + " nodes ($refs followed)",
              facets));
    }
  }

  /** A node at {@code path}, {@code depth} levels down (an operand's schema is level 1). */
  Schema node(Object raw, String path, int depth) {
    SchemaResolver.Plain plain = resolver.plain(raw, active);
    if (plain.problem() != null) {
      return unmapped(path, plain.problem(), Facets.described(describedAs(raw)));
    }
    active.addAll(plain.refs());
    try {
      return typed(plain.schema(), path, depth);
    } finally {
      plain.refs().forEach(active::remove);
    }
  }

  private Schema typed(Map<String, Object> s, String path, int depth) {
    Facets facets;
    try {
      facets = facets(s);
    } catch (Unreadable e) {
      return unmapped(path, e.getMessage(), Facets.described(describedAs(s)));
    }
    try {
      if (depth >= MAX_DEPTH && nests(s)) {
        throw new Unreadable("it nests deeper than " + MAX_DEPTH + " levels");
      }
      if (s.containsKey("const")) {
        return new ConstSchema(
            facets, JsonTree.compact(SchemaValues.json(s.get("const"), "const")));
      }
      if (s.containsKey("enum")) {
        return SchemaScalars.enumeration(s.get("enum"), facets);
      }
      if (s.containsKey("oneOf") || s.containsKey("anyOf")) {
        return union(s, facets, path, depth);
      }
      return byType(s, facets, path, depth);
    } catch (Unreadable e) {
      return unmapped(path, e.getMessage(), facets);
    }
  }

  private Schema byType(Map<String, Object> s, Facets facets, String path, int depth)
      throws Unreadable {
    List<String> types = typesOf(s);
    boolean nullable = types.remove("null");
    Facets f = nullable ? new Facets(facets.description(), facets.defaultJson(), true) : facets;
    if (types.isEmpty()) {
      return nullable ? new ConstSchema(f, "null") : new OpaqueSchema(f, "");
    }
    if (types.size() == 1) {
      return ofType(types.get(0), s, f, path, depth);
    }
    List<Schema> alternatives = new ArrayList<>();
    for (int i = 0; i < types.size(); i++) {
      String at = SchemaPaths.alternative(path, i);
      alternatives.add(ofType(types.get(i), s, Facets.NONE, at, depth + 1));
    }
    return new UnionSchema(f, false, alternatives);
  }

  private Schema ofType(String type, Map<String, Object> s, Facets f, String path, int depth)
      throws Unreadable {
    switch (type) {
      case "string":
        return SchemaScalars.string(s, f);
      case "number":
      case "integer":
        return SchemaScalars.number(s, f, type.equals("integer"));
      case "boolean":
        return new BooleanSchema(f);
      case "array":
        return array(s, f, path, depth);
      case "object":
        return object(s, f, path, depth);
      default:
        throw new Unreadable("its type " + SchemaValues.shown(type) + " is not a JSON Schema type");
    }
  }

  /** The types a node allows: its {@code type}, else the one its keywords imply, else none. */
  private static List<String> typesOf(Map<String, Object> s) throws Unreadable {
    Object type = s.get("type");
    List<String> out = new ArrayList<>();
    if (type == null) {
      for (Map.Entry<String, Set<String>> e :
          List.of(
              Map.entry("object", OBJECT_KEYS),
              Map.entry("array", ARRAY_KEYS),
              Map.entry("string", STRING_KEYS),
              Map.entry("number", NUMBER_KEYS))) {
        if (e.getValue().stream().anyMatch(s::containsKey)) {
          out.add(e.getKey());
          break;
        }
      }
      return out;
    }
    for (Object t : type instanceof List<?> l ? l : List.of(type)) {
      if (!(t instanceof String name)) {
        throw new Unreadable("its type is " + SchemaValues.shown(type) + ", not a type name");
      }
      if (!out.contains(name)) {
        out.add(name);
      }
    }
    if (out.isEmpty()) {
      throw new Unreadable("its type is an empty list, which allows no value");
    }
    return out;
  }

  private Schema array(Map<String, Object> s, Facets f, String path, int depth) throws Unreadable {
    Integer min = SchemaScalars.count(s, "minItems");
    Integer max = SchemaScalars.count(s, "maxItems");
    SchemaScalars.ordered("minItems", min, "maxItems", max);
    Object unique = s.get("uniqueItems");
    Object items = s.get("items");
    Schema element;
    if (items instanceof List<?> || s.containsKey("prefixItems")) {
      element =
          unmapped(
              SchemaPaths.items(path),
              "its items are a schema per position (a tuple), which one item schema cannot carry",
              Facets.NONE);
    } else if (items == null) {
      element = new OpaqueSchema(Facets.NONE, "");
    } else {
      element = node(items, SchemaPaths.items(path), depth + 1);
    }
    return new ArraySchema(f, element, min, max, Boolean.TRUE.equals(unique));
  }

  private Schema object(Map<String, Object> s, Facets f, String path, int depth) throws Unreadable {
    Object props = s.getOrDefault("properties", Map.of());
    if (!(props instanceof Map<?, ?> declared)) {
      throw new Unreadable("its properties is " + SchemaValues.shown(props) + ", not an object");
    }
    Set<String> required = required(s);
    List<Operand> properties = new ArrayList<>();
    for (Map.Entry<?, ?> e : declared.entrySet()) {
      String name = String.valueOf(e.getKey());
      if (name.isBlank()) {
        throw new Unreadable("it declares a property with a blank name");
      }
      Schema schema = node(e.getValue(), SchemaPaths.property(path, name), depth + 1);
      properties.add(new Operand(name, "", required.contains(name), schema));
    }
    for (String name : required) {
      if (!declared.containsKey(name) && !name.isBlank()) {
        // Required but not described: any value, but it must be there.
        properties.add(new Operand(name, "", true, new OpaqueSchema(Facets.NONE, "")));
      }
    }
    return additional(s, f, properties, path, depth);
  }

  private Schema additional(
      Map<String, Object> s, Facets f, List<Operand> properties, String path, int depth) {
    Object extra = s.get("additionalProperties");
    if (s.containsKey("patternProperties") || extra == null || Boolean.TRUE.equals(extra)) {
      // Properties that match a pattern have schemas of their own: the rest cannot be closed.
      return new ObjectSchema(f, properties, false, null);
    }
    if (Boolean.FALSE.equals(extra)) {
      return new ObjectSchema(f, properties, true, null);
    }
    return new ObjectSchema(
        f, properties, false, node(extra, SchemaPaths.additional(path), depth + 1));
  }

  private static Set<String> required(Map<String, Object> s) throws Unreadable {
    Object r = s.get("required");
    Set<String> out = new LinkedHashSet<>();
    if (r == null || r instanceof Boolean) {
      return out; // Draft 3's "required": true on a property says nothing about the object.
    }
    if (!(r instanceof List<?> names)) {
      throw new Unreadable("its required is " + SchemaValues.shown(r) + ", not a list of names");
    }
    for (Object n : names) {
      if (!(n instanceof String name)) {
        throw new Unreadable("its required lists " + SchemaValues.shown(n) + ", not a name");
      }
      out.add(name);
    }
    return out;
  }

  /**
   * A union: each alternative mapped, with the node's other constraints merged into it (they apply
   * to every alternative); a {@code null} alternative makes the union nullable instead.
   */
  private Schema union(Map<String, Object> s, Facets facets, String path, int depth)
      throws Unreadable {
    if (s.containsKey("oneOf") && s.containsKey("anyOf")) {
      throw new Unreadable("it has both oneOf and anyOf, which one union cannot carry");
    }
    boolean oneOf = s.containsKey("oneOf");
    String key = oneOf ? "oneOf" : "anyOf";
    if (!(s.get(key) instanceof List<?> list)) {
      throw new Unreadable(
          "its " + key + " is " + SchemaValues.shown(s.get(key)) + ", not a list of schemas");
    }
    if (list.isEmpty()) {
      throw new Unreadable("its " + key + " lists no alternative, so no value could be valid");
    }
    Map<String, Object> shared = new LinkedHashMap<>(s);
    shared.remove(key);
    ANNOTATIONS.forEach(shared::remove);
    List<Schema> alternatives = new ArrayList<>();
    boolean nullable = facets.nullable();
    boolean opaque = false;
    for (int i = 0; i < list.size(); i++) {
      Object alternative =
          shared.isEmpty() ? list.get(i) : Map.of("allOf", Arrays.asList(shared, list.get(i)));
      Schema a = node(alternative, SchemaPaths.alternative(path, i), depth + 1);
      if (a instanceof ConstSchema c && c.json().equals("null")) {
        nullable = true;
        continue;
      }
      opaque |= a instanceof OpaqueSchema;
      alternatives.add(a);
    }
    Facets f = new Facets(facets.description(), facets.defaultJson(), nullable);
    if (alternatives.isEmpty()) {
      return new ConstSchema(f, "null");
    }
    if (alternatives.size() == 1) {
      return single(alternatives.get(0), f);
    }
    // An opaque alternative matches every value: "exactly one" would then refuse the values the
    // others take, so such a union is read as "at least one".
    return new UnionSchema(f, oneOf && !opaque, alternatives);
  }

  /** The one alternative left, with the union's facets (its own description if it has one). */
  private static Schema single(Schema a, Facets f) {
    String description = f.description().isEmpty() ? a.description() : f.description();
    String defaultJson = f.defaultJson().isEmpty() ? a.facets().defaultJson() : f.defaultJson();
    return a.withFacets(new Facets(description, defaultJson, f.nullable() || a.nullable()));
  }

  /** Whether a node has children of its own: then it cannot sit at the deepest level. */
  private static boolean nests(Map<String, Object> s) {
    Object type = s.get("type");
    List<?> types = type instanceof List<?> l ? l : Arrays.asList(type);
    return types.contains("object")
        || types.contains("array")
        || types.stream().filter(t -> !"null".equals(t)).count() > 1
        || s.containsKey("oneOf")
        || s.containsKey("anyOf")
        || OBJECT_KEYS.stream().anyMatch(s::containsKey)
        || ARRAY_KEYS.stream().anyMatch(s::containsKey);
  }

  private static Facets facets(Map<String, Object> s) throws Unreadable {
    String defaultJson =
        s.containsKey("default")
            ? JsonTree.compact(SchemaValues.json(s.get("default"), "default"))
            : "";
    return new Facets(describedAs(s), defaultJson, Boolean.TRUE.equals(s.get("nullable")));
  }

  /** A node's description, else its title; empty when it has neither. */
  static String describedAs(Object schema) {
    if (schema instanceof Map<?, ?> m) {
      for (String key : List.of("description", "title")) {
        if (m.get(key) instanceof String text && !text.isBlank()) {
          return text.strip();
        }
      }
    }
    return "";
  }

  /** An opaque node, and the warning that names its path and why. */
  private OpaqueSchema unmapped(String path, String reason, Facets facets) {
    warnings.add(RuntimeMessage.SCHEMA_UNMAPPED.format(owner, path, reason));
    return new OpaqueSchema(facets, "");
  }
}
