package dev.agentkit.inbox;

import java.util.Locale;

/**
 * Where a proposal is in its life. See docs/inbox.md for the transitions.
 *
 * <p>Only {@link #PENDING} can be accepted or declined. An accept in flight is one of two states,
 * so that what may have reached the backend is never confused with what certainly did not: {@link
 * #ACCEPTED} (claimed; none of its ops has started, so {@link ProposalInbox#recover} may run them)
 * and {@link #RUNNING} (an op was handed to the runner and its outcome is not recorded; a person
 * decides it with {@link ProposalInbox#settle}). The inbox never runs an op of either again on its
 * own.
 */
public enum ProposalState {
  /** Waiting for a person's decision. */
  PENDING,
  /** A person refused it; re-proposals are ignored until the agent's cool-off has passed. */
  DECLINED,
  /** The approvals are complete and it is claimed, but none of its ops has started yet. */
  ACCEPTED,
  /**
   * An op was handed to the runner and its outcome is not recorded yet: it is running, or the
   * process or its connection was lost before the outcome was written.
   */
  RUNNING,
  /** Accepted, and every op ran; re-proposals are ignored until the agent's cool-off has passed. */
  DONE,
  /** Accepted, and an op failed; the ops after it did not run. A re-proposal reopens it. */
  FAILED;

  /** The lower-case name stored in the database, e.g. {@code pending}. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Whether an accept of it is in flight: accepted or running. */
  public boolean inFlight() {
    return this == ACCEPTED || this == RUNNING;
  }

  static ProposalState fromWire(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }
}
