package dev.agentkit;

import java.util.Optional;

/** Pauses as a live agent reports them, for tests outside this package. */
public final class LiveAgentPauses {
  private LiveAgentPauses() {}

  /** The pause of an agent whose contract source is stale, refusing {@code refused}. */
  public static AgentPausedException stale(String agent, String refused) {
    return new AgentPausedException(
        agent,
        refused,
        LiveAgent.State.SOURCE_STALE,
        "the last fetch was 3 minutes ago, past the max staleness of 2 minutes",
        Optional.empty());
  }
}
