package dev.agentkit.inbox;

import java.util.Locale;

/**
 * Where a proposal is in its life. See docs/inbox.md for the transitions.
 *
 * <p>Only {@link #PENDING} can be accepted or declined. {@link #ACCEPTED} means a person accepted
 * and the ops were handed to the runner, but no outcome is recorded yet: the ops are running, or
 * the process stopped between accepting and recording, and the inbox never runs them again on its
 * own.
 */
public enum ProposalState {
  /** Waiting for a person's decision. */
  PENDING,
  /** A person refused it; re-proposals are ignored until the agent's cool-off has passed. */
  DECLINED,
  /** A person accepted it and its ops were handed to the runner; no outcome is recorded yet. */
  ACCEPTED,
  /** Accepted, and every op ran; re-proposals are ignored until the agent's cool-off has passed. */
  DONE,
  /** Accepted, and an op failed; the ops after it did not run. A re-proposal reopens it. */
  FAILED;

  /** The lower-case name stored in the database, e.g. {@code pending}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  static ProposalState fromWire(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }
}
