package dev.agentkit.inbox;

import java.util.List;
import java.util.Optional;

/**
 * One page of proposals.
 *
 * @param entries the proposals, in ask-key order
 * @param next the key to pass to {@link InboxQuery#after} for the next page; empty on the last
 */
public record InboxPage(List<InboxEntry> entries, Optional<String> next) {
  /** Copies the list. */
  public InboxPage {
    entries = List.copyOf(entries);
  }
}
