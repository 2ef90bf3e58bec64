package dev.agentkit.proposal;

import java.util.Objects;

/**
 * A value the user supplies when accepting a proposal: one operand of one op, optionally with the
 * agent's drafted value to start from.
 *
 * @param operand the operand the user fills
 * @param opIndex which op of the proposal (from 0)
 * @param defaultValue the agent's drafted value, pre-filled and editable; empty when it has none
 * @param required whether the user must give a value to accept
 */
public record UserSlot(String operand, int opIndex, String defaultValue, boolean required) {

  /** Trims the operand; a null default becomes empty. */
  public UserSlot {
    operand = Objects.requireNonNullElse(operand, "").trim();
    defaultValue = Objects.requireNonNullElse(defaultValue, "");
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
    return new UserSlot(operand, opIndex, defaultValue, required);
  }

  /** Whether the agent drafted no value: with {@link #required}, the user must supply one. */
  public boolean blankDefault() {
    return defaultValue.isBlank();
  }
}
