package dev.agentkit.inbox;

import java.util.function.Supplier;

/**
 * Wraps each accept an inbox carries out, for tracing and metrics: around the whole of it (the live
 * check, the approval, the claim and the ops' runs), so an observer can time it, say how it ended,
 * and be the parent of what the op runner does. The Spring Boot starter observes accepts as
 * Micrometer Observations through it. Set with {@link ProposalInbox.Builder#acceptObserver}.
 */
@FunctionalInterface
public interface AcceptObserver {
  /** An observer that only carries the accept out. */
  AcceptObserver NONE = (entry, by, accept) -> accept.get();

  /**
   * Carries out one accept, on the thread that called it: must call {@code accept} exactly once and
   * return what it returns, or let what it throws through ({@link InboxException}: a refusal, or a
   * failure the message explains).
   *
   * @param entry the proposal as read before the accept: its ask key, agent and ops
   * @param by who accepts
   * @param accept the accept itself
   */
  Accepted accepting(InboxEntry entry, String by, Supplier<Accepted> accept);
}
