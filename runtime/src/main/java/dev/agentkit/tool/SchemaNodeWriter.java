package dev.agentkit.tool;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * Writes one node of an operand's schema tree as JSON Schema (draft 2020-12 keywords), the whole
 * subtree below it included: what the model is told a value of it must be.
 *
 * <p>Each kind has one writer in {@link #KINDS}. Keys come in one fixed order whatever the kind:
 * {@code type}, {@code format}, {@code enum}, {@code const}, {@code description}, {@code default},
 * the bounds, {@code items}, {@code properties}, {@code required}, {@code additionalProperties},
 * {@code oneOf} or {@code anyOf}; properties, enum values and alternatives keep the contract's
 * order. A nullable node says so the way JSON Schema does: {@code null} among its types (and its
 * enum values), or as an alternative of a union or a const.
 */
final class SchemaNodeWriter {
  static final String DATE_HINT =
      "An ISO-8601 date-time such as 2026-03-31T17:00:00Z; a plain date such as 2026-03-31 is"
          + " also accepted.";
  static final String PLAIN_DATE_HINT = "An ISO-8601 date such as 2026-03-31.";
  static final String OPAQUE_HINT = "Any JSON value; the contract's type for it is %s.";

  /** The body of one kind's node: every key but the description, default and structure keys. */
  private interface Kind<S extends Schema> {
    void write(SchemaNodeWriter w, S schema, Text text) throws IOException;
  }

  /** The description of the node being written, and the hint its kind adds to it. */
  private static final class Text {
    final String description;
    String hint = "";

    Text(String description) {
      this.description = description;
    }
  }

  private static final Map<Class<?>, Kind<?>> KINDS =
      Map.of(
          StringSchema.class, (Kind<StringSchema>) SchemaNodeWriter::string,
          DateSchema.class, (Kind<DateSchema>) SchemaNodeWriter::date,
          NumberSchema.class, (Kind<NumberSchema>) SchemaNodeWriter::number,
          BooleanSchema.class, (Kind<BooleanSchema>) SchemaNodeWriter::bool,
          EnumSchema.class, (Kind<EnumSchema>) SchemaNodeWriter::enumeration,
          ConstSchema.class, (Kind<ConstSchema>) SchemaNodeWriter::constant,
          ArraySchema.class, (Kind<ArraySchema>) SchemaNodeWriter::array,
          ObjectSchema.class, (Kind<ObjectSchema>) SchemaNodeWriter::object,
          UnionSchema.class, (Kind<UnionSchema>) SchemaNodeWriter::union,
          OpaqueSchema.class, (Kind<OpaqueSchema>) SchemaNodeWriter::opaque);

  private final JsonGenerator g;

  SchemaNodeWriter(JsonGenerator g) {
    this.g = g;
  }

  /**
   * One property of an object (or an operand of the tool): its node, described by the property's
   * description, or by its schema's when the property has none.
   */
  void property(Operand p) throws IOException {
    String own = p.description().strip();
    node(p.schema(), own.isEmpty() ? p.schema().facets().description() : own);
  }

  /** A node described by its own description. */
  void node(Schema s) throws IOException {
    node(s, s.facets().description());
  }

  private void node(Schema s, String description) throws IOException {
    g.writeStartObject();
    Text text = new Text(description.strip());
    body(s, text);
    g.writeEndObject();
  }

  @SuppressWarnings("unchecked")
  private <S extends Schema> void body(S s, Text text) throws IOException {
    Kind<S> kind = (Kind<S>) KINDS.get(s.getClass());
    kind.write(this, s, text);
  }

  private void type(String type, Schema s) throws IOException {
    if (s.facets().nullable()) {
      g.writeArrayFieldStart("type");
      g.writeString(type);
      g.writeString("null");
      g.writeEndArray();
    } else {
      g.writeStringField("type", type);
    }
  }

  /** The description (with the kind's hint) and the default: the keys after type, enum, const. */
  private void facets(Schema s, Text text) throws IOException {
    String d = text.description;
    if (!text.hint.isEmpty()) {
      d = d.isEmpty() ? text.hint : d + (d.endsWith(".") ? " " : ". ") + text.hint;
    }
    if (!d.isEmpty()) {
      g.writeStringField("description", d);
    }
    if (!s.facets().defaultJson().isEmpty()) {
      g.writeFieldName("default");
      g.writeRawValue(s.facets().defaultJson());
    }
  }

  private static void string(SchemaNodeWriter w, StringSchema s, Text text) throws IOException {
    w.type("string", s);
    if (!s.format().isEmpty()) {
      w.g.writeStringField("format", s.format());
    }
    w.facets(s, text);
    w.count("minLength", s.minLength());
    w.count("maxLength", s.maxLength());
    if (!s.pattern().isEmpty()) {
      w.g.writeStringField("pattern", s.pattern());
    }
  }

  private static void date(SchemaNodeWriter w, DateSchema s, Text text) throws IOException {
    boolean plain = s.format().equals("date");
    w.type("string", s);
    w.g.writeStringField("format", plain ? "date" : "date-time");
    text.hint = plain ? PLAIN_DATE_HINT : DATE_HINT;
    w.facets(s, text);
  }

  private static void number(SchemaNodeWriter w, NumberSchema s, Text text) throws IOException {
    w.type(s.integer() ? "integer" : "number", s);
    w.facets(s, text);
    w.bound("minimum", "exclusiveMinimum", s.minimum());
    w.bound("maximum", "exclusiveMaximum", s.maximum());
    if (s.multipleOf() != null) {
      w.g.writeFieldName("multipleOf");
      w.g.writeNumber(s.multipleOf());
    }
  }

  private static void bool(SchemaNodeWriter w, BooleanSchema s, Text text) throws IOException {
    w.type("boolean", s);
    w.facets(s, text);
  }

  private static void enumeration(SchemaNodeWriter w, EnumSchema s, Text text) throws IOException {
    w.type(ENUM_TYPES.get(s.valueType()), s);
    w.g.writeArrayFieldStart("enum");
    for (String v : s.values()) {
      w.enumValue(s.valueType(), v);
    }
    if (s.facets().nullable()) {
      w.g.writeNull();
    }
    w.g.writeEndArray();
    w.facets(s, text);
  }

  private static final Map<OperandType, String> ENUM_TYPES =
      Map.of(
          OperandType.STRING, "string",
          OperandType.NUMBER, "number",
          OperandType.INTEGER, "integer",
          OperandType.BOOLEAN, "boolean");

  private void enumValue(OperandType type, String v) throws IOException {
    if (type == OperandType.STRING) {
      g.writeString(v);
    } else {
      g.writeRawValue(v); // numbers and booleans are kept as their JSON text
    }
  }

  private static void constant(SchemaNodeWriter w, ConstSchema s, Text text) throws IOException {
    if (s.facets().nullable()) {
      w.nullableAlternative(() -> w.g.writeRawValue(s.json()), "const");
    } else {
      w.g.writeFieldName("const");
      w.g.writeRawValue(s.json());
    }
    w.facets(s, text);
  }

  private static void array(SchemaNodeWriter w, ArraySchema s, Text text) throws IOException {
    w.type("array", s);
    w.facets(s, text);
    w.count("minItems", s.minItems());
    w.count("maxItems", s.maxItems());
    if (s.uniqueItems()) {
      w.g.writeBooleanField("uniqueItems", true);
    }
    w.g.writeFieldName("items");
    w.node(s.items());
  }

  private static void object(SchemaNodeWriter w, ObjectSchema s, Text text) throws IOException {
    w.type("object", s);
    w.facets(s, text);
    w.properties(s.properties());
    if (s.closed()) {
      w.g.writeBooleanField("additionalProperties", false);
    } else if (s.additional() != null) {
      w.g.writeFieldName("additionalProperties");
      w.node(s.additional());
    }
  }

  /** {@code properties} in the contract's order, then {@code required} when any is. */
  private void properties(List<Operand> properties) throws IOException {
    g.writeObjectFieldStart("properties");
    for (Operand p : properties) {
      g.writeFieldName(p.name());
      property(p);
    }
    g.writeEndObject();
    if (properties.stream().anyMatch(Operand::required)) {
      g.writeArrayFieldStart("required");
      for (Operand p : properties) {
        if (p.required()) {
          g.writeString(p.name());
        }
      }
      g.writeEndArray();
    }
  }

  private static void union(SchemaNodeWriter w, UnionSchema s, Text text) throws IOException {
    w.facets(s, text);
    w.g.writeArrayFieldStart(s.oneOf() ? "oneOf" : "anyOf");
    for (Schema alternative : s.alternatives()) {
      w.node(alternative);
    }
    if (s.facets().nullable()) {
      w.nullSchema();
    }
    w.g.writeEndArray();
  }

  private static void opaque(SchemaNodeWriter w, OpaqueSchema s, Text text) throws IOException {
    String type = s.servedType().strip();
    text.hint =
        String.format(OPAQUE_HINT, type.length() > 80 ? type.substring(0, 77) + "..." : type);
    w.facets(s, text);
  }

  private interface Value {
    void write() throws IOException;
  }

  /** {@code "anyOf": [{key: value}, {"type": "null"}]}: a node that is one value or null. */
  private void nullableAlternative(Value value, String key) throws IOException {
    g.writeArrayFieldStart("anyOf");
    g.writeStartObject();
    g.writeFieldName(key);
    value.write();
    g.writeEndObject();
    nullSchema();
    g.writeEndArray();
  }

  private void nullSchema() throws IOException {
    g.writeStartObject();
    g.writeStringField("type", "null");
    g.writeEndObject();
  }

  private void count(String key, Integer n) throws IOException {
    if (n != null) {
      g.writeNumberField(key, n);
    }
  }

  private void bound(String inclusive, String exclusive, Bound b) throws IOException {
    if (b != null) {
      g.writeFieldName(b.exclusive() ? exclusive : inclusive);
      g.writeNumber(b.value()); // 10, 0.5, or 1E+400 for a huge one: JSON numbers all
    }
  }
}
