package dev.agentkit.langchain4j;

import dev.agentkit.Call;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import java.time.Duration;

/**
 * Hears what {@link AgentkitTools} does with each tool call, for metrics and audit. Every method
 * has an empty default, so a listener overrides only what it needs. A call is first {@linkplain
 * #verified verified} or {@linkplain #rejected rejected}; a verified call then ends {@linkplain
 * #ran ran}, {@linkplain #proposed proposed}, {@linkplain #unchanged unchanged}, {@linkplain
 * #failed failed}, or rejected when another call of its message was not valid.
 *
 * <p>Methods are called on the thread that executes the call, possibly several at once; an
 * exception a listener throws is logged and otherwise ignored, so a listener cannot change what the
 * model is told.
 */
public interface ToolCallListener {
  /**
   * The guard accepted the call.
   *
   * @param took how long the guard took
   */
  default void verified(ToolExecutionRequest request, Call call, Duration took) {}

  /**
   * The call did not run, and the model was sent a correction: the call itself was not valid, or
   * another call of its message was not.
   *
   * @param took how long judging the call took
   */
  default void rejected(ToolCallResult.Corrected result, Duration took) {}

  /**
   * The call ran through its run handler.
   *
   * @param took how long the run handler took
   */
  default void ran(ToolCallResult.Ran result, Duration took) {}

  /**
   * The call was withheld and proposed: deliver {@code result.proposal()} to the user.
   *
   * @param took how long building the proposal took
   */
  default void proposed(ToolCallResult.Proposed result, Duration took) {}

  /**
   * The call would have changed nothing, so it neither ran nor was proposed.
   *
   * @param took how long the premise check took
   */
  default void unchanged(ToolCallResult.Unchanged result, Duration took) {}

  /**
   * Running or proposing the call threw; {@code result.failure()} is the exception.
   *
   * @param took how long the attempt took
   */
  default void failed(ToolCallResult.Failed result, Duration took) {}
}
