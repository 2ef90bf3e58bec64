package dev.agentkit;

/**
 * Reads the current value an act's premise compares against: for {@code scalar_set} and {@code
 * membership} the input operand's current value, for {@code terminal} the object's current state,
 * for {@code fills_slot} the slot's current value.
 *
 * <p>A reader that throws makes the act count as a change: an ask is never dropped because state
 * could not be read.
 *
 * @param <S> the agent's state type
 */
@FunctionalInterface
public interface StateReader<S> {
  /** The current value for this call, or the empty string when there is none. */
  String read(S state, Call call) throws Exception;
}
