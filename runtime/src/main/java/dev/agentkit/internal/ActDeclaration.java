package dev.agentkit.internal;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An act as the rules see it: the op (once known), the agent's premise, and which handlers the
 * agent gave it. The rules need only know whether a handler exists, so the same checks run over an
 * agent's source at compile time (where handlers are methods) and over bound handlers at startup.
 *
 * <p>Not API: public for the processor and the runtime's own packages; no compatibility promise.
 *
 * @param opcode the act's opcode
 * @param op the whole op: for a local act as declared, for a use once bound; null for a use not yet
 *     bound
 * @param category the premise's change category, or null when unset
 * @param input the operand the premise compares, or empty
 * @param terminalStates the premise's terminal states
 * @param structured operands whose value the backend parses as JSON
 * @param assertTier the tier the agent asserts the backend has, or null to accept the backend's
 * @param handlers which handlers the act has
 */
public record ActDeclaration(
    String opcode,
    Op op,
    ChangeCategory category,
    String input,
    List<String> terminalStates,
    List<String> structured,
    Tier assertTier,
    Set<Handler> handlers) {

  /** The kinds of handler an act may have. */
  public enum Handler {
    RUN,
    ASK,
    READER,
    FIELD_READER
  }

  /** Copies the collections; null strings become empty. */
  public ActDeclaration {
    Objects.requireNonNull(opcode, "opcode");
    input = input == null ? "" : input;
    terminalStates = terminalStates == null ? List.of() : List.copyOf(terminalStates);
    structured = structured == null ? List.of() : List.copyOf(structured);
    handlers = handlers.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(handlers));
  }

  /** Whether the act has this kind of handler. */
  public boolean has(Handler handler) {
    return handlers.contains(handler);
  }

  /** This declaration with its op bound. */
  ActDeclaration withOp(Op bound) {
    return new ActDeclaration(
        opcode, bound, category, input, terminalStates, structured, assertTier, handlers);
  }
}
