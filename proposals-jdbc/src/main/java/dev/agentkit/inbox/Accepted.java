package dev.agentkit.inbox;

import dev.agentkit.Outcome;
import java.util.List;

/**
 * What an accept did.
 *
 * @param entry the proposal afterwards: {@link ProposalState#DONE} or {@link ProposalState#FAILED};
 *     still {@link ProposalState#PENDING} while approvals are missing
 * @param outcomes one outcome per op that ran, in order; after a failed op the rest did not run;
 *     empty while approvals are missing
 * @param approvalsMissing how many more approvals the oversight needs before the ops run; 0 once
 *     they ran
 */
public record Accepted(InboxEntry entry, List<Outcome> outcomes, int approvalsMissing) {
  /** Copies the list. */
  public Accepted {
    outcomes = List.copyOf(outcomes);
  }

  /** Whether the proposal still waits for other approvers; nothing ran yet. */
  public boolean waiting() {
    return approvalsMissing > 0;
  }

  /** Whether this accept ran every op (never true of a waiting approval). */
  public boolean done() {
    return approvalsMissing == 0 && entry.state() == ProposalState.DONE;
  }
}
