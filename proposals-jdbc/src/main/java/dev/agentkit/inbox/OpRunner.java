package dev.agentkit.inbox;

import dev.agentkit.Call;

/**
 * Applies one accepted op to the backend. A withheld op has no run handler in its {@code ActionSet}
 * (its tier never runs live), so the host application gives the inbox the code that applies an op
 * once a person has accepted it, usually the same client the run handlers use.
 *
 * <p>The inbox calls {@link #run(Call, RunContext)}, which by default calls {@link #run(Call)}. A
 * runner that sends the op's idempotency key (so that a retry after an unknown outcome is safe) is
 * built with {@link #withContext}, for example {@code OpRunner.withContext((call, run) ->
 * actions.run(call, run.idempotencyKey()))} with {@code OpenApiActions} or {@code McpActions}.
 */
@FunctionalInterface
public interface OpRunner {
  /**
   * Applies the call.
   *
   * @param call the call with the person's slot values filled in, bound to the live op it was just
   *     re-verified against
   * @return the result, or null for nothing
   * @throws dev.agentkit.CallFailedException for a failure the backend reported; its message is
   *     recorded as the outcome
   * @throws Exception anything else; recorded as a failed outcome naming the exception's class
   */
  Object run(Call call) throws Exception;

  /**
   * Applies the call as op {@code context.opIndex()} of an accepted proposal; what the inbox calls.
   * By default it ignores the context and calls {@link #run(Call)}.
   *
   * @throws Exception as {@link #run(Call)}
   */
  default Object run(Call call, RunContext context) throws Exception {
    return run(call);
  }

  /** A runner that is given the run's context, such as the idempotency key to send. */
  static OpRunner withContext(WithContext runner) {
    java.util.Objects.requireNonNull(runner, "runner");
    return new OpRunner() {
      @Override
      public Object run(Call call) {
        throw new UnsupportedOperationException(
            "this runner sends the inbox's RunContext (the op's idempotency key), so it runs only"
                + " through run(call, context), which the inbox calls");
      }

      @Override
      public Object run(Call call, RunContext context) throws Exception {
        return runner.run(call, context);
      }
    };
  }

  /** Applies a call with the run's context; see {@link OpRunner#withContext}. */
  @FunctionalInterface
  interface WithContext {
    /**
     * Applies the call.
     *
     * @throws Exception as {@link OpRunner#run(Call)}
     */
    Object run(Call call, RunContext context) throws Exception;
  }
}
