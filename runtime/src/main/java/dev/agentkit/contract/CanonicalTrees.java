package dev.agentkit.contract;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.internal.json.JsonTree;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the schema keys of a snapshot's operands straight from the parser, when they are exactly as
 * {@link SchemaJson} writes them: keys in its order, values of the types it writes, nothing {@link
 * SchemaReading} would refuse. It builds the operand {@link SchemaReading} builds, without first
 * reading every key into a map of JSON values (which was most of the time a large snapshot with
 * nested operands took to read).
 *
 * <p>Anything else (another key order, a repeated or unknown key, a wrong type, a bound or count
 * out of range, an unknown type, malformed JSON) stops it with {@link Unexpected}, and the reader
 * reads the whole snapshot again the general way, which words the problem: this class never words
 * one, so every message stays the general reader's. One instance per parser; not thread-safe.
 */
final class CanonicalTrees {
  /** What stops the reading: the snapshot is not in the written form here. No message, no stack. */
  static final class Unexpected extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unexpected() {
      super(null, null, false, false);
    }
  }

  private static final Unexpected UNEXPECTED = new Unexpected();

  private static final List<String> KEYS = SchemaJson.EXTRA_KEYS;
  private static final int CONST = KEYS.indexOf("const");
  private static final int MINIMUM = KEYS.indexOf("minimum");
  private static final int EXCLUSIVE_MINIMUM = KEYS.indexOf("exclusiveMinimum");
  private static final int MAXIMUM = KEYS.indexOf("maximum");
  private static final int EXCLUSIVE_MAXIMUM = KEYS.indexOf("exclusiveMaximum");
  private static final int ITEMS = KEYS.indexOf("items");
  private static final int PROPERTIES = KEYS.indexOf("properties");
  private static final int ONE_OF = KEYS.indexOf("oneOf");
  private static final int ANY_OF = KEYS.indexOf("anyOf");

  private static final OperandType[] TYPES = OperandType.values();
  // The keys each kind takes (SchemaReading's table, facets included), as bits by KEYS' index.
  private static final int[] ALLOWED = allowed(SchemaReading.KEYS);
  private static final int LIST_BITS = bits(SchemaReading.LIST_KEYS);

  // A property's keys, in the order an operand's are written.
  private static final SerializableString NAME = new SerializedString("name");
  private static final SerializableString DESCRIPTION = new SerializedString("description");
  private static final SerializableString TYPE = new SerializedString("type");
  private static final SerializableString REQUIRED = new SerializedString("required");
  private static final SerializableString LIST = new SerializedString("list");
  private static final SerializableString ENUM = new SerializedString("enum");

  private final JsonParser p;
  // SchemaReading's enum rule, its errors turned into Unexpected.
  private final SchemaReading enums =
      new SchemaReading(
          true,
          (path, problem) -> {
            throw UNEXPECTED;
          });

  CanonicalTrees(JsonParser p) {
    this.p = p;
  }

  /** A node's extra keys as read: present's bit i is KEYS' key i. */
  private static final class Keys {
    int present;
    String format = "";
    boolean nullable;
    String defaultJson = "";
    String constJson;
    Integer minLength;
    Integer maxLength;
    String pattern = "";
    BigDecimal minimum;
    BigDecimal exclusiveMinimum;
    BigDecimal maximum;
    BigDecimal exclusiveMaximum;
    BigDecimal multipleOf;
    Integer minItems;
    Integer maxItems;
    boolean uniqueItems;
    Schema items;
    List<Operand> properties;
    boolean closed;
    Schema additional;
    List<Schema> alternatives;

    boolean has(int key) {
      return (present & (1 << key)) != 0;
    }
  }

  /**
   * The operand whose six operand keys were read, read on from its first extra key (the parser's
   * current token) to the end of its object; what {@link SchemaReading#operand} makes of the same
   * keys.
   *
   * @throws Unexpected for anything but the written form
   */
  Operand operand(
      String name,
      String description,
      String typeName,
      boolean required,
      boolean list,
      List<Object> enumValues) {
    try {
      Keys keys = extras(p.currentName(), 0);
      return new Operand(name, description, required, schema(typeName, list, enumValues, keys));
    } catch (IOException | JsonTree.Malformed | RuntimeException e) {
      // Malformed JSON, a number BigDecimal cannot hold, a value a record refuses: all are the
      // general reader's to word.
      throw UNEXPECTED;
    }
  }

  /**
   * The schema of an operand or property; its list keys belong to the array {@code list: true}
   * stands for, as in {@link SchemaReading}.
   */
  private Schema schema(String typeName, boolean list, List<Object> enumValues, Keys k) {
    if (!list) {
      return value(typeName, enumValues, k, k.present);
    }
    if (typeName.equals(OperandType.ARRAY.wireName()) && (k.present & (1 << ITEMS)) != 0) {
      // An array node as the element owns the list keys: the general reader sorts that out. A
      // type "array" without items is an opaque element, and the keys stay the list's.
      throw UNEXPECTED;
    }
    Schema value = value(typeName, enumValues, k, k.present & ~LIST_BITS);
    return new ArraySchema(Facets.NONE, value, k.minItems, k.maxItems, k.uniqueItems);
  }

  /** A node of a kind this version knows, from the keys in {@code present}. */
  private Schema value(String typeName, List<Object> enumValues, Keys k, int present) {
    OperandType kind = kind(typeName, present);
    if ((present & ~ALLOWED[kind.ordinal()]) != 0
        || (kind != OperandType.ENUM && !enumValues.isEmpty())) {
      throw UNEXPECTED;
    }
    Facets facets = new Facets("", k.defaultJson, k.nullable);
    return switch (kind) {
      case STRING -> new StringSchema(facets, k.format, k.minLength, k.maxLength, k.pattern);
      case DATE -> date(facets, k.format);
      case NUMBER, INTEGER -> number(facets, kind == OperandType.INTEGER, k);
      case BOOLEAN -> new BooleanSchema(facets);
      case ENUM -> enumeration(facets, enumValues);
      case CONST -> new ConstSchema(facets, k.constJson);
      case ARRAY -> new ArraySchema(facets, k.items, k.minItems, k.maxItems, k.uniqueItems);
      case OBJECT -> new ObjectSchema(facets, k.properties, k.closed, k.additional);
      case UNION -> union(facets, k);
      case OPAQUE -> new OpaqueSchema(facets, typeName);
    };
  }

  private Schema enumeration(Facets facets, List<Object> values) {
    try {
      return enums.enumeration(facets, values, "");
    } catch (ContractFormatException e) {
      throw UNEXPECTED; // never: its errors throw Unexpected first
    }
  }

  /**
   * The kind a type name stands for, as {@link SchemaReading} reads it in a snapshot: a kind
   * without its structure, and a name this version does not know, are opaque.
   */
  private static OperandType kind(String typeName, int present) {
    for (OperandType t : TYPES) {
      if (t != OperandType.OPAQUE && t.wireName().equals(typeName)) {
        return t.isScalar() || hasStructure(t, present) ? t : OperandType.OPAQUE;
      }
    }
    return OperandType.OPAQUE;
  }

  private static boolean hasStructure(OperandType t, int present) {
    int needed =
        switch (t) {
          case ARRAY -> 1 << ITEMS;
          case OBJECT -> 1 << PROPERTIES;
          case UNION -> (1 << ONE_OF) | (1 << ANY_OF);
          case CONST -> 1 << CONST;
          default -> 0;
        };
    return (present & needed) != 0;
  }

  private static Schema date(Facets facets, String format) {
    if (!format.isEmpty() && !format.equals("date") && !format.equals("date-time")) {
      throw UNEXPECTED;
    }
    return new DateSchema(facets, format);
  }

  private static Schema number(Facets facets, boolean integer, Keys k) {
    if ((k.has(MINIMUM) && k.has(EXCLUSIVE_MINIMUM))
        || (k.has(MAXIMUM) && k.has(EXCLUSIVE_MAXIMUM))
        || (k.multipleOf != null && k.multipleOf.signum() <= 0)) {
      throw UNEXPECTED;
    }
    return new NumberSchema(
        facets,
        integer,
        bound(k.minimum, k.exclusiveMinimum),
        bound(k.maximum, k.exclusiveMaximum),
        k.multipleOf);
  }

  private static Bound bound(BigDecimal inclusive, BigDecimal exclusive) {
    return exclusive != null
        ? new Bound(exclusive, true)
        : inclusive != null ? new Bound(inclusive, false) : null;
  }

  private static Schema union(Facets facets, Keys k) {
    if (k.has(ONE_OF) && k.has(ANY_OF) || k.alternatives.isEmpty()) {
      throw UNEXPECTED;
    }
    return new UnionSchema(facets, k.has(ONE_OF), k.alternatives);
  }

  /**
   * Reads an object's extra keys, from {@code key} (null at the object's end) to its end, each
   * after the one before in {@link SchemaJson#EXTRA_KEYS}' order.
   *
   * @param level how many arrays and objects enclose the values, counted as {@link JsonTree} counts
   *     them from the operand's extra key
   */
  private Keys extras(String key, int level) throws IOException, JsonTree.Malformed {
    Keys k = new Keys();
    int next = 0;
    for (; key != null; key = p.nextFieldName()) {
      int i = next;
      while (i < KEYS.size() && !KEYS.get(i).equals(key)) {
        i++;
      }
      if (i == KEYS.size()) {
        throw UNEXPECTED; // unknown, out of order, or repeated
      }
      p.nextToken();
      k.present |= 1 << i;
      BY_INDEX[i].read(this, k, level);
      next = i + 1;
    }
    return k;
  }

  /** How the value of each extra key is read into {@link Keys}. */
  private interface KeyReader {
    void read(CanonicalTrees in, Keys k, int level) throws IOException, JsonTree.Malformed;
  }

  private static final Map<String, KeyReader> READERS =
      Map.ofEntries(
          Map.entry("format", (in, k, level) -> k.format = in.text()),
          Map.entry("nullable", (in, k, level) -> k.nullable = in.bool()),
          Map.entry("default", (in, k, level) -> k.defaultJson = in.json(level)),
          Map.entry("const", (in, k, level) -> k.constJson = in.json(level)),
          Map.entry("minLength", (in, k, level) -> k.minLength = in.count()),
          Map.entry("maxLength", (in, k, level) -> k.maxLength = in.count()),
          Map.entry("pattern", (in, k, level) -> k.pattern = in.text()),
          Map.entry("minimum", (in, k, level) -> k.minimum = in.number()),
          Map.entry("exclusiveMinimum", (in, k, level) -> k.exclusiveMinimum = in.number()),
          Map.entry("maximum", (in, k, level) -> k.maximum = in.number()),
          Map.entry("exclusiveMaximum", (in, k, level) -> k.exclusiveMaximum = in.number()),
          Map.entry("multipleOf", (in, k, level) -> k.multipleOf = in.number()),
          Map.entry("minItems", (in, k, level) -> k.minItems = in.count()),
          Map.entry("maxItems", (in, k, level) -> k.maxItems = in.count()),
          Map.entry("uniqueItems", (in, k, level) -> k.uniqueItems = in.bool()),
          Map.entry("items", (in, k, level) -> k.items = in.node(level)),
          Map.entry("properties", (in, k, level) -> k.properties = in.properties(level)),
          Map.entry("additionalProperties", CanonicalTrees::additional),
          Map.entry("oneOf", (in, k, level) -> k.alternatives = in.nodes(level)),
          Map.entry("anyOf", (in, k, level) -> k.alternatives = in.nodes(level)));

  // READERS by KEYS' index.
  private static final KeyReader[] BY_INDEX =
      KEYS.stream().map(READERS::get).toArray(KeyReader[]::new);

  /** additionalProperties: false closes the object, true leaves it open, else a node. */
  private static void additional(CanonicalTrees in, Keys k, int level)
      throws IOException, JsonTree.Malformed {
    JsonToken t = in.p.currentToken();
    if (t == JsonToken.VALUE_FALSE) {
      k.closed = true;
    } else if (t != JsonToken.VALUE_TRUE) {
      k.additional = in.node(level);
    }
  }

  /** A default or a constant: any JSON value, in its canonical compact text. */
  private String json(int level) throws IOException, JsonTree.Malformed {
    return JsonTree.compact(JsonTree.read(p, level));
  }

  /** Array items, a union's alternative or other properties: type, description, enum, extras. */
  private Schema node(int level) throws IOException, JsonTree.Malformed {
    int inner = enter(JsonToken.START_OBJECT, level);
    if (!p.nextFieldName(TYPE)) {
      throw UNEXPECTED;
    }
    p.nextToken();
    String typeName = text();
    String key = p.nextFieldName();
    String description = "";
    if (DESCRIPTION.getValue().equals(key)) {
      p.nextToken();
      description = text();
      key = p.nextFieldName();
    }
    List<Object> values = List.of();
    if (ENUM.getValue().equals(key)) {
      p.nextToken();
      values = enumValues(inner);
      key = p.nextFieldName();
    }
    Keys k = extras(key, inner);
    Schema s = value(typeName, values, k, k.present);
    return description.isEmpty() ? s : s.withFacets(s.facets().withDescription(description));
  }

  private List<Schema> nodes(int level) throws IOException, JsonTree.Malformed {
    int inner = enter(JsonToken.START_ARRAY, level);
    List<Schema> out = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      out.add(node(inner));
    }
    return out;
  }

  private List<Operand> properties(int level) throws IOException, JsonTree.Malformed {
    int inner = enter(JsonToken.START_ARRAY, level);
    List<Operand> out = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      out.add(property(inner));
    }
    return out;
  }

  /** A property: an operand's six keys in their order, then its extra keys. */
  private Operand property(int level) throws IOException, JsonTree.Malformed {
    int inner = enter(JsonToken.START_OBJECT, level);
    key(NAME);
    String name = text();
    key(DESCRIPTION);
    String description = text();
    key(TYPE);
    String typeName = text();
    key(REQUIRED);
    boolean required = bool();
    key(LIST);
    boolean list = bool();
    key(ENUM);
    List<Object> values = enumValues(inner);
    Keys k = extras(p.nextFieldName(), inner);
    return new Operand(name, description, required, schema(typeName, list, values, k));
  }

  /** An enum's values: strings, numbers and booleans, as the general reader reads them. */
  private List<Object> enumValues(int level) throws IOException {
    enter(JsonToken.START_ARRAY, level);
    List<Object> out = new ArrayList<>();
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      switch (t) {
        case VALUE_STRING -> out.add(p.getText());
        case VALUE_TRUE -> out.add(Boolean.TRUE);
        case VALUE_FALSE -> out.add(Boolean.FALSE);
        case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> out.add(new BigDecimal(p.getText()));
        default -> throw UNEXPECTED;
      }
    }
    return out;
  }

  /**
   * Checks that the current token opens the container expected and that {@link JsonTree} would read
   * it at this depth; returns the level of its values.
   */
  private int enter(JsonToken open, int level) {
    if (p.currentToken() != open || level + 1 > JsonTree.MAX_DEPTH) {
      throw UNEXPECTED;
    }
    return level + 1;
  }

  private void key(SerializableString expected) throws IOException {
    if (!p.nextFieldName(expected)) {
      throw UNEXPECTED;
    }
    p.nextToken();
  }

  private String text() throws IOException {
    if (p.currentToken() != JsonToken.VALUE_STRING) {
      throw UNEXPECTED;
    }
    return p.getText();
  }

  private boolean bool() {
    JsonToken t = p.currentToken();
    if (t != JsonToken.VALUE_TRUE && t != JsonToken.VALUE_FALSE) {
      throw UNEXPECTED;
    }
    return t == JsonToken.VALUE_TRUE;
  }

  private BigDecimal number() throws IOException {
    JsonToken t = p.currentToken();
    if (t != JsonToken.VALUE_NUMBER_INT && t != JsonToken.VALUE_NUMBER_FLOAT) {
      throw UNEXPECTED;
    }
    return new BigDecimal(p.getText());
  }

  /** A count as the snapshot writes one: a whole number from 0 to {@link Integer#MAX_VALUE}. */
  private Integer count() throws IOException {
    if (p.currentToken() != JsonToken.VALUE_NUMBER_INT
        || p.getNumberType() != JsonParser.NumberType.INT
        || p.getIntValue() < 0) {
      throw UNEXPECTED;
    }
    return p.getIntValue();
  }

  private static int[] allowed(Map<OperandType, Set<String>> keys) {
    int facets = bits(SchemaReading.FACET_KEYS);
    int[] out = new int[TYPES.length];
    for (OperandType t : TYPES) {
      out[t.ordinal()] = facets | bits(keys.getOrDefault(t, Set.of()));
    }
    return out;
  }

  private static int bits(Set<String> names) {
    int out = 0;
    for (String name : names) {
      out |= 1 << KEYS.indexOf(name);
    }
    return out;
  }
}
