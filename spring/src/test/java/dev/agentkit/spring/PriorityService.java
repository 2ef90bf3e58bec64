package dev.agentkit.spring;

import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.Plan;
import dev.agentkit.contract.AutonomyRung;
import java.util.ArrayList;
import java.util.List;

/** Runs what the model proposed: the calls the gate applies run now, the rest go to a person. */
public class PriorityService {
  private final MeteredAgent<Desk> agent;

  public PriorityService(MeteredAgent<Desk> agent) {
    this.agent = agent;
  }

  /** Gates the program, runs the calls it applies, and returns the questions for the rest. */
  public List<String> handle(Desk desk, List<Call> program) throws Exception {
    Plan plan = agent.gate(program, AutonomyRung.AUTO); // verified against the newest contract
    for (Call call : plan.apply()) {
      Outcome outcome = agent.run(desk, call); // timed in agentkit.act.runs
      if (!outcome.done()) {
        throw new IllegalStateException(outcome.failure());
      }
    }
    List<String> questions = new ArrayList<>();
    for (Call call : plan.propose()) {
      questions.add(agent.ask(call));
    }
    return questions;
  }
}
