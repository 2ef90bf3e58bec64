package dev.agentkit.contract;

import java.util.List;
import java.util.Objects;

/**
 * One operand of an op, as the backend declares it.
 *
 * @param name the operand's name, unique within its op
 * @param description what the operand means; shown to the model
 * @param type the value type; {@link OperandType#OPAQUE} for a type this version does not know
 * @param required whether every call must give it (or leave it for the user to fill)
 * @param enumValues the closed vocabulary of an {@link OperandType#ENUM} operand, in the contract's
 *     order; empty for other types
 * @param list whether the operand takes several values (a JSON array of strings in an action's
 *     arguments)
 * @param unknownType the type's name as served when this version does not know it, else empty;
 *     given, it makes the type {@link OperandType#OPAQUE}
 */
public record Operand(
    String name,
    String description,
    OperandType type,
    boolean required,
    List<String> enumValues,
    boolean list,
    String unknownType) {

  /**
   * Copies the enum values; a null description becomes empty. An unknown type name makes the type
   * {@link OperandType#OPAQUE}, and an opaque operand given no name is named {@code opaque}.
   *
   * @throws IllegalArgumentException when {@code unknownType} is a name this version knows
   */
  public Operand {
    Objects.requireNonNull(name, "name");
    description = description == null ? "" : description;
    enumValues = enumValues == null ? List.of() : List.copyOf(enumValues);
    unknownType = unknownType == null || unknownType.isBlank() ? "" : unknownType;
    if (!unknownType.isEmpty()) {
      if (OperandType.lookup(unknownType).isPresent()) {
        throw new IllegalArgumentException(
            "type \"" + unknownType.trim() + "\" is known; give it as the operand's type instead");
      }
      type = OperandType.OPAQUE;
    }
    Objects.requireNonNull(type, "type");
    if (type == OperandType.OPAQUE && unknownType.isEmpty()) {
      unknownType = OperandType.OPAQUE.wireName();
    }
  }

  /** An operand of a type this version knows. */
  public Operand(
      String name,
      String description,
      OperandType type,
      boolean required,
      List<String> enumValues,
      boolean list) {
    this(name, description, type, required, enumValues, list, "");
  }

  /** An optional, single-valued operand of the given type with no description. */
  public static Operand of(String name, OperandType type) {
    return new Operand(name, "", type, false, List.of(), false);
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

  /** The type's name as the contract spells it: its wire name, or the unknown name as served. */
  public String typeName() {
    return unknownType.isEmpty() ? type.wireName() : unknownType;
  }

  /** Whether the type is one this version does not know. */
  public boolean hasUnknownType() {
    return !unknownType.isEmpty();
  }

  /** This operand with another description. */
  public Operand withDescription(String description) {
    return new Operand(name, description, type, required, enumValues, list, unknownType);
  }

  /** This operand, required or optional. */
  public Operand withRequired(boolean required) {
    return new Operand(name, description, type, required, enumValues, list, unknownType);
  }

  /** This operand, taking a list of values or one. */
  public Operand withList(boolean list) {
    return new Operand(name, description, type, required, enumValues, list, unknownType);
  }
}
