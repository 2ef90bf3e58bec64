package dev.agentkit.inbox;

import dev.agentkit.ActionSet;
import dev.agentkit.proposal.Proposal;
import java.util.List;
import java.util.Objects;

/**
 * One agent run's proposals, with the acts and state they were made from, so the inbox can drop the
 * ones that would change nothing before storing the rest.
 *
 * @param actions the bound acts the proposals' ops were verified against
 * @param state the agent's state, read by the no-op filter
 * @param proposals the proposals, ranked: the flood cap keeps each agent's first ones
 * @param <S> the agent's state type
 */
public record ProposalBatch<S>(ActionSet<S> actions, S state, List<Proposal> proposals) {
  /** Copies the list. */
  public ProposalBatch {
    Objects.requireNonNull(actions, "actions");
    proposals = List.copyOf(proposals);
  }

  /** A batch. */
  public static <S> ProposalBatch<S> of(ActionSet<S> actions, S state, List<Proposal> proposals) {
    return new ProposalBatch<>(actions, state, proposals);
  }
}
