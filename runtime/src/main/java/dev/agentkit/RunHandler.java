package dev.agentkit;

/**
 * Performs an act live. Only acts whose tier allows running without a human may have one.
 *
 * @param <S> the agent's state type
 */
@FunctionalInterface
public interface RunHandler<S> {
  /**
   * Performs the call.
   *
   * @return the act's result for the model: a {@code String}, a record the adapters serialise to
   *     JSON, or null when there is nothing to say beyond "done"
   * @throws CallFailedException when the act failed in a way the model may read and act on
   * @throws Exception any other failure, reported to the operator and never to the model
   */
  Object run(S state, Call call) throws Exception;
}
