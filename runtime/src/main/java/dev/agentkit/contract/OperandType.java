package dev.agentkit.contract;

import dev.agentkit.internal.text.Names;
import java.util.Locale;

/** The value type of an operand, as the backend declares it. */
public enum OperandType {
  /** Free text. */
  STRING("string"),
  /** An ISO-8601 date ({@code 2026-03-31}) or date-time with offset ({@code 2026-03-31T17:00Z}). */
  DATE("date"),
  /** A decimal number ({@code 3}, {@code -2.5}, {@code 1e3}). */
  NUMBER("number"),
  /** One value of a closed vocabulary, listed by the operand's enum values. */
  ENUM("enum");

  private final String wireName;

  OperandType(String wireName) {
    this.wireName = wireName;
  }

  /** The name used in contracts and snapshots. */
  public String wireName() {
    return wireName;
  }

  /**
   * Parses a type name case-insensitively. Accepts the aliases {@code int}, {@code integer}, {@code
   * float}, {@code decimal} (number) and {@code datetime}, {@code timestamp}, {@code time} (date).
   *
   * @throws IllegalArgumentException naming the value and the valid names when it is unknown
   */
  public static OperandType parse(String name) {
    String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    switch (key) {
      case "string":
        return STRING;
      case "date":
      case "datetime":
      case "timestamp":
      case "time":
        return DATE;
      case "number":
      case "int":
      case "integer":
      case "float":
      case "decimal":
        return NUMBER;
      case "enum":
        return ENUM;
      default:
        throw new IllegalArgumentException(
            "unknown operand type \""
                + (name == null ? "" : name.trim())
                + "\": use one of date, enum, number, string"
                + Names.didYouMean(key, Names.wireNames(values(), OperandType::wireName)));
    }
  }

  @Override
  public String toString() {
    return wireName;
  }
}
