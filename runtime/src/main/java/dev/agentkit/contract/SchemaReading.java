package dev.agentkit.contract;

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
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.Names;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the schema of an operand from the snapshot's vocabulary, the inverse of {@link
 * SchemaJson}: an operand's {@code type}, {@code list} and {@code enum}, and the extra keys read as
 * JSON values. Strict for a snapshot (every key known and where it applies, each property with all
 * six operand keys), lenient for a served contract (unknown keys are skipped, a property needs only
 * {@code name} and {@code type} or a structure to infer it from).
 *
 * <p>A kind's structure decides it: {@code type: "object"} without {@code properties}, {@code
 * "array"} without {@code items}, {@code "union"} without {@code oneOf}/{@code anyOf} and {@code
 * "const"} without {@code const} are types this version does not know, as format 1 read them.
 */
final class SchemaReading {
  /**
   * Makes the error for a problem at a path below the operand ({@code .items.minLength}); the
   * path's first key tells where in the document it is.
   */
  interface Errors {
    ContractFormatException at(String path, String problem);
  }

  /** Which extra keys a kind takes, besides {@code nullable} and {@code default}. */
  static final Map<OperandType, Set<String>> KEYS =
      Map.of(
          OperandType.STRING, Set.of("format", "minLength", "maxLength", "pattern"),
          OperandType.DATE, Set.of("format"),
          OperandType.NUMBER,
              Set.of("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"),
          OperandType.INTEGER,
              Set.of("minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"),
          OperandType.CONST, Set.of("const"),
          OperandType.ARRAY, Set.of("items", "minItems", "maxItems", "uniqueItems"),
          OperandType.OBJECT, Set.of("properties", "additionalProperties"),
          OperandType.UNION, Set.of("oneOf", "anyOf"));

  static final Set<String> LIST_KEYS = Set.of("minItems", "maxItems", "uniqueItems");
  static final Set<String> FACET_KEYS = Set.of("nullable", "default");
  private static final List<String> OPERAND_KEYS =
      List.of("name", "description", "type", "required", "list", "enum");

  private final boolean strict;
  private final Errors errors;

  SchemaReading(boolean strict, Errors errors) {
    this.strict = strict;
    this.errors = errors;
  }

  /**
   * The operand an operand object gave.
   *
   * @param typeName its {@code type}, as served (an alias in a served contract)
   * @param enumValues its {@code enum}: strings, numbers or booleans
   * @param extras its other keys, in document order, each read as a JSON value
   */
  static Operand operand(
      String name,
      String description,
      String typeName,
      boolean required,
      boolean list,
      List<Object> enumValues,
      Map<String, Object> extras,
      boolean strict,
      Errors errors)
      throws ContractFormatException {
    SchemaReading r = new SchemaReading(strict, errors);
    return new Operand(
        name, description, required, r.operandSchema(typeName, list, enumValues, extras, ""));
  }

  private Schema operandSchema(
      String typeName, boolean list, List<Object> enumValues, Map<String, Object> extras, String at)
      throws ContractFormatException {
    Map<String, Object> valueKeys = new LinkedHashMap<>(extras);
    Map<String, Object> listKeys = new LinkedHashMap<>();
    if (list) {
      for (String k : LIST_KEYS) {
        if (valueKeys.containsKey(k) && !isArrayNode(typeName, valueKeys)) {
          listKeys.put(k, valueKeys.remove(k));
        }
      }
    }
    Schema value = value(typeName, enumValues, valueKeys, at);
    if (!list) {
      return value;
    }
    return array(Facets.NONE, value, listKeys, at);
  }

  /** Whether the element of a list is itself an array node, which owns the array keys then. */
  private static boolean isArrayNode(String typeName, Map<String, Object> keys) {
    return OperandType.ARRAY.wireName().equals(typeName) && keys.containsKey("items");
  }

  /** A node from its type name, enum values and extra keys (facets included). */
  private Schema value(
      String typeName, List<Object> enumValues, Map<String, Object> keys, String at)
      throws ContractFormatException {
    OperandType kind = kind(typeName, keys, enumValues);
    if (!strict && !enumValues.isEmpty() && kind.isScalar() && kind != OperandType.DATE) {
      // A served {"type": "string", "enum": [...]} means what JSON Schema means: an enum.
      kind = OperandType.ENUM;
    }
    checkKeys(kind, keys, at);
    Facets facets = facets(keys, at);
    if (kind != OperandType.ENUM && !enumValues.isEmpty() && strict) {
      throw error(
          at + ".enum",
          "type "
              + JsonText.shown(typeName)
              + " lists enum values, which only type enum has; a snapshot written by agentkit"
              + " never does, so "
              + DocumentErrors.REGENERATE);
    }
    switch (kind) {
      case STRING:
        return string(facets, keys, at);
      case DATE:
        return date(facets, keys, at);
      case NUMBER:
      case INTEGER:
        return number(facets, kind == OperandType.INTEGER, keys, at);
      case BOOLEAN:
        return new BooleanSchema(facets);
      case ENUM:
        return enumeration(facets, enumValues, at);
      case CONST:
        return new ConstSchema(facets, JsonTree.compact(keys.get("const")));
      case ARRAY:
        return array(facets, node(keys.get("items"), at + ".items"), keys, at);
      case OBJECT:
        return object(facets, keys, at);
      case UNION:
        return union(facets, keys, at);
      default:
        return new OpaqueSchema(facets, typeName);
    }
  }

  /**
   * The kind a type name stands for. A structural kind without its structure, and a name this
   * version does not know, are opaque.
   */
  private OperandType kind(String typeName, Map<String, Object> keys, List<Object> enumValues) {
    if (typeName == null) {
      // Only a served contract leaves a nested type out: infer it as JSON Schema does.
      return keys.containsKey("properties")
          ? OperandType.OBJECT
          : keys.containsKey("items")
              ? OperandType.ARRAY
              : !enumValues.isEmpty() ? OperandType.ENUM : OperandType.OPAQUE;
    }
    for (OperandType t : OperandType.values()) {
      if (t.wireName().equals(typeName) && t != OperandType.OPAQUE) {
        return t.isScalar() || hasStructure(t, keys) ? t : OperandType.OPAQUE;
      }
    }
    if (!strict) {
      OperandType alias = OperandType.lookup(typeName).orElse(OperandType.OPAQUE);
      return alias;
    }
    return OperandType.OPAQUE;
  }

  private static boolean hasStructure(OperandType t, Map<String, Object> keys) {
    return switch (t) {
      case ARRAY -> keys.containsKey("items");
      case OBJECT -> keys.containsKey("properties");
      case UNION -> keys.containsKey("oneOf") || keys.containsKey("anyOf");
      case CONST -> keys.containsKey("const");
      default -> true;
    };
  }

  /** In a snapshot, each extra key is one the kind takes. */
  private void checkKeys(OperandType kind, Map<String, Object> keys, String at)
      throws ContractFormatException {
    if (!strict) {
      return;
    }
    Set<String> allowed = KEYS.getOrDefault(kind, Set.of());
    for (String key : keys.keySet()) {
      if (FACET_KEYS.contains(key) || allowed.contains(key)) {
        continue;
      }
      if (SchemaJson.EXTRA_KEYS.contains(key)) {
        throw error(
            at + "." + key,
            key
                + " does not apply to type "
                + kind.wireName()
                + (allowed.isEmpty()
                    ? ", which takes no key of its own"
                    : ", which takes " + String.join(", ", Names.sorted(allowed)))
                + "; "
                + DocumentErrors.REGENERATE);
      }
      List<String> known = new ArrayList<>(SchemaJson.EXTRA_KEYS);
      known.addAll(OPERAND_KEYS);
      throw error(
          at + "." + key,
          "unknown key "
              + JsonText.shown(key)
              + Names.didYouMean(key, known)
              + "; an unknown key means the snapshot was edited or written by a newer agentkit,"
              + " so "
              + DocumentErrors.REGENERATE);
    }
  }

  private Facets facets(Map<String, Object> keys, String at) throws ContractFormatException {
    boolean nullable = false;
    if (keys.containsKey("nullable")) {
      nullable = bool(keys.get("nullable"), at + ".nullable");
    }
    String defaultJson = keys.containsKey("default") ? JsonTree.compact(keys.get("default")) : "";
    return new Facets("", defaultJson, nullable);
  }

  private Schema string(Facets facets, Map<String, Object> keys, String at)
      throws ContractFormatException {
    Integer min = count(keys, "minLength", at);
    Integer max = count(keys, "maxLength", at);
    String format = text(keys, "format", at);
    String pattern = text(keys, "pattern", at);
    if (!strict && (format.equals("date") || format.equals("date-time"))) {
      return new DateSchema(facets, format);
    }
    return new StringSchema(facets, format, min, max, pattern);
  }

  private Schema date(Facets facets, Map<String, Object> keys, String at)
      throws ContractFormatException {
    String format = text(keys, "format", at);
    if (!format.isEmpty() && !format.equals("date") && !format.equals("date-time")) {
      throw error(
          at + ".format", "a date's format is date or date-time, not " + JsonText.shown(format));
    }
    return new DateSchema(facets, format);
  }

  private Schema number(Facets facets, boolean integer, Map<String, Object> keys, String at)
      throws ContractFormatException {
    Bound min = bound(keys, "minimum", "exclusiveMinimum", at);
    Bound max = bound(keys, "maximum", "exclusiveMaximum", at);
    BigDecimal multiple =
        keys.containsKey("multipleOf") ? num(keys.get("multipleOf"), at + ".multipleOf") : null;
    if (multiple != null && multiple.signum() <= 0) {
      throw error(at + ".multipleOf", "multipleOf is " + multiple + "; it must be above 0");
    }
    return new NumberSchema(facets, integer, min, max, multiple);
  }

  private Bound bound(Map<String, Object> keys, String inclusive, String exclusive, String at)
      throws ContractFormatException {
    if (keys.containsKey(inclusive) && keys.containsKey(exclusive) && strict) {
      throw error(
          at + "." + exclusive,
          "a bound is "
              + inclusive
              + " or "
              + exclusive
              + ", not both; "
              + DocumentErrors.REGENERATE);
    }
    if (keys.containsKey(exclusive)) {
      Object v = keys.get(exclusive);
      if (v instanceof Boolean b) {
        // OpenAPI 3.0's form: a flag on the inclusive bound.
        BigDecimal n =
            keys.containsKey(inclusive) ? num(keys.get(inclusive), at + "." + inclusive) : null;
        return n == null ? null : new Bound(n, b);
      }
      return new Bound(num(v, at + "." + exclusive), true);
    }
    return keys.containsKey(inclusive)
        ? new Bound(num(keys.get(inclusive), at + "." + inclusive), false)
        : null;
  }

  /** An enum of these values, of one JSON type. */
  Schema enumeration(Facets facets, List<Object> values, String at) throws ContractFormatException {
    OperandType valueType = null;
    List<String> texts = new ArrayList<>(values.size());
    for (Object v : values) {
      OperandType t =
          v instanceof String
              ? OperandType.STRING
              : v instanceof Boolean
                  ? OperandType.BOOLEAN
                  : v instanceof BigDecimal n
                      ? (isWhole(n) ? OperandType.INTEGER : OperandType.NUMBER)
                      : null;
      if (t == null) {
        throw error(
            at + ".enum",
            "an enum value is " + JsonTree.describe(v) + ", not a string, number or boolean");
      }
      valueType = valueType == null ? t : merge(valueType, t, at);
      texts.add(v instanceof BigDecimal n ? SchemaJson.number(n) : String.valueOf(v));
    }
    return new EnumSchema(facets, texts, valueType == null ? OperandType.STRING : valueType);
  }

  private OperandType merge(OperandType a, OperandType b, String at)
      throws ContractFormatException {
    if (a == b) {
      return a;
    }
    if ((a == OperandType.INTEGER || a == OperandType.NUMBER)
        && (b == OperandType.INTEGER || b == OperandType.NUMBER)) {
      return OperandType.NUMBER;
    }
    throw error(
        at + ".enum",
        "the enum mixes "
            + a.wireName()
            + " and "
            + b.wireName()
            + " values; an enum's values are of one JSON type");
  }

  private static boolean isWhole(BigDecimal n) {
    return n.signum() == 0 || n.stripTrailingZeros().scale() <= 0;
  }

  private Schema array(Facets facets, Schema items, Map<String, Object> keys, String at)
      throws ContractFormatException {
    Integer min = count(keys, "minItems", at);
    Integer max = count(keys, "maxItems", at);
    boolean unique =
        keys.containsKey("uniqueItems") && bool(keys.get("uniqueItems"), at + ".uniqueItems");
    return new ArraySchema(facets, items, min, max, unique);
  }

  private Schema object(Facets facets, Map<String, Object> keys, String at)
      throws ContractFormatException {
    Object props = keys.get("properties");
    if (!(props instanceof List<?> list)) {
      throw error(
          at + ".properties",
          "properties is " + JsonTree.describe(props) + ", not an array of properties");
    }
    List<Operand> properties = new ArrayList<>(list.size());
    for (int i = 0; i < list.size(); i++) {
      properties.add(property(list.get(i), at + ".properties[" + i + "]"));
    }
    Object additional = keys.get("additionalProperties");
    if (additional == null || Boolean.TRUE.equals(additional)) {
      return new ObjectSchema(facets, properties, false, null);
    }
    if (Boolean.FALSE.equals(additional)) {
      return new ObjectSchema(facets, properties, true, null);
    }
    return new ObjectSchema(
        facets, properties, false, node(additional, at + ".additionalProperties"));
  }

  private Schema union(Facets facets, Map<String, Object> keys, String at)
      throws ContractFormatException {
    boolean oneOf = keys.containsKey("oneOf");
    if (oneOf && keys.containsKey("anyOf")) {
      throw error(at + ".anyOf", "a union is oneOf or anyOf, not both");
    }
    String key = oneOf ? "oneOf" : "anyOf";
    if (!(keys.get(key) instanceof List<?> list) || list.isEmpty()) {
      throw error(
          at + "." + key,
          key + " is " + JsonTree.describe(keys.get(key)) + ", not a non-empty array of schemas");
    }
    List<Schema> alternatives = new ArrayList<>(list.size());
    for (int i = 0; i < list.size(); i++) {
      alternatives.add(node(list.get(i), at + "." + key + "[" + i + "]"));
    }
    return new UnionSchema(facets, oneOf, alternatives);
  }

  /** A property of an object: an operand object of its own. */
  private Operand property(Object tree, String at) throws ContractFormatException {
    if (!(tree instanceof Map<?, ?> raw)) {
      throw error(at, "a property is " + JsonTree.describe(tree) + ", not an object");
    }
    Map<String, Object> keys = copy(raw);
    if (strict) {
      for (String k : OPERAND_KEYS) {
        if (!keys.containsKey(k)) {
          throw error(
              at,
              "missing key \""
                  + k
                  + "\": a property has the keys of an operand, "
                  + String.join(", ", Names.sorted(OPERAND_KEYS))
                  + ", and each is required");
        }
      }
    } else if (!(keys.get("name") instanceof String)) {
      throw error(at, "missing key \"name\": a property needs at least name and type");
    }
    String name = textOf(keys.remove("name"), at + ".name");
    String description =
        keys.containsKey("description")
            ? textOrEmpty(keys.remove("description"), at + ".description")
            : "";
    Object type = keys.remove("type");
    boolean required =
        keys.containsKey("required") && bool(keys.remove("required"), at + ".required");
    boolean list = keys.containsKey("list") && bool(keys.remove("list"), at + ".list");
    List<Object> values = enumOf(keys.remove("enum"), at + ".enum");
    String typeName = type == null ? null : textOf(type, at + ".type");
    return new Operand(
        name, description, required, operandSchema(typeName, list, values, keys, at));
  }

  /** Array items, a union's alternative, or the schema of an object's other properties. */
  private Schema node(Object tree, String at) throws ContractFormatException {
    if (!(tree instanceof Map<?, ?> raw)) {
      throw error(at, "a schema is " + JsonTree.describe(tree) + ", not an object");
    }
    Map<String, Object> keys = copy(raw);
    Object type = keys.remove("type");
    if (type == null && strict) {
      throw error(at, "missing key \"type\": every schema node says its type");
    }
    String description =
        keys.containsKey("description")
            ? textOrEmpty(keys.remove("description"), at + ".description")
            : "";
    List<Object> values = enumOf(keys.remove("enum"), at + ".enum");
    Schema s = value(type == null ? null : textOf(type, at + ".type"), values, keys, at);
    return description.isEmpty() ? s : s.withFacets(s.facets().withDescription(description));
  }

  private List<Object> enumOf(Object v, String at) throws ContractFormatException {
    if (v == null) {
      return List.of();
    }
    if (!(v instanceof List<?> l)) {
      throw error(at, "enum is " + JsonTree.describe(v) + ", not an array of values");
    }
    return new ArrayList<>(l);
  }

  private Integer count(Map<String, Object> keys, String key, String at)
      throws ContractFormatException {
    if (!keys.containsKey(key)) {
      return null;
    }
    BigDecimal n = num(keys.get(key), at + "." + key);
    if (n.signum() < 0 || !isWhole(n) || n.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
      throw error(
          at + "." + key,
          key + " is " + n + "; it is a whole number from 0 to " + Integer.MAX_VALUE);
    }
    return n.intValueExact();
  }

  private String text(Map<String, Object> keys, String key, String at)
      throws ContractFormatException {
    return keys.containsKey(key) ? textOf(keys.get(key), at + "." + key) : "";
  }

  private String textOf(Object v, String at) throws ContractFormatException {
    if (!(v instanceof String s)) {
      throw error(at, "expected a string, found " + JsonTree.describe(v));
    }
    return s;
  }

  private String textOrEmpty(Object v, String at) throws ContractFormatException {
    return v == null && !strict ? "" : textOf(v, at);
  }

  private boolean bool(Object v, String at) throws ContractFormatException {
    if (!(v instanceof Boolean b)) {
      throw error(at, "expected true or false, found " + JsonTree.describe(v));
    }
    return b;
  }

  private BigDecimal num(Object v, String at) throws ContractFormatException {
    if (!(v instanceof BigDecimal n)) {
      throw error(at, "expected a number, found " + JsonTree.describe(v));
    }
    return n;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> copy(Map<?, ?> raw) {
    return new LinkedHashMap<>((Map<String, Object>) raw);
  }

  private ContractFormatException error(String path, String problem) {
    return errors.at(path, problem);
  }
}
