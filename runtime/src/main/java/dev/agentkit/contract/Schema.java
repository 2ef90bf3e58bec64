package dev.agentkit.contract;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an operand's value may be, as the backend declares it: a tree in JSON Schema's vocabulary. A
 * leaf is a string (with its format, lengths and pattern), a date, a number or integer (with its
 * bounds), a boolean, an enum or a constant; an inner node is an array of one schema, an object of
 * named properties, or a union of alternatives. {@link OpaqueSchema} stands for what cannot be
 * mapped and accepts any JSON value.
 *
 * <p>Every node carries {@link Facets}: a description, a default and whether {@code null} is
 * accepted. A property's description is its {@link Operand}'s, so the schema of an operand or a
 * property has none of its own; array items and union alternatives keep theirs.
 *
 * <p>Each kind is one record; {@link #type()} names it. All are immutable and thread-safe, and
 * equal when their content is.
 */
public sealed interface Schema
    permits Schema.StringSchema,
        Schema.DateSchema,
        Schema.NumberSchema,
        Schema.BooleanSchema,
        Schema.EnumSchema,
        Schema.ConstSchema,
        Schema.ArraySchema,
        Schema.ObjectSchema,
        Schema.UnionSchema,
        Schema.OpaqueSchema {

  /** The kind of node: {@link OperandType#ARRAY} for an array, and so on. */
  OperandType type();

  /** The description, default and nullability of this node. */
  Facets facets();

  /** This node with other facets. */
  Schema withFacets(Facets facets);

  /** The node's description; empty for the schema of an operand or property. */
  default String description() {
    return facets().description();
  }

  /** Whether {@code null} is a value of this node. */
  default boolean nullable() {
    return facets().nullable();
  }

  /** The default value as canonical JSON text, when the backend declares one. */
  default Optional<String> defaultJson() {
    return facets().defaultJson().isEmpty()
        ? Optional.empty()
        : Optional.of(facets().defaultJson());
  }

  /**
   * The description, default and nullability every node may have.
   *
   * @param description what the value means; empty when none
   * @param defaultJson the default as canonical JSON text ({@code "\"open\""}, {@code 10}); empty
   *     when none
   * @param nullable whether {@code null} is accepted besides the node's values
   */
  record Facets(String description, String defaultJson, boolean nullable) {
    /** No description, no default, not nullable. */
    public static final Facets NONE = new Facets("", "", false);

    /** Null strings become empty. */
    public Facets {
      description = description == null ? "" : description;
      defaultJson = defaultJson == null ? "" : defaultJson;
    }

    /** Only a description. */
    public static Facets described(String description) {
      return new Facets(description, "", false);
    }

    /** These facets with another description. */
    public Facets withDescription(String description) {
      return new Facets(description, defaultJson, nullable);
    }
  }

  /**
   * A lower or upper bound of a number.
   *
   * @param value the bound
   * @param exclusive whether the bound itself is out of range
   */
  record Bound(BigDecimal value, boolean exclusive) {
    /** Requires the value, kept in one form for each number ({@code 10}, never {@code 1E+1}). */
    public Bound {
      value = canonical(Objects.requireNonNull(value, "value"));
    }
  }

  /**
   * A number in the one form the model keeps for its value: no trailing zeros, and a whole number
   * of up to 21 digits with scale 0, so that equal numbers are equal objects.
   */
  static BigDecimal canonical(BigDecimal n) {
    BigDecimal s = n.signum() == 0 ? BigDecimal.ZERO : n.stripTrailingZeros();
    return s.scale() < 0 && s.precision() - s.scale() <= 21 ? s.setScale(0) : s;
  }

  /**
   * Free text.
   *
   * @param facets description, default, nullability
   * @param format the declared format ({@code email}, {@code uri}...), shown to the model and not
   *     checked; empty when none. Dates are {@link DateSchema}.
   * @param minLength the fewest characters (code points), or null
   * @param maxLength the most characters (code points), or null
   * @param pattern a regular expression every value matches somewhere, or empty; only patterns in
   *     the subset agentkit checks safely are kept ({@code dev.agentkit.internal.json.Patterns})
   */
  record StringSchema(
      Facets facets, String format, Integer minLength, Integer maxLength, String pattern)
      implements Schema {
    /** Null strings become empty. */
    public StringSchema {
      facets = facets == null ? Facets.NONE : facets;
      format = format == null ? "" : format;
      pattern = pattern == null ? "" : pattern;
    }

    @Override
    public OperandType type() {
      return OperandType.STRING;
    }

    @Override
    public StringSchema withFacets(Facets facets) {
      return new StringSchema(facets, format, minLength, maxLength, pattern);
    }
  }

  /**
   * An ISO-8601 date ({@code 2026-03-31}) or date-time with offset; both are accepted whatever the
   * declared format, as agentkit has always read dates.
   *
   * @param facets description, default, nullability
   * @param format {@code date}, {@code date-time}, or empty when the contract said only "date"
   */
  record DateSchema(Facets facets, String format) implements Schema {
    /** Null strings become empty. */
    public DateSchema {
      facets = facets == null ? Facets.NONE : facets;
      format = format == null ? "" : format;
    }

    @Override
    public OperandType type() {
      return OperandType.DATE;
    }

    @Override
    public DateSchema withFacets(Facets facets) {
      return new DateSchema(facets, format);
    }
  }

  /**
   * A decimal number, or a whole number in the signed 64-bit range.
   *
   * @param facets description, default, nullability
   * @param integer whether only whole numbers are values ({@link OperandType#INTEGER})
   * @param minimum the lower bound, or null
   * @param maximum the upper bound, or null
   * @param multipleOf a positive number every value is a multiple of, or null
   */
  record NumberSchema(
      Facets facets, boolean integer, Bound minimum, Bound maximum, BigDecimal multipleOf)
      implements Schema {
    /** Null facets become none; the multiple is kept in its canonical form. */
    public NumberSchema {
      facets = facets == null ? Facets.NONE : facets;
      multipleOf = multipleOf == null ? null : canonical(multipleOf);
    }

    @Override
    public OperandType type() {
      return integer ? OperandType.INTEGER : OperandType.NUMBER;
    }

    @Override
    public NumberSchema withFacets(Facets facets) {
      return new NumberSchema(facets, integer, minimum, maximum, multipleOf);
    }
  }

  /**
   * True or false.
   *
   * @param facets description, default, nullability
   */
  record BooleanSchema(Facets facets) implements Schema {
    /** Null facets become none. */
    public BooleanSchema {
      facets = facets == null ? Facets.NONE : facets;
    }

    @Override
    public OperandType type() {
      return OperandType.BOOLEAN;
    }

    @Override
    public BooleanSchema withFacets(Facets facets) {
      return new BooleanSchema(facets);
    }
  }

  /**
   * One value of a closed vocabulary, in the contract's order.
   *
   * @param facets description, default, nullability
   * @param values the values, as text ({@code high}, {@code 3}, {@code true})
   * @param valueType the JSON type of every value: {@link OperandType#STRING}, {@link
   *     OperandType#NUMBER}, {@link OperandType#INTEGER} or {@link OperandType#BOOLEAN}
   */
  record EnumSchema(Facets facets, List<String> values, OperandType valueType) implements Schema {
    /** Copies the values; the value type defaults to string. */
    public EnumSchema {
      facets = facets == null ? Facets.NONE : facets;
      values = values == null ? List.of() : List.copyOf(values);
      valueType = valueType == null ? OperandType.STRING : valueType;
    }

    @Override
    public OperandType type() {
      return OperandType.ENUM;
    }

    @Override
    public EnumSchema withFacets(Facets facets) {
      return new EnumSchema(facets, values, valueType);
    }
  }

  /**
   * Exactly one value.
   *
   * @param facets description, default, nullability
   * @param json the value as canonical JSON text ({@code "\"task\""}, {@code 1}, {@code true})
   */
  record ConstSchema(Facets facets, String json) implements Schema {
    /** Requires the value. */
    public ConstSchema {
      facets = facets == null ? Facets.NONE : facets;
      Objects.requireNonNull(json, "json");
    }

    @Override
    public OperandType type() {
      return OperandType.CONST;
    }

    @Override
    public ConstSchema withFacets(Facets facets) {
      return new ConstSchema(facets, json);
    }
  }

  /**
   * A list of values of one schema.
   *
   * @param facets description, default, nullability
   * @param items the schema of every element
   * @param minItems the fewest elements, or null
   * @param maxItems the most elements, or null
   * @param uniqueItems whether no two elements may be equal
   */
  record ArraySchema(
      Facets facets, Schema items, Integer minItems, Integer maxItems, boolean uniqueItems)
      implements Schema {
    /** Requires the items' schema. */
    public ArraySchema {
      facets = facets == null ? Facets.NONE : facets;
      Objects.requireNonNull(items, "items");
    }

    /** A plain list of {@code items}. */
    public static ArraySchema of(Schema items) {
      return new ArraySchema(Facets.NONE, items, null, null, false);
    }

    @Override
    public OperandType type() {
      return OperandType.ARRAY;
    }

    @Override
    public ArraySchema withFacets(Facets facets) {
      return new ArraySchema(facets, items, minItems, maxItems, uniqueItems);
    }
  }

  /**
   * An object of named properties, in the contract's order.
   *
   * @param facets description, default, nullability
   * @param properties the declared properties, each with its name, description, whether it is
   *     required and its schema
   * @param closed whether properties other than the declared ones are refused ({@code
   *     additionalProperties: false})
   * @param additional the schema of every other property's value, or null when any value goes (or
   *     none, when closed)
   */
  record ObjectSchema(Facets facets, List<Operand> properties, boolean closed, Schema additional)
      implements Schema {
    /** Copies the properties; a closed object takes no schema for other properties. */
    public ObjectSchema {
      facets = facets == null ? Facets.NONE : facets;
      properties = properties == null ? List.of() : List.copyOf(properties);
      if (closed && additional != null) {
        throw new IllegalArgumentException(
            "a closed object has no other properties, so no schema for them");
      }
    }

    /** An object of these properties, other properties allowed. */
    public static ObjectSchema of(List<Operand> properties) {
      return new ObjectSchema(Facets.NONE, properties, false, null);
    }

    /** The property with this name, if the object declares one. */
    public Optional<Operand> property(String name) {
      for (Operand p : properties) {
        if (p.name().equals(name)) {
          return Optional.of(p);
        }
      }
      return Optional.empty();
    }

    @Override
    public OperandType type() {
      return OperandType.OBJECT;
    }

    @Override
    public ObjectSchema withFacets(Facets facets) {
      return new ObjectSchema(facets, properties, closed, additional);
    }
  }

  /**
   * Values of any of several schemas.
   *
   * @param facets description, default, nullability
   * @param oneOf whether a value must match exactly one alternative ({@code oneOf}) rather than at
   *     least one ({@code anyOf})
   * @param alternatives the alternatives, in the contract's order
   */
  record UnionSchema(Facets facets, boolean oneOf, List<Schema> alternatives) implements Schema {
    /** Copies the alternatives. */
    public UnionSchema {
      facets = facets == null ? Facets.NONE : facets;
      alternatives = alternatives == null ? List.of() : List.copyOf(alternatives);
    }

    @Override
    public OperandType type() {
      return OperandType.UNION;
    }

    @Override
    public UnionSchema withFacets(Facets facets) {
      return new UnionSchema(facets, oneOf, alternatives);
    }
  }

  /**
   * A value this version cannot type: any JSON value is accepted.
   *
   * @param facets description, default, nullability
   * @param servedType the type's name as the contract gave it ({@code geo-point}), or {@code
   *     opaque} when it gave none this version could read
   */
  record OpaqueSchema(Facets facets, String servedType) implements Schema {
    /**
     * A blank served type becomes {@code opaque}.
     *
     * @throws IllegalArgumentException when the served type is a name this version knows
     */
    public OpaqueSchema {
      facets = facets == null ? Facets.NONE : facets;
      servedType =
          servedType == null || servedType.isBlank() ? OperandType.OPAQUE.wireName() : servedType;
      if (OperandType.lookup(servedType).isPresent()) {
        throw new IllegalArgumentException(
            "type \"" + servedType.trim() + "\" is known; give its schema instead");
      }
    }

    @Override
    public OperandType type() {
      return OperandType.OPAQUE;
    }

    @Override
    public OpaqueSchema withFacets(Facets facets) {
      return new OpaqueSchema(facets, servedType);
    }
  }

  /** Free text with no format, bounds or pattern. */
  static StringSchema string() {
    return new StringSchema(Facets.NONE, "", null, null, "");
  }
}
