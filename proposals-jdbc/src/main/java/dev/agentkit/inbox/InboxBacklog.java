package dev.agentkit.inbox;

import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What waits in the inbox, for a health check or a gauge ({@link ProposalInbox#backlog()}): how
 * many proposals are in each state, since when the oldest pending one has waited, and how many
 * accepts are stranded in flight. Immutable.
 *
 * @param counts the number of proposals in each state; every state is present, zero when none is
 * @param oldestPending when the round of the oldest pending proposal was proposed; empty when none
 *     is pending
 * @param stranded the accepts in flight for longer than the inbox's run timeout: accepted ones
 *     claimed that long ago whose ops never started ({@link ProposalInbox#recover} runs them), and
 *     running ones whose op in doubt was handed to the runner that long ago ({@link
 *     ProposalInbox#settle} decides it). Each needs a person or a recovery.
 * @param at when it was read, by the inbox's clock
 */
public record InboxBacklog(
    Map<ProposalState, Long> counts, Optional<Instant> oldestPending, long stranded, Instant at) {
  /** Copies the counts, with every state present. */
  public InboxBacklog {
    Map<ProposalState, Long> all = new EnumMap<>(ProposalState.class);
    for (ProposalState s : ProposalState.values()) {
      all.put(s, counts.getOrDefault(s, 0L));
    }
    counts = Map.copyOf(all);
    Objects.requireNonNull(oldestPending, "oldestPending");
    Objects.requireNonNull(at, "at");
  }

  /** How many proposals wait for a person's decision. */
  public long pending() {
    return counts.get(ProposalState.PENDING);
  }

  /** How many accepts are in flight: accepted or running. */
  public long inFlight() {
    return counts.get(ProposalState.ACCEPTED) + counts.get(ProposalState.RUNNING);
  }

  /** How long the oldest pending proposal has waited when this was read; empty when none is. */
  public Optional<Duration> oldestPendingAge() {
    return oldestPending.map(
        o -> Duration.between(o, at).isNegative() ? Duration.ZERO : Duration.between(o, at));
  }
}
