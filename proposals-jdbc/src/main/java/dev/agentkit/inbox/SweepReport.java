package dev.agentkit.inbox;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a {@linkplain ProposalInbox#sweep() sweep} did.
 *
 * @param byKey what happened to each proposal past its deadline, in ask-key order
 */
public record SweepReport(Map<String, Expired> byKey) {
  /** Copies the map. */
  public SweepReport {
    byKey = Collections.unmodifiableMap(new TreeMap<>(byKey));
  }

  /** What the expiry policy did with one proposal. */
  public enum Expired {
    /** Declined by {@value ProposalInbox#EXPIRY_ACTOR}. */
    DECLINED,
    /** Handed to the escalation set, with a fresh deadline. */
    ESCALATED,
    /** Kept pending, with no deadline. */
    KEPT
  }
}
