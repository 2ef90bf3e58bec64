package dev.agentkit.inbox;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What {@link ProposalInbox#propose} did with a batch.
 *
 * @param byKey what happened to each stored ask key, in ask-key order
 * @param droppedNoOps how many proposals the no-op filter dropped (they would change nothing)
 * @param droppedByAgent how many the flood cap dropped, per agent; they come back next run
 * @param refused the proposals refused before anything was written, by ask key: the tagged sentence
 *     ({@code [InboxLimit]} or {@code [InboxUnstorable]}) naming the value and the limit
 */
public record ProposeReport(
    Map<String, Disposition> byKey,
    int droppedNoOps,
    SortedMap<String, Integer> droppedByAgent,
    SortedMap<String, String> refused) {

  /** Copies the maps. */
  public ProposeReport {
    byKey = Collections.unmodifiableMap(new LinkedHashMap<>(byKey));
    droppedByAgent = Collections.unmodifiableSortedMap(new TreeMap<>(droppedByAgent));
    refused = Collections.unmodifiableSortedMap(new TreeMap<>(refused));
  }

  /** A report in which no proposal was refused. */
  public ProposeReport(
      Map<String, Disposition> byKey, int droppedNoOps, SortedMap<String, Integer> droppedByAgent) {
    this(byKey, droppedNoOps, droppedByAgent, new TreeMap<>());
  }

  /** How many proposals have the given disposition. */
  public long count(Disposition d) {
    return byKey.values().stream().filter(d::equals).count();
  }

  /** What {@code propose} did with one ask key. */
  public enum Disposition {
    /** A new pending proposal. */
    ADDED,
    /** The key was pending: its content was refreshed, no second row. */
    REFRESHED,
    /**
     * The key was declined or done and the agent's cool-off has passed, or it failed: pending
     * again, in a new round.
     */
    REOPENED,
    /** The key was declined or done within the cool-off: the decision stands, nothing changed. */
    KEPT_DECIDED,
    /** The key is accepted and awaits its outcome: nothing changed. */
    IN_FLIGHT,
    /**
     * The proposal was refused before anything was written, since a value is over a limit or cannot
     * be stored as it is; {@link #refused()} says which. The stored row, if any, is as it was.
     */
    REFUSED
  }
}
