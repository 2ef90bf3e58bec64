package dev.agentkit;

import java.util.Objects;

/**
 * An act as the rules see it: its contract and premise, plus which handlers the agent gave it. The
 * rules need only to know whether a handler exists, so the same checks run over an agent's source
 * at compile time (where handlers are methods) and over bound handlers at startup.
 *
 * @param action the act's contract and premise; for a use, only the opcode and premise
 * @param assertTier the tier the agent asserts the backend has, or null to accept the backend's
 * @param hasRun whether the act has a run handler
 * @param hasAsk whether the act has ask wording
 * @param hasReader whether the act has a state reader
 * @param hasFieldReader whether the act has a field reader
 */
public record ActDeclaration(
    Action action,
    Tier assertTier,
    boolean hasRun,
    boolean hasAsk,
    boolean hasReader,
    boolean hasFieldReader) {

  /** Validates the action is present. */
  public ActDeclaration {
    Objects.requireNonNull(action, "action");
  }

  /** The opcode of the act. */
  public String opcode() {
    return action.opcode();
  }

  ActDeclaration withAction(Action bound) {
    return new ActDeclaration(bound, assertTier, hasRun, hasAsk, hasReader, hasFieldReader);
  }
}
