package dev.agentkit;

import java.util.List;

/**
 * A verified program split by autonomy: the calls that may run now, and the calls to propose to a
 * human. Each call is the declared act carrying the call's arguments.
 *
 * @param apply calls whose act may run live and has a run handler, in program order
 * @param propose every other call, in program order
 */
public record Plan(List<Action> apply, List<Action> propose) {
  /** Copies the lists. */
  public Plan {
    apply = List.copyOf(apply);
    propose = List.copyOf(propose);
  }
}
