package dev.agentkit.inbox;

import java.util.List;
import java.util.Optional;

/**
 * One page of proposals.
 *
 * @param entries the proposals, in ask-key order
 * @param next the key to pass to {@link InboxQuery#after} for the next page; empty on the last
 * @param unreadable the rows of this page this version of the inbox cannot read (an archetype or
 *     state it does not know, JSON it did not write), each with the sentence saying why; they take
 *     their place in the page's size, so paging steps over them
 */
public record InboxPage(
    List<InboxEntry> entries, Optional<String> next, List<Unreadable> unreadable) {
  /** Copies the lists. */
  public InboxPage {
    entries = List.copyOf(entries);
    unreadable = List.copyOf(unreadable);
  }

  /** A page every row of which could be read. */
  public InboxPage(List<InboxEntry> entries, Optional<String> next) {
    this(entries, next, List.of());
  }

  /**
   * A stored row the inbox could not read.
   *
   * @param askKey its ask key
   * @param problem the {@code [InboxUnreadable]} sentence: which column, what it holds, what to do
   */
  public record Unreadable(String askKey, String problem) {}
}
