package dev.agentkit.examples.spring;

import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.Call;
import dev.agentkit.ProgramRejectedException;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.spring.MeteredAgent;
import dev.agentkit.springai.AgentkitToolCallingManager;
import dev.agentkit.tool.GuardResult;
import dev.agentkit.tool.ToolCallGuard;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.model.tool.ToolCallingManager;
import org.springframework.ai.model.tool.ToolExecutionResult;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * The agentkit tool-calling manager, with each model message's gate decisions recorded in the
 * starter's metrics ({@code agentkit.gate.decisions}).
 *
 * <p>The Spring AI adapter gates through the live agent and has no listener, so the starter's
 * meters (which {@link MeteredAgent} feeds) do not see its decisions by themselves. Before the
 * agentkit manager judges and carries out a message, this gates the same program through the
 * agent's {@link MeteredAgent} with the same ceiling: a message the guard corrects is gated by
 * neither, and for a valid one both gates decide alike against the same live contract (except a
 * withheld call on an object the labeler does not know, which the adapter corrects after its gate
 * and this counts as proposed). It records only; what runs and what the model is told is the
 * agentkit manager's alone. A stopgap until the adapter reports its decisions itself.
 */
final class GateMetrics implements ToolCallingManager {
  private final ToolCallingManager agentkit = AgentkitToolCallingManager.create();
  private final MeteredAgent<?> agent;
  private final AutonomyRung ceiling;

  GateMetrics(MeteredAgent<?> agent, AutonomyRung ceiling) {
    this.agent = agent;
    this.ceiling = ceiling;
  }

  @Override
  public List<ToolDefinition> resolveToolDefinitions(ToolCallingChatOptions options) {
    return agentkit.resolveToolDefinitions(options);
  }

  @Override
  public ToolExecutionResult executeToolCalls(Prompt prompt, ChatResponse response) {
    for (Generation g : response.getResults()) {
      if (g.getOutput().hasToolCalls()) {
        record(g.getOutput().getToolCalls());
        break;
      }
    }
    return agentkit.executeToolCalls(prompt, response);
  }

  /** Gates the message's calls through the metered agent when the guard accepts every one. */
  private void record(List<AssistantMessage.ToolCall> calls) {
    ToolCallGuard guard = ToolCallGuard.of(actsNow());
    List<Call> program = new ArrayList<>(calls.size());
    for (AssistantMessage.ToolCall c : calls) {
      if (!(guard.check(c.name(), c.arguments()) instanceof GuardResult.Accepted accepted)) {
        return;
      }
      program.add(accepted.call());
    }
    try {
      agent.gate(program, ceiling);
    } catch (ProgramRejectedException e) {
      // Counted by kind in agentkit.verify.rejections; the agentkit manager corrects the model.
    }
  }

  private ActionSet<?> actsNow() {
    try {
      return agent.acts();
    } catch (AgentPausedException e) {
      return agent.live().lastBound().acts();
    }
  }
}
