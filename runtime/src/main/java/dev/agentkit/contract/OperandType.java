package dev.agentkit.contract;

import dev.agentkit.internal.text.Names;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The value type of an operand, as the backend declares it: the kind of a {@link Schema} node.
 *
 * <p>A type name this version does not know is not an error in a served contract or a snapshot: the
 * operand is kept as {@link #OPAQUE}, with the name as served in {@link Operand#unknownType()}, so
 * a backend that adds a type does not stop the ops that do not use it.
 */
public enum OperandType {
  /** Free text. */
  STRING("string"),
  /** An ISO-8601 date ({@code 2026-03-31}) or date-time with offset ({@code 2026-03-31T17:00Z}). */
  DATE("date"),
  /** A decimal number ({@code 3}, {@code -2.5}, {@code 1e3}). */
  NUMBER("number"),
  /** A whole number in the signed 64-bit range ({@code 42}, {@code -7}, {@code +3}). */
  INTEGER("integer"),
  /**
   * True or false, spelled as Go's {@code strconv.ParseBool} reads it ({@code true}, {@code 0}).
   */
  BOOLEAN("boolean"),
  /** One value of a closed vocabulary, listed by the operand's enum values. */
  ENUM("enum"),
  /**
   * A type this version does not know, or a schema it cannot map; the operand's {@link
   * Operand#unknownType()} is its name as served. Any JSON value is accepted. Never parsed from a
   * name: {@code "opaque"} in a contract is an unknown name like any other.
   */
  OPAQUE("opaque"),
  /** A list of values of one schema ({@link Schema.ArraySchema}); nested in another list. */
  ARRAY("array"),
  /** An object of named properties ({@link Schema.ObjectSchema}). */
  OBJECT("object"),
  /** A value of any of several schemas ({@link Schema.UnionSchema}). */
  UNION("union"),
  /** Exactly one value ({@link Schema.ConstSchema}). */
  CONST("const");

  /**
   * Every accepted spelling, lower-case, and its type: the canonical names, the aliases this
   * project has always read, and Go's own type names, so that a contract served by a Go backend
   * that writes its field types reads as it means.
   */
  private static final Map<String, OperandType> NAMES =
      Map.ofEntries(
          Map.entry("string", STRING),
          Map.entry("text", STRING),
          Map.entry("str", STRING),
          Map.entry("date", DATE),
          Map.entry("datetime", DATE),
          Map.entry("timestamp", DATE),
          Map.entry("time", DATE),
          Map.entry("time.time", DATE),
          Map.entry("number", NUMBER),
          Map.entry("float", NUMBER),
          Map.entry("float32", NUMBER),
          Map.entry("float64", NUMBER),
          Map.entry("double", NUMBER),
          Map.entry("decimal", NUMBER),
          Map.entry("integer", INTEGER),
          Map.entry("int", INTEGER),
          Map.entry("int8", INTEGER),
          Map.entry("int16", INTEGER),
          Map.entry("int32", INTEGER),
          Map.entry("int64", INTEGER),
          Map.entry("uint", INTEGER),
          Map.entry("uint8", INTEGER),
          Map.entry("uint16", INTEGER),
          Map.entry("uint32", INTEGER),
          Map.entry("uint64", INTEGER),
          Map.entry("long", INTEGER),
          Map.entry("boolean", BOOLEAN),
          Map.entry("bool", BOOLEAN),
          Map.entry("enum", ENUM));

  private final String wireName;

  OperandType(String wireName) {
    this.wireName = wireName;
  }

  /** The name used in contracts and snapshots. */
  public String wireName() {
    return wireName;
  }

  /**
   * The type a name stands for, case-insensitively and ignoring surrounding blanks: a canonical
   * name or one of its aliases ({@link #aliases()}). Empty for a name this version does not know,
   * {@code opaque} included.
   */
  public static Optional<OperandType> lookup(String name) {
    if (name == null) {
      return Optional.empty();
    }
    return Optional.ofNullable(NAMES.get(name.trim().toLowerCase(Locale.ROOT)));
  }

  /**
   * The type whose {@linkplain #wireName() wire name} is exactly {@code name}, of any kind ({@code
   * string}, {@code array}, {@code opaque}...); empty for any other name. For names agentkit wrote
   * itself; a backend's names go through {@link #lookup}.
   */
  public static Optional<OperandType> ofWireName(String name) {
    for (OperandType t : values()) {
      if (t.wireName.equals(name)) {
        return Optional.of(t);
      }
    }
    return Optional.empty();
  }

  /**
   * Parses a type name as {@link #lookup} does, for names a person writes (an annotation, a plugin
   * setting), where an unknown name is a mistake rather than a newer backend.
   *
   * @throws IllegalArgumentException naming the value and the valid names when it is unknown
   */
  public static OperandType parse(String name) {
    Optional<OperandType> type = lookup(name);
    if (type.isPresent()) {
      return type.get();
    }
    String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    throw new IllegalArgumentException(
        "unknown operand type \""
            + (name == null ? "" : name.trim())
            + "\": use one of "
            + validNames()
            + Names.didYouMean(key, List.of(validNames().split(", "))));
  }

  /**
   * Whether this is one of the six flat types a format-1 snapshot names ({@code string}, {@code
   * date}, {@code number}, {@code integer}, {@code boolean}, {@code enum}).
   */
  public boolean isScalar() {
    return ordinal() <= ENUM.ordinal();
  }

  /** The canonical names, sorted: {@code boolean, date, enum, integer, number, string}. */
  public static String validNames() {
    return "boolean, date, enum, integer, number, string";
  }

  /** Every accepted spelling other than the canonical names, sorted. */
  public static List<String> aliases() {
    return Names.sorted(
        NAMES.keySet().stream().filter(k -> !NAMES.get(k).wireName.equals(k)).toList());
  }

  @Override
  public String toString() {
    return wireName;
  }
}
