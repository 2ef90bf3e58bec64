package dev.agentkit.spring;

import dev.agentkit.proposal.Proposal;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** The proposals waiting for a person, in memory: the tests' stand-in for an inbox. */
public final class Approvals {
  private final List<Proposal> pending = new CopyOnWriteArrayList<>();

  /** Receives a withheld call's proposal. */
  public void add(Proposal proposal) {
    pending.add(proposal);
  }

  List<Proposal> pending() {
    return List.copyOf(pending);
  }
}
