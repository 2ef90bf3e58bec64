package dev.agentkit.spring;

import dev.agentkit.springai.AgentkitToolCallbacks;
import dev.agentkit.springai.ToolCallListener;
import java.util.Objects;

/**
 * Records the tool calls a Spring AI model makes through {@link AgentkitToolCallbacks} in the
 * starter's gate meters ({@code agentkit.gate.decisions}), beside the decisions of the agent's
 * {@link MeteredAgent}. The starter registers one bean of this type when {@code agentkit-spring-ai}
 * is on the classpath; pass its listener to the callbacks' builder:
 *
 * <pre>{@code
 * AgentkitToolCallbacks.builder(metered.live(), "triage")
 *     ...
 *     .listener(meters.forAgent(metered))
 *     .build();
 * }</pre>
 *
 * <p>Each call a model makes is counted once, by its act's opcode, when it ends: {@code apply} when
 * it ran (or was to run and would have changed nothing, or failed), {@code propose} when it was
 * withheld (proposed, paused for review, or would have changed nothing, or could not be proposed).
 * A call that was corrected, or held back because another call of its message was not valid, is not
 * a gate decision and is not counted, as a rejected program is not.
 *
 * <p>The listener also traces: each call is an {@link AgentkitObservation#GATE} observation from
 * its judging to its end (outcome {@code ran}, {@code proposed}, {@code unchanged}, {@code failed}
 * or {@code corrected}), a child of the observation in scope when it was judged (Spring AI's, or
 * the request's), and each run an {@link AgentkitObservation#RUN} observation inside it, in scope
 * while the handler runs. Thread-safe.
 */
public final class ToolCallMeters {
  private final AgentObserver observer;
  private final AgentkitObservations observations;

  ToolCallMeters(AgentObserver observer, AgentkitObservations observations) {
    this.observer = Objects.requireNonNull(observer, "observer");
    this.observations = Objects.requireNonNull(observations, "observations");
  }

  /**
   * The listener that counts the calls of this agent's callbacks, under the agent bean's name and
   * class, as its {@link MeteredAgent} counts its own uses.
   */
  public ToolCallListener forAgent(MeteredAgent<?> agent) {
    Objects.requireNonNull(agent, "agent");
    return new MeteredToolCalls(agent.id(), agent.live(), observer, observations);
  }

  @Override
  public String toString() {
    return "agentkit tool call meters";
  }
}
