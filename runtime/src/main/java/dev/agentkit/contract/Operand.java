package dev.agentkit.contract;

import java.util.List;
import java.util.Objects;

/**
 * One operand of an op, as the backend declares it.
 *
 * @param name the operand's name, unique within its op
 * @param description what the operand means; shown to the model
 * @param type the value type
 * @param required whether every call must give it (or leave it for the user to fill)
 * @param enumValues the closed vocabulary of an {@link OperandType#ENUM} operand, in the contract's
 *     order; empty for other types
 * @param list whether the operand takes several values (a JSON array of strings in an action's
 *     arguments)
 */
public record Operand(
    String name,
    String description,
    OperandType type,
    boolean required,
    List<String> enumValues,
    boolean list) {

  /** Copies the enum values; a null description becomes empty. */
  public Operand {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    description = description == null ? "" : description;
    enumValues = enumValues == null ? List.of() : List.copyOf(enumValues);
  }

  /** An optional, single-valued operand of the given type with no description. */
  public static Operand of(String name, OperandType type) {
    return new Operand(name, "", type, false, List.of(), false);
  }

  /** A required, single-valued string operand. */
  public static Operand requiredString(String name, String description) {
    return new Operand(name, description, OperandType.STRING, true, List.of(), false);
  }

  /** An enum operand with the given vocabulary. */
  public static Operand enumOf(String name, boolean required, String... values) {
    return new Operand(name, "", OperandType.ENUM, required, List.of(values), false);
  }

  /** This operand with another description. */
  public Operand withDescription(String description) {
    return new Operand(name, description, type, required, enumValues, list);
  }

  /** This operand, required or optional. */
  public Operand withRequired(boolean required) {
    return new Operand(name, description, type, required, enumValues, list);
  }

  /** This operand, taking a list of values or one. */
  public Operand withList(boolean list) {
    return new Operand(name, description, type, required, enumValues, list);
  }
}
