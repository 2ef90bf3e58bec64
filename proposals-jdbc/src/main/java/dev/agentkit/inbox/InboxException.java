package dev.agentkit.inbox;

import java.util.List;

/**
 * A request the inbox refused or could not carry out. The message is one sentence starting with a
 * stable {@code [Tag]} (see {@link Kind}); {@link #problems()} lists the sentences behind it, such
 * as the verify sentences of a drifted op. Messages never hold a stack trace or a JDBC password.
 */
public final class InboxException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Kind kind;
  private final String sentence;
  private final transient List<String> problems;

  InboxException(Kind kind, String sentence, List<String> problems, Throwable cause) {
    super("[" + kind.tag() + "] " + sentence + listing(problems), cause);
    this.kind = kind;
    this.sentence = sentence;
    this.problems = List.copyOf(problems);
  }

  /** This refusal with more said after its sentence (what it leaves behind, what to do). */
  InboxException followedBy(String more) {
    return new InboxException(kind, sentence + more, problems, getCause());
  }

  InboxException(Kind kind, String sentence) {
    this(kind, sentence, List.of(), null);
  }

  private static String listing(List<String> problems) {
    return problems.isEmpty() ? "" : "\n  - " + String.join("\n  - ", problems);
  }

  /** What went wrong, with its stable tag. */
  public Kind kind() {
    return kind;
  }

  /** The sentences behind the message, in order; empty when the message says it all. */
  public List<String> problems() {
    return problems;
  }

  /** The reasons the inbox refuses a request, each with a tag that never changes. */
  public enum Kind {
    /** No proposal has the ask key. */
    NOT_FOUND("InboxNotFound"),
    /** The proposal was already decided (or is being run), so it cannot be decided again. */
    NOT_PENDING("InboxNotPending"),
    /** The proposal's agent is not registered with the inbox, so its ops cannot be re-verified. */
    UNKNOWN_AGENT("InboxUnknownAgent"),
    /** The person is not in the set of approvers the proposal's oversight names. */
    NOT_APPROVER("InboxNotApprover"),
    /** The person already approved this round of the proposal; it waits for others. */
    ALREADY_APPROVED("InboxAlreadyApproved"),
    /** A slot value is missing, unknown or of the wrong type. */
    SLOT("InboxSlot"),
    /** An op no longer verifies against the live contract; the proposal stays pending. */
    DRIFT("InboxDrift"),
    /** An argument of the call is missing or malformed (a blank decider, a bad page size). */
    ARGUMENT("InboxArgument"),
    /** The schema migrations could not be applied. */
    MIGRATION("InboxMigration"),
    /** The database refused or failed a statement. */
    DATABASE("InboxDatabase"),
    /** Concurrent writers kept conflicting after every retry. */
    BUSY("InboxBusy"),
    /**
     * An op ran but its outcome could not be written; the proposal stays running, and the message
     * says how to settle it.
     */
    OUTCOME_UNRECORDED("InboxOutcomeUnrecorded"),
    /** A value is over one of the inbox's limits (docs/inbox.md); nothing of it was stored. */
    LIMIT("InboxLimit"),
    /**
     * A value holds a character no column stores as it is (NUL where PostgreSQL refuses it, a lone
     * surrogate anywhere), so storing it would change it; it is refused instead.
     */
    UNSTORABLE("InboxUnstorable"),
    /**
     * The agent's live contract could not be had (the source did not answer, or the host's binding
     * threw), so nothing was verified and nothing ran; the proposal stays pending.
     */
    SOURCE_UNAVAILABLE("InboxSourceUnavailable"),
    /**
     * A stored row this version of the inbox cannot read (an unknown archetype, malformed JSON).
     */
    UNREADABLE("InboxUnreadable"),
    /**
     * The proposal changed between the read an approval was made on and the approval: a new version
     * (the agent changed what it runs), or it was escalated. Nothing was recorded.
     */
    CHANGED("InboxChanged"),
    /** The proposal's deadline passed, so it can no longer be approved; the sweep handles it. */
    EXPIRED("InboxExpired"),
    /**
     * {@code recover} of a running proposal: an op was handed to the runner and its outcome is not
     * recorded, so only a person's {@code settle} decides it.
     */
    OUTCOME_UNKNOWN("InboxOutcomeUnknown"),
    /** {@code recover} or {@code settle} of a proposal that is not accepted or running. */
    NOT_IN_FLIGHT("InboxNotInFlight"),
    /** {@code settle} of an op handed to the runner less than the run timeout ago. */
    STILL_RUNNING("InboxStillRunning");

    private final String tag;

    Kind(String tag) {
      this.tag = tag;
    }

    /** The stable tag, without brackets. */
    public String tag() {
      return tag;
    }
  }
}
