package dev.agentkit.drift;

import java.util.Objects;

/**
 * One difference between two contracts, graded against an agent's use.
 *
 * @param rule which kind of difference
 * @param severity how it bears on the agent
 * @param opcode the op it is about
 * @param operand the operand it is about, or empty
 * @param value the enum value it is about, or empty
 * @param sentence one sentence naming the agent, the op and the operand
 */
public record DriftItem(
    DriftRule rule,
    DriftSeverity severity,
    String opcode,
    String operand,
    String value,
    String sentence) {

  /** Validates the components. */
  public DriftItem {
    Objects.requireNonNull(rule, "rule");
    Objects.requireNonNull(severity, "severity");
    opcode = opcode == null ? "" : opcode;
    operand = operand == null ? "" : operand;
    value = value == null ? "" : value;
    Objects.requireNonNull(sentence, "sentence");
  }

  /** {@code op}, {@code op.operand} or {@code op.operand=value}: what acknowledgements match. */
  public String target() {
    String t = operand.isEmpty() ? opcode : opcode + "." + operand;
    return value.isEmpty() ? t : t + "=" + value;
  }

  @Override
  public String toString() {
    return severity.label() + " " + rule.id() + ": " + sentence;
  }
}
