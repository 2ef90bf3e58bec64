package dev.agentkit.proposal;

import dev.agentkit.contract.OperandType;
import java.util.List;
import java.util.Objects;

/**
 * A value the user supplies when accepting a proposal: one operand of one op, optionally with the
 * agent's drafted value to start from, and what a form needs to ask for it.
 *
 * <p>The label, type and options may be left out: {@link Proposal.Builder#build()} fills them from
 * the op's operand in the contract the op was verified against (the label from the operand's name,
 * {@code due_date} reads "Due date"; the type from its type; for an enum, the options from its
 * values). A slot in a built proposal always has a label and a type.
 *
 * @param operand the operand the user fills
 * @param opIndex which op of the proposal (from 0)
 * @param defaultValue the agent's drafted value, pre-filled and editable; empty when it has none
 * @param required whether the user must give a value to accept
 * @param label what a form shows beside the field; empty to take it from the operand's name
 * @param type the operand's value type; null to take it from the contract
 * @param options the values a form offers; empty for an enum to offer all of the contract's
 */
public record UserSlot(
    String operand,
    int opIndex,
    String defaultValue,
    boolean required,
    String label,
    OperandType type,
    List<String> options) {

  /** Trims the operand and label; a null default or label becomes empty, null options none. */
  public UserSlot {
    operand = Objects.requireNonNullElse(operand, "").trim();
    defaultValue = Objects.requireNonNullElse(defaultValue, "");
    label = Objects.requireNonNullElse(label, "").strip();
    options = options == null ? List.of() : List.copyOf(options);
  }

  /** A slot whose label, type and options come from the contract. */
  public UserSlot(String operand, int opIndex, String defaultValue, boolean required) {
    this(operand, opIndex, defaultValue, required, "", null, List.of());
  }

  /** A required slot of the first op. */
  public static UserSlot required(String operand, String defaultValue) {
    return new UserSlot(operand, 0, defaultValue, true);
  }

  /** An optional slot of the first op. */
  public static UserSlot optional(String operand, String defaultValue) {
    return new UserSlot(operand, 0, defaultValue, false);
  }

  /** This slot, bound to another op. */
  public UserSlot forOp(int opIndex) {
    return new UserSlot(operand, opIndex, defaultValue, required, label, type, options);
  }

  /** This slot with the label a form shows. */
  public UserSlot withLabel(String label) {
    return new UserSlot(operand, opIndex, defaultValue, required, label, type, options);
  }

  /**
   * This slot declared with a type; the proposal's builder refuses it when the contract types the
   * operand otherwise.
   */
  public UserSlot withType(OperandType type) {
    return new UserSlot(operand, opIndex, defaultValue, required, label, type, options);
  }

  /**
   * This slot offering these values; the proposal's builder checks each against the operand (for an
   * enum, each must be one of the contract's values).
   */
  public UserSlot withOptions(List<String> options) {
    return new UserSlot(operand, opIndex, defaultValue, required, label, type, options);
  }

  /** Whether the agent drafted no value: with {@link #required}, the user must supply one. */
  public boolean blankDefault() {
    return defaultValue.isBlank();
  }
}
