package dev.agentkit.proposal;

import java.util.List;

/**
 * Thrown by {@link Proposal.Builder#build()} when the proposal cannot be built; lists every
 * problem, each a sentence naming what is missing or wrong and how to fix it.
 */
public final class InvalidProposalException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  InvalidProposalException(String agent, List<String> problems) {
    super(headline(agent, problems) + "\n  - " + String.join("\n  - ", problems));
    this.problems = List.copyOf(problems);
  }

  private static String headline(String agent, List<String> problems) {
    String who = agent.isBlank() ? "a proposal" : "a proposal from " + agent;
    int n = problems.size();
    return who + " cannot be built (" + n + (n == 1 ? " problem)" : " problems)");
  }

  /** Every problem, in the order found. */
  public List<String> problems() {
    return problems;
  }
}
