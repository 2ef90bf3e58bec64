package dev.agentkit;

import dev.agentkit.contract.Op;

/**
 * A call bound to its op as a set binds one, without verify: the sending tests check what reaches
 * the backend for values of any shape, whichever of them the verify of this build accepts (verify
 * checks trees as its own tests say).
 */
public final class BoundCalls {
  private BoundCalls() {}

  /** The call bound to {@code op}. */
  public static Call bound(Call call, Op op) {
    return call.boundTo(op);
  }
}
