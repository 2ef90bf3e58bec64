package dev.agentkit.inbox;

import java.util.Objects;

/**
 * Which proposals {@link ProposalInbox#pending} lists: one state (pending unless set), optionally
 * one agent, anchor object, context object and opcode, a page at a time in ask-key order.
 * Immutable; every method returns a changed copy.
 *
 * @param state the state listed
 * @param agent the agent, or empty for all
 * @param anchorKind the anchor's kind, or empty for all
 * @param anchorId the anchor's id, or empty for all
 * @param opcode the opcode of the first op, or empty for all
 * @param contextKind the kind of an object the proposals are shown under, or empty for all
 * @param contextId that object's id, or empty for all
 * @param limit the page size, 1 to {@value #MAX_LIMIT}
 * @param after list keys after this one (the previous page's {@link InboxPage#next()}), or empty
 */
public record InboxQuery(
    ProposalState state,
    String agent,
    String anchorKind,
    String anchorId,
    String opcode,
    String contextKind,
    String contextId,
    int limit,
    String after) {
  /** The largest page. */
  public static final int MAX_LIMIT = 500;

  /** The page size when none is given. */
  public static final int DEFAULT_LIMIT = 50;

  /** Checks the page size; null strings become empty. */
  public InboxQuery {
    Objects.requireNonNull(state, "state");
    agent = Objects.requireNonNullElse(agent, "").trim();
    anchorKind = Objects.requireNonNullElse(anchorKind, "").trim();
    anchorId = Objects.requireNonNullElse(anchorId, "").trim();
    opcode = Objects.requireNonNullElse(opcode, "").trim();
    contextKind = Objects.requireNonNullElse(contextKind, "").trim();
    contextId = Objects.requireNonNullElse(contextId, "").trim();
    after = Objects.requireNonNullElse(after, "");
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new InboxException(
          InboxException.Kind.ARGUMENT,
          "the page size is "
              + limit
              + ": give a limit from 1 to "
              + MAX_LIMIT
              + " and page on with after(page.next())");
    }
  }

  /** Every pending proposal, the first page. */
  public static InboxQuery pending() {
    return new InboxQuery(ProposalState.PENDING, "", "", "", "", "", "", DEFAULT_LIMIT, "");
  }

  /** Only proposals in this state. */
  public InboxQuery state(ProposalState state) {
    return new InboxQuery(
        state, agent, anchorKind, anchorId, opcode, contextKind, contextId, limit, after);
  }

  /** Only this agent's proposals. */
  public InboxQuery agent(String agent) {
    return new InboxQuery(
        state, agent, anchorKind, anchorId, opcode, contextKind, contextId, limit, after);
  }

  /** Only proposals anchored on this object. */
  public InboxQuery anchor(String kind, String id) {
    return new InboxQuery(state, agent, kind, id, opcode, contextKind, contextId, limit, after);
  }

  /**
   * Only proposals shown under this object: those whose context names it, and those anchored on it
   * (a project's board lists the asks about the project and the asks that belong on it).
   */
  public InboxQuery context(String kind, String id) {
    return new InboxQuery(state, agent, anchorKind, anchorId, opcode, kind, id, limit, after);
  }

  /** Only proposals whose first op has this opcode. */
  public InboxQuery opcode(String opcode) {
    return new InboxQuery(
        state, agent, anchorKind, anchorId, opcode, contextKind, contextId, limit, after);
  }

  /** Pages of this size. */
  public InboxQuery limit(int limit) {
    return new InboxQuery(
        state, agent, anchorKind, anchorId, opcode, contextKind, contextId, limit, after);
  }

  /** The page after the one that ended at this key. */
  public InboxQuery after(String askKey) {
    return new InboxQuery(
        state, agent, anchorKind, anchorId, opcode, contextKind, contextId, limit, askKey);
  }
}
