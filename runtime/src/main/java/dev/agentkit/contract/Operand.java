package dev.agentkit.contract;

import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import java.util.List;
import java.util.Objects;

/**
 * One operand of an op (or one property of an object), as the backend declares it: a name, a
 * description, whether it is required, and the {@link Schema} of its value.
 *
 * <p>Besides the schema, an operand reads as agentkit has always read one: it takes one value or
 * {@linkplain #list() a list} of values, of a {@linkplain #type() type}, with {@linkplain
 * #enumValues() enum values} for an enum. For {@code entities: [{name, observations: [string]}]}
 * that is a list of {@link OperandType#OBJECT}; the schema holds the rest.
 *
 * @param name the operand's name, unique within its op (or object)
 * @param description what the operand means; shown to the model
 * @param required whether every call must give it (or leave it for the user to fill)
 * @param schema what its value may be; its own description is moved to the operand's
 */
public record Operand(String name, String description, boolean required, Schema schema) {

  /**
   * A null description becomes empty; the schema's description moves to the operand when the
   * operand has none, and is dropped from the schema either way, so it is said in one place.
   */
  public Operand {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(schema, "schema");
    description = description == null ? "" : description;
    if (!schema.description().isEmpty()) {
      if (description.isEmpty()) {
        description = schema.description();
      }
      schema = schema.withFacets(schema.facets().withDescription(""));
    }
  }

  /**
   * An operand of a flat type, as a format-1 snapshot declares one.
   *
   * @param type the value type; {@link OperandType#OPAQUE} for a type this version does not know
   * @param enumValues the vocabulary of an {@link OperandType#ENUM} operand; ignored for other
   *     types
   * @param list whether the operand takes a list of values
   * @param unknownType the type's name as served when this version does not know it, else empty;
   *     given, it makes the type {@link OperandType#OPAQUE}
   * @throws IllegalArgumentException when {@code unknownType} is a name this version knows, or the
   *     type is not a flat one
   */
  public Operand(
      String name,
      String description,
      OperandType type,
      boolean required,
      List<String> enumValues,
      boolean list,
      String unknownType) {
    this(name, description, required, flat(type, enumValues, list, unknownType));
  }

  /** An operand of a flat type this version knows. */
  public Operand(
      String name,
      String description,
      OperandType type,
      boolean required,
      List<String> enumValues,
      boolean list) {
    this(name, description, type, required, enumValues, list, "");
  }

  private static Schema flat(
      OperandType type, List<String> enumValues, boolean list, String unknownType) {
    String served = unknownType == null || unknownType.isBlank() ? "" : unknownType;
    if (!served.isEmpty()) {
      if (OperandType.lookup(served).isPresent()) {
        throw new IllegalArgumentException(
            "type \"" + served.trim() + "\" is known; give it as the operand's type instead");
      }
      type = OperandType.OPAQUE;
    }
    Objects.requireNonNull(type, "type");
    Schema value = scalar(type, enumValues, served);
    return list ? ArraySchema.of(value) : value;
  }

  // The plain schemas of the flat types: immutable, so every flat operand of a type shares one.
  private static final Schema STRING = Schema.string();
  private static final Schema DATE = new DateSchema(Facets.NONE, "");
  private static final Schema NUMBER = new NumberSchema(Facets.NONE, false, null, null, null);
  private static final Schema INTEGER = new NumberSchema(Facets.NONE, true, null, null, null);
  private static final Schema BOOLEAN = new BooleanSchema(Facets.NONE);

  /** The schema of one value of a flat type. */
  static Schema scalar(OperandType type, List<String> enumValues, String servedType) {
    return switch (type) {
      case STRING -> STRING;
      case DATE -> DATE;
      case NUMBER -> NUMBER;
      case INTEGER -> INTEGER;
      case BOOLEAN -> BOOLEAN;
      case ENUM -> new EnumSchema(Facets.NONE, enumValues, OperandType.STRING);
      case OPAQUE -> new OpaqueSchema(Facets.NONE, servedType);
      default ->
          throw new IllegalArgumentException(
              "type " + type + " is not a flat type; give its schema instead");
    };
  }

  /** An optional, single-valued operand of the given flat type with no description. */
  public static Operand of(String name, OperandType type) {
    return new Operand(name, "", type, false, List.of(), false);
  }

  /** An optional operand of the given schema with no description. */
  public static Operand of(String name, Schema schema) {
    return new Operand(name, "", false, schema);
  }

  /**
   * An optional, single-valued operand of a type this version does not know, as a backend served
   * it: {@link OperandType#OPAQUE}, with {@code servedType} kept for snapshots and messages.
   */
  public static Operand opaque(String name, String servedType) {
    return new Operand(name, "", OperandType.OPAQUE, false, List.of(), false, servedType);
  }

  /** A required, single-valued string operand. */
  public static Operand requiredString(String name, String description) {
    return new Operand(name, description, OperandType.STRING, true, List.of(), false);
  }

  /** An enum operand with the given vocabulary. */
  public static Operand enumOf(String name, boolean required, String... values) {
    return new Operand(name, "", OperandType.ENUM, required, List.of(values), false);
  }

  /** Whether the operand takes a list of values: its schema is an array. */
  public boolean list() {
    return schema instanceof ArraySchema;
  }

  /** The schema of one value: the items' of a list, else the operand's own. */
  public Schema valueSchema() {
    return schema instanceof ArraySchema a ? a.items() : schema;
  }

  /** The type of one value: the items' type of a list, else the schema's. */
  public OperandType type() {
    return valueSchema().type();
  }

  /** The vocabulary of an enum operand (or list of enum values), in the contract's order. */
  public List<String> enumValues() {
    return valueSchema() instanceof EnumSchema e ? e.values() : List.of();
  }

  /**
   * The type's name as served when this version does not know it ({@code geo-point}), {@code
   * opaque} for a schema it could not map, else empty.
   */
  public String unknownType() {
    return valueSchema() instanceof OpaqueSchema o ? o.servedType() : "";
  }

  /** The type's name as the contract spells it: its wire name, or the unknown name as served. */
  public String typeName() {
    String unknown = unknownType();
    return unknown.isEmpty() ? type().wireName() : unknown;
  }

  /** Whether the type is one this version does not know. */
  public boolean hasUnknownType() {
    return !unknownType().isEmpty();
  }

  /**
   * Whether a format-1 snapshot can say all of it: one value or a list of one flat type, with no
   * bound, format, pattern, default or nullability at either level, and an enum of strings.
   */
  public boolean isFlat() {
    if (schema instanceof ArraySchema a
        && (!a.facets().equals(Facets.NONE)
            || a.minItems() != null
            || a.maxItems() != null
            || a.uniqueItems())) {
      return false;
    }
    Schema v = valueSchema();
    if (!v.facets().equals(Facets.NONE) || !v.type().isScalar() && !(v instanceof OpaqueSchema)) {
      return false;
    }
    if (v instanceof StringSchema s) {
      return s.format().isEmpty()
          && s.minLength() == null
          && s.maxLength() == null
          && s.pattern().isEmpty();
    }
    if (v instanceof DateSchema d) {
      return d.format().isEmpty();
    }
    if (v instanceof NumberSchema n) {
      return n.minimum() == null && n.maximum() == null && n.multipleOf() == null;
    }
    return !(v instanceof EnumSchema e) || e.valueType() == OperandType.STRING;
  }

  /** This operand with another description. */
  public Operand withDescription(String description) {
    return new Operand(name, description, required, schema);
  }

  /** This operand, required or optional. */
  public Operand withRequired(boolean required) {
    return new Operand(name, description, required, schema);
  }

  /** This operand, taking a list of its values or one of them. */
  public Operand withList(boolean list) {
    if (list == list()) {
      return this;
    }
    return new Operand(name, description, required, list ? ArraySchema.of(schema) : valueSchema());
  }

  /** This operand with another schema. */
  public Operand withSchema(Schema schema) {
    return new Operand(name, description, required, schema);
  }
}
