package dev.agentkit.tool;

import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.proposal.Proposal;
import java.time.Duration;
import java.util.Objects;

/**
 * What a {@link ToolCallFlow} did with one tool call: it ran, it was proposed, it would have
 * changed nothing, it was corrected, or it failed. {@link #text()} goes back to the model; the rest
 * is for the operator.
 */
public sealed interface ToolCallOutcome
    permits ToolCallOutcome.Ran,
        ToolCallOutcome.Proposed,
        ToolCallOutcome.Unchanged,
        ToolCallOutcome.Corrected,
        ToolCallOutcome.Failed {

  /** The reply for the model: a short sentence, never a stack trace or a class name. */
  String text();

  /** Whether the model's API should mark the reply as an error. */
  default boolean isError() {
    return false;
  }

  /** A short account for the operator's log; never send it to the model. */
  String detail();

  /** Tells the listener how the call ended. */
  void tell(ToolCallListener listener, Duration took);

  /** The call ran; {@code outcome} is done and carries the handler's value. */
  record Ran(String text, Outcome outcome) implements ToolCallOutcome {
    /** Checks every part is present. */
    public Ran {
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(outcome, "outcome");
    }

    @Override
    public String detail() {
      return ToolCallDetail.ran(outcome.call());
    }

    @Override
    public void tell(ToolCallListener listener, Duration took) {
      listener.ran(outcome, took);
    }
  }

  /** The call was withheld and its proposal delivered; {@code paused} for a paused live agent. */
  record Proposed(String text, Call call, Proposal proposal, boolean paused)
      implements ToolCallOutcome {
    /** Checks every part is present. */
    public Proposed {
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(call, "call");
      Objects.requireNonNull(proposal, "proposal");
    }

    @Override
    public String detail() {
      return ToolCallDetail.proposed(proposal);
    }

    @Override
    public void tell(ToolCallListener listener, Duration took) {
      listener.proposed(call, proposal, paused, took);
    }
  }

  /** By its premise the call would change nothing; {@code applied} when it would have run. */
  record Unchanged(String text, Call call, boolean applied) implements ToolCallOutcome {
    /** Checks every part is present. */
    public Unchanged {
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(call, "call");
    }

    @Override
    public String detail() {
      return ToolCallDetail.unchanged(call);
    }

    @Override
    public void tell(ToolCallListener listener, Duration took) {
      listener.unchanged(call, applied, took);
    }
  }

  /** The call was not valid, or another call of its message was not; nothing ran. */
  record Corrected(String text, GuardResult.Correction correction) implements ToolCallOutcome {
    /** Checks every part is present. */
    public Corrected {
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(correction, "correction");
    }

    @Override
    public boolean isError() {
      return true;
    }

    @Override
    public String detail() {
      return ToolCallDetail.corrected(correction);
    }

    @Override
    public void tell(ToolCallListener listener, Duration took) {
      listener.rejected(correction, took);
    }
  }

  /**
   * The call was valid, but running or proposing it threw; {@code applied} when it was being run.
   */
  record Failed(String text, Call call, boolean applied, Exception failure)
      implements ToolCallOutcome {
    /** Checks every part is present. */
    public Failed {
      Objects.requireNonNull(text, "text");
      Objects.requireNonNull(call, "call");
      Objects.requireNonNull(failure, "failure");
    }

    @Override
    public boolean isError() {
      return true;
    }

    @Override
    public String detail() {
      return ToolCallDetail.failed(call, failure);
    }

    @Override
    public void tell(ToolCallListener listener, Duration took) {
      listener.failed(call, applied, failure, took);
    }
  }
}
