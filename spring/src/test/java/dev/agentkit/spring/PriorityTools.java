package dev.agentkit.spring;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.springai.AgentkitToolCallbacks;
import dev.agentkit.springai.StateResolver;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The agent's acts as Spring AI tools, each call a model makes counted in the gate meters. */
@Configuration(proxyBeanMethods = false)
public class PriorityTools {
  @Bean
  AgentkitToolCallbacks<Desk> priorityTools(
      MeteredAgent<Desk> agent, ToolCallMeters meters, Desk desk, Approvals approvals) {
    return AgentkitToolCallbacks.builder(agent.live(), "priority")
        .ceiling(AutonomyRung.AUTO)
        .anchor(call -> ObjectRef.of("project", call.arg("project_id")))
        .labeler(desk::label)
        .proposals(approvals::add)
        .state(StateResolver.of(desk))
        .listener(meters.forAgent(agent)) // counted in agentkit.gate.decisions
        .build();
  }
}
