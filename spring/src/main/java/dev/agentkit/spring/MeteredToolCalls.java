package dev.agentkit.spring;

import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.springai.ToolCallListener;
import java.time.Duration;

/** Counts how each tool call of one agent ended as a gate decision; see {@link ToolCallMeters}. */
final class MeteredToolCalls implements ToolCallListener {
  private final AgentId agent;
  private final AgentObserver observer;

  MeteredToolCalls(AgentId agent, AgentObserver observer) {
    this.agent = agent;
    this.observer = observer;
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
  public String toString() {
    return "metered tool calls of " + agent.bean();
  }
}
