package dev.agentkit.inbox;

import dev.agentkit.Call;

/**
 * Applies one accepted op to the backend. A withheld op has no run handler in its {@code ActionSet}
 * (its tier never runs live), so the host application gives the inbox the code that applies an op
 * once a person has accepted it, usually the same client the run handlers use.
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
}
