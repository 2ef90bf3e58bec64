package dev.agentkit;

import java.util.Objects;

/**
 * An act with its whole contract and its handlers: a local act the backend has never heard of, or
 * an act of a hand-built set. Immutable; the {@code with…} methods return copies.
 *
 * @param action the act's complete contract and premise
 * @param run performs the act live, or null for an act that is only ever proposed
 * @param ask the question shown to a human when the act is withheld, or null
 * @param reader reads the state the premise compares against, or null
 * @param fieldReader reads one field, for {@link ChangeCategory#MULTI_FIELD}, or null
 * @param <S> the agent's state type
 */
public record Act<S>(
    Action action,
    RunHandler<S> run,
    AskWording ask,
    StateReader<S> reader,
    FieldReader<S> fieldReader) {

  /** Validates the action is present. */
  public Act {
    Objects.requireNonNull(action, "action");
  }

  /** An act with no handlers yet. */
  public static <S> Act<S> of(Action action) {
    return new Act<>(action, null, null, null, null);
  }

  public Act<S> withRun(RunHandler<S> run) {
    return new Act<>(action, run, ask, reader, fieldReader);
  }

  public Act<S> withAsk(AskWording ask) {
    return new Act<>(action, run, ask, reader, fieldReader);
  }

  public Act<S> withReader(StateReader<S> reader) {
    return new Act<>(action, run, ask, reader, fieldReader);
  }

  public Act<S> withFieldReader(FieldReader<S> fieldReader) {
    return new Act<>(action, run, ask, reader, fieldReader);
  }

  ActDeclaration declaration() {
    return new ActDeclaration(
        action, null, run != null, ask != null, reader != null, fieldReader != null);
  }
}
