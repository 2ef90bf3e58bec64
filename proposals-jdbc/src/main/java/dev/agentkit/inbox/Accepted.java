package dev.agentkit.inbox;

import dev.agentkit.Outcome;
import java.util.List;

/**
 * What an accept did.
 *
 * @param entry the proposal afterwards: {@link ProposalState#DONE} or {@link ProposalState#FAILED}
 * @param outcomes one outcome per op that ran, in order; after a failed op the rest did not run
 */
public record Accepted(InboxEntry entry, List<Outcome> outcomes) {
  /** Copies the list. */
  public Accepted {
    outcomes = List.copyOf(outcomes);
  }

  /** Whether every op ran. */
  public boolean done() {
    return entry.state() == ProposalState.DONE;
  }
}
