package dev.agentkit;

/**
 * Reads the current value of one field, for {@code multi_field} acts. Called once for each operand
 * the call gives a non-blank argument for.
 *
 * @param <S> the agent's state type
 */
@FunctionalInterface
public interface FieldReader<S> {
  /** The field's current value, or the empty string when there is none. */
  String read(S state, Call call, String field) throws Exception;
}
