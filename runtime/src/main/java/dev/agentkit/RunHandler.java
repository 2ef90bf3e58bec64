package dev.agentkit;

/**
 * Performs an act live. Only acts whose tier allows running without a human may have one.
 *
 * @param <S> the agent's state type
 */
@FunctionalInterface
public interface RunHandler<S> {
  /** Performs the act; throws when it failed. */
  void run(S state, Action act) throws Exception;
}
