package dev.agentkit.spring;

import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.springai.ToolCallListener;
import dev.agentkit.tool.ToolCallOutcome;
import dev.agentkit.tool.ToolCallTracer;
import io.micrometer.observation.Observation;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Counts how each tool call of one agent ended as a gate decision, and observes each call ({@link
 * AgentkitObservation#GATE}, from its judging to its end, its parent the observation in scope when
 * it was judged) and its run ({@link AgentkitObservation#RUN}, a child of the call's, in scope on
 * the thread that runs the handler); see {@link ToolCallMeters}.
 */
final class MeteredToolCalls implements ToolCallListener, ToolCallTracer {
  private final AgentId agent;
  private final LiveAgent<?> live;
  private final AgentObserver observer;
  private final AgentkitObservations observations;

  MeteredToolCalls(
      AgentId agent, LiveAgent<?> live, AgentObserver observer, AgentkitObservations observations) {
    this.agent = agent;
    this.live = live;
    this.observer = observer;
    this.observations = observations;
  }

  @Override
  public void ran(Outcome outcome, Duration took) {
    observer.gated(agent, outcome.call().opcode(), true);
  }

  @Override
  public void proposed(Call call, Proposal proposal, boolean paused, Duration took) {
    observer.gated(agent, call.opcode(), false);
  }

  @Override
  public void unchanged(Call call, boolean applied, Duration took) {
    observer.gated(agent, call.opcode(), applied);
  }

  @Override
  public void failed(Call call, boolean applied, Exception failure, Duration took) {
    observer.gated(agent, call.opcode(), applied);
  }

  @Override
  public Span start(String agentName, String tool) {
    AgentkitObservationContext context =
        new AgentkitObservationContext(AgentkitObservation.GATE, null, agent, known(tool));
    return new CallSpan(context, observations.start(context));
  }

  /** The tool's name when it is one of the agent's acts; a name a model made up is not a key. */
  private String known(String tool) {
    String name = tool == null ? "" : tool.strip();
    return live.lastBound().acts().opcodes().contains(name) ? name : "unknown";
  }

  /** One call's observation, and its run's. */
  private final class CallSpan implements Span {
    private final AgentkitObservationContext context;
    private final Observation observation;

    CallSpan(AgentkitObservationContext context, Observation observation) {
      this.context = context;
      this.observation = observation;
    }

    @Override
    public void judged(Call call, boolean apply) {
      context.opcode(call.opcode());
    }

    @Override
    public Outcome running(Call call, Callable<Outcome> run) throws Exception {
      // In the call's scope, so that the run's parent is the call's, for tracers too (they prefer
      // the span in scope to an observation's parent).
      try (Observation.Scope callScope = observation.openScope()) {
        return observations.observeRun(agent, call.opcode(), run, e -> {});
      }
    }

    @Override
    public void ended(ToolCallOutcome outcome) {
      context.outcome(outcome.getClass().getSimpleName().toLowerCase(Locale.ROOT));
      if (outcome instanceof ToolCallOutcome.Failed f) {
        observation.error(f.failure());
      }
      observation.stop();
    }
  }

  @Override
  public String toString() {
    return "metered tool calls of " + agent.bean();
  }
}
