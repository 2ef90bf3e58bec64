package dev.agentkit.inbox;

/**
 * A person's word on the op in doubt of an accept in flight (the op at {@code opsDone}: handed to
 * the runner with no outcome recorded, or, for an accepted proposal, the first op), given to {@link
 * ProposalInbox#settle}. Each is recorded in the audit trail with who gave it and their note.
 */
public enum Settlement {
  /**
   * The op took effect (the person checked the backend): it is recorded done, and the ops after it
   * run.
   */
  APPLIED,
  /**
   * The op did not take effect: it is recorded failed, the ops after it do not run, and the
   * proposal is failed (the agent may propose it again).
   */
  NOT_APPLIED,
  /**
   * Send the op again with the same idempotency key, then the ops after it. Safe where the backend
   * honours the key (it applies a key once and answers a repeat with the first result); where it
   * does not, only a person who checked the op did not take effect should choose this.
   */
  RUN_AGAIN
}
