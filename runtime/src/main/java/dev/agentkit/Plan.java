package dev.agentkit;

import java.util.List;

/**
 * A verified program split by autonomy: the calls that may run now, and the calls to propose to a
 * human. Every call is bound to the op it was verified against.
 *
 * @param apply calls whose act may run live and has a run handler, in program order
 * @param propose every other call, in program order
 */
public record Plan(List<Call> apply, List<Call> propose) {
  /** Copies the lists. */
  public Plan {
    apply = List.copyOf(apply);
    propose = List.copyOf(propose);
  }
}
