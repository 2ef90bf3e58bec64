package dev.agentkit.tool;

import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.proposal.Proposal;
import java.time.Duration;

/**
 * Hears what a {@link ToolCallFlow} does with each tool call, for metrics and audit. Every method
 * has an empty default, so a listener overrides only what it needs.
 *
 * <p>A call is first {@linkplain #verified verified} or {@linkplain #rejected rejected}; a verified
 * call then ends exactly once: {@linkplain #ran ran}, {@linkplain #proposed proposed}, {@linkplain
 * #unchanged unchanged}, {@linkplain #failed failed}, or rejected when another call of its message
 * was not valid or it names an object the labeler does not know.
 *
 * <p>Methods are called on the thread that executes the call, possibly several at once; an
 * exception a listener throws is logged and otherwise ignored, so a listener cannot change what the
 * model is told. A listener that also implements {@link ToolCallTracer} traces each call too.
 */
public interface ToolCallListener {
  /**
   * The guard accepted the call.
   *
   * @param call the call, bound to its op
   * @param took how long the guard took
   */
  default void verified(Call call, Duration took) {}

  /**
   * The call did not run and was not proposed, and the model was sent the correction's sentences:
   * the call itself was not valid, it names an object the labeler does not know ({@code
   * [UnknownObject]}), or another call of its message was not valid ({@code [OtherCallsInvalid]}).
   *
   * @param correction what the model was told, and the operator's detail (rule tags first)
   * @param took how long judging the call took
   */
  default void rejected(GuardResult.Correction correction, Duration took) {}

  /**
   * The gate applied the call and it ran through its run handler.
   *
   * @param outcome the run's outcome, done, with the handler's value and the call
   * @param took how long the run handler took
   */
  default void ran(Outcome outcome, Duration took) {}

  /**
   * The call was withheld and its proposal handed to the proposal sink.
   *
   * @param call the call, bound to its op
   * @param proposal the proposal the sink received
   * @param paused true when the live agent is paused for review ({@code [PausedForReview]}: every
   *     call is withheld), false when the gate withheld it under the ceiling
   * @param took how long building and handing over the proposal took
   */
  default void proposed(Call call, Proposal proposal, boolean paused, Duration took) {}

  /**
   * The call would have changed nothing, so it neither ran nor was proposed.
   *
   * @param call the call, bound to its op
   * @param applied true when the gate had applied the call (it would have run), false when it would
   *     have been proposed
   * @param took how long the premise check took
   */
  default void unchanged(Call call, boolean applied, Duration took) {}

  /**
   * The call was valid, but running or proposing it threw; the model was told only that it failed
   * or was not sent.
   *
   * @param call the call, bound to its op
   * @param applied true when the call was being run, false when it was being proposed
   * @param failure what the run handler, a reader, the ask wording, the anchor function, the
   *     proposal's checks, the sink or the state resolver threw
   * @param took how long the attempt took
   */
  default void failed(Call call, boolean applied, Exception failure, Duration took) {}
}
