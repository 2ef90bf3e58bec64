package dev.agentkit.langchain4j;

import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.GuardResult;
import dev.agentkit.tool.ToolCallDetail;
import dev.agentkit.tool.ToolCallOutcome;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import java.time.Duration;
import java.util.Objects;

/**
 * What {@link AgentkitTools#execute} did with one tool call: it ran, it was proposed to the user,
 * it would have changed nothing, it was corrected, or it failed.
 *
 * <p>Every result carries two things for two readers. {@link #message()} goes back to the model
 * (add it to the chat memory): a short sentence, never a stack trace or a class name. The rest is
 * for the operator: what ran, the {@link Proposal} to deliver to the user, the correction with its
 * {@linkplain GuardResult.Correction#detail() detail}, or the exception. Results are immutable.
 */
public sealed interface ToolCallResult
    permits ToolCallResult.Ran,
        ToolCallResult.Proposed,
        ToolCallResult.Unchanged,
        ToolCallResult.Corrected,
        ToolCallResult.Failed {

  /** The tool call as the model sent it. */
  ToolExecutionRequest request();

  /** The tool's result for the model, answering {@link #request()} by its id. */
  ToolExecutionResultMessage message();

  /** A short account for the operator's log; never send it to the model. */
  default String detail() {
    if (this instanceof Ran r) {
      return ToolCallDetail.ran(r.call());
    } else if (this instanceof Proposed p) {
      return ToolCallDetail.proposed(p.proposal());
    } else if (this instanceof Unchanged u) {
      return ToolCallDetail.unchanged(u.call());
    } else if (this instanceof Corrected c) {
      return ToolCallDetail.corrected(c.correction());
    }
    Failed f = (Failed) this;
    return ToolCallDetail.failed(f.call(), f.failure());
  }

  /** The text of {@link #message()}. */
  default String text() {
    return message().text();
  }

  /** Tells the listener how the call ended. */
  default void tell(ToolCallListener listener, Duration took) {
    if (this instanceof Ran r) {
      listener.ran(r, took);
    } else if (this instanceof Proposed p) {
      listener.proposed(p, took);
    } else if (this instanceof Unchanged u) {
      listener.unchanged(u, took);
    } else if (this instanceof Corrected c) {
      listener.rejected(c, took);
    } else {
      listener.failed((Failed) this, took);
    }
  }

  /** Checks the two parts every result has. */
  private static void present(ToolExecutionRequest request, ToolExecutionResultMessage message) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(message, "message");
  }

  /** The result of {@code request} that the flow carried out as {@code outcome}. */
  static ToolCallResult of(ToolExecutionRequest request, ToolCallOutcome outcome) {
    ToolExecutionResultMessage m = ToolExecutionResultMessage.from(request, outcome.text());
    if (outcome.isError()) {
      // A result the model's API can mark as an error, so the model reads it as one.
      m = m.toBuilder().isError(true).build();
    }
    if (outcome instanceof ToolCallOutcome.Ran r) {
      return new Ran(request, m, r.outcome());
    } else if (outcome instanceof ToolCallOutcome.Proposed p) {
      return new Proposed(request, m, p.proposal());
    } else if (outcome instanceof ToolCallOutcome.Unchanged u) {
      return new Unchanged(request, m, u.call());
    } else if (outcome instanceof ToolCallOutcome.Corrected c) {
      return new Corrected(request, m, c.correction());
    }
    ToolCallOutcome.Failed f = (ToolCallOutcome.Failed) outcome;
    return new Failed(request, m, f.call(), f.failure());
  }

  /**
   * The call ran through its act's run handler against the agent's state; the model was sent what
   * the handler returned.
   *
   * @param outcome the run's outcome, done, with the handler's value and the bound call
   */
  record Ran(ToolExecutionRequest request, ToolExecutionResultMessage message, Outcome outcome)
      implements ToolCallResult {
    /** Checks every part is present. */
    public Ran {
      present(request, message);
      Objects.requireNonNull(outcome, "outcome");
    }

    /** The call that ran, bound to its op. */
    public Call call() {
      return outcome.call();
    }
  }

  /**
   * The call was withheld for a person: nothing ran. The model was told it was sent to the user for
   * approval, so deliver {@link #proposal()} to the user.
   *
   * @param proposal the proposal, with its tokenized question and ask key
   */
  record Proposed(
      ToolExecutionRequest request, ToolExecutionResultMessage message, Proposal proposal)
      implements ToolCallResult {
    /** Checks every part is present. */
    public Proposed {
      present(request, message);
      Objects.requireNonNull(proposal, "proposal");
    }
  }

  /**
   * By its act's premise the call would change nothing in the agent's state, so it neither ran nor
   * was proposed (the no-op filter of {@link dev.agentkit.proposal.Proposals#dropNoOps}, applied to
   * calls that may run as well as to withheld ones).
   *
   * @param call the call, bound to its op
   */
  record Unchanged(ToolExecutionRequest request, ToolExecutionResultMessage message, Call call)
      implements ToolCallResult {
    /** Checks every part is present. */
    public Unchanged {
      present(request, message);
      Objects.requireNonNull(call, "call");
    }
  }

  /**
   * The call was not valid, or another call of its message was not (tag {@code
   * [OtherCallsInvalid]}), so nothing ran and nothing was proposed; the model was sent the
   * correction's sentences.
   *
   * @param correction the problems, and the operator's detail (rule tags, the parser's words)
   */
  record Corrected(
      ToolExecutionRequest request,
      ToolExecutionResultMessage message,
      GuardResult.Correction correction)
      implements ToolCallResult {
    /** Checks every part is present. */
    public Corrected {
      present(request, message);
      Objects.requireNonNull(correction, "correction");
    }
  }

  /**
   * The call was valid, but running it or proposing it threw. The model was told only that it
   * failed, or, when the run handler threw a {@link dev.agentkit.CallFailedException}, that
   * exception's model-safe message; the exception is here.
   *
   * @param call the call, bound to its op
   * @param failure what the run handler, the ask wording, the anchor function or the proposal
   *     builder threw
   */
  record Failed(
      ToolExecutionRequest request,
      ToolExecutionResultMessage message,
      Call call,
      Exception failure)
      implements ToolCallResult {
    /** Checks every part is present. */
    public Failed {
      present(request, message);
      Objects.requireNonNull(call, "call");
      Objects.requireNonNull(failure, "failure");
    }
  }
}
