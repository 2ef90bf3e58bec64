package dev.agentkit;

import dev.agentkit.contract.ChangeCategory;
import java.util.List;
import java.util.Objects;

/**
 * What an agent believes about an op it uses: how to tell whether a call would change anything. The
 * backend's contract never says this; only the agent knows it.
 *
 * @param category how the change is derived; null means unset, which binding rejects
 * @param input the operand the premise compares ({@code scalar_set}, {@code membership}, {@code
 *     fills_slot}), or empty
 * @param terminalStates for {@code terminal}: the states after which the op changes nothing
 * @param structured operands whose value the backend parses as JSON
 * @param extra agent-private data the kit never interprets, or null
 */
public record Premise(
    ChangeCategory category,
    String input,
    List<String> terminalStates,
    List<String> structured,
    Object extra) {

  /** Copies the lists; a null input becomes empty and null lists empty. */
  public Premise {
    input = input == null ? "" : input;
    terminalStates = terminalStates == null ? List.of() : List.copyOf(terminalStates);
    structured = structured == null ? List.of() : List.copyOf(structured);
  }

  /** A premise of this category and nothing else. */
  public static Premise of(ChangeCategory category) {
    return new Premise(Objects.requireNonNull(category, "category"), "", null, null, null);
  }
}
