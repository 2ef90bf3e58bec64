package dev.agentkit.examples.spring;

import dev.agentkit.proposal.Proposal;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Where the withheld calls' proposals wait for a person. The example keeps them in memory; a
 * service would send them to the proposal inbox (agentkit-proposals-jdbc, docs/inbox.md).
 */
public final class ProposalDesk {
  private final List<Proposal> pending = new CopyOnWriteArrayList<>();

  /** Receives one proposal (the tool callbacks' sink). */
  public void add(Proposal proposal) {
    pending.add(proposal);
  }

  /** The proposals waiting, oldest first. */
  public List<Proposal> pending() {
    return List.copyOf(pending);
  }
}
