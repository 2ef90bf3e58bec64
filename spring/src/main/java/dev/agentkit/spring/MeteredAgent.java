package dev.agentkit.spring;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;
import dev.agentkit.Plan;
import dev.agentkit.ProgramRejectedException;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.Problem;
import io.micrometer.observation.Observation;
import java.util.List;
import java.util.Objects;

/**
 * A bound agent's {@link LiveAgent}, with each use recorded: verify rejections by problem kind
 * ({@code agentkit.verify.rejections}), gate decisions by opcode ({@code agentkit.gate.decisions},
 * decision {@code apply} or {@code propose}), and each gate and run as an {@link
 * AgentkitObservation} ({@code agentkit.gate}, {@code agentkit.act.runs}, outcome {@code done},
 * {@code failed}, {@code rejected}, {@code paused} or {@code error}; the run in scope, so what its
 * handler does is traced under it). The starter registers one bean of this type per {@code @Agent}
 * bean, beside the {@code LiveAgent} bean; each method behaves exactly as the live agent's.
 * Thread-safe.
 *
 * @param <S> the agent's state type
 */
public final class MeteredAgent<S> {
  private final AgentId agent;
  private final LiveAgent<S> live;
  private final AgentObserver observer;
  private final AgentkitObservations observations;

  MeteredAgent(
      AgentId agent, LiveAgent<S> live, AgentObserver observer, AgentkitObservations observations) {
    this.agent = Objects.requireNonNull(agent, "agent");
    this.live = Objects.requireNonNull(live, "live");
    this.observer = Objects.requireNonNull(observer, "observer");
    this.observations = Objects.requireNonNull(observations, "observations");
  }

  /** The agent bean's name: the meters' {@code agent} tag. */
  public String name() {
    return agent.bean();
  }

  /** The agent's bean name and class, as the meters tag them. */
  AgentId id() {
    return agent;
  }

  /** The live agent underneath, whose uses are not recorded. */
  public LiveAgent<S> live() {
    return live;
  }

  /** As {@link LiveAgent#state()}. */
  public LiveAgent.State state() {
    return live.state();
  }

  /** As {@link LiveAgent#acts()}. */
  public ActionSet<S> acts() {
    return live.acts();
  }

  /** As {@link LiveAgent#verify}; each problem is counted by its kind. */
  public List<Problem> verify(Call call) {
    List<Problem> problems = live.verify(call);
    for (Problem p : problems) {
      observer.rejected(agent, p.kind());
    }
    return problems;
  }

  /**
   * As {@link LiveAgent#gate}; each call applied or proposed is counted by its opcode, and each
   * problem of a rejected program by its kind.
   */
  public Plan gate(List<Call> program, AutonomyRung ceiling) {
    AgentkitObservationContext context =
        new AgentkitObservationContext(AgentkitObservation.GATE, null, agent, opcode(program));
    Observation observation = observations.start(context);
    Plan plan;
    try {
      plan = live.gate(program, ceiling);
    } catch (ProgramRejectedException e) {
      rejected(e);
      context.outcome("rejected");
      observation.error(e).stop();
      throw e;
    } catch (RuntimeException e) {
      context.outcome("error");
      observation.error(e).stop();
      throw e;
    }
    for (Call c : plan.apply()) {
      observer.gated(agent, c.opcode(), true);
    }
    for (Call c : plan.propose()) {
      observer.gated(agent, c.opcode(), false);
    }
    context.outcome(
        plan.propose().isEmpty() ? "apply" : plan.apply().isEmpty() ? "propose" : "mixed");
    observation.stop();
    return plan;
  }

  /** The program's one opcode, or {@code mixed}: a key of few values, whatever the program. */
  private String opcode(List<Call> program) {
    String one = null;
    for (Call c : program) {
      if (one != null && !one.equals(c.opcode())) {
        return "mixed";
      }
      one = c.opcode();
    }
    return one == null || !live.lastBound().acts().opcodes().contains(one) ? "unknown" : one;
  }

  /** As {@link LiveAgent#run}; the run is timed with its outcome. */
  public Outcome run(S state, Call call) throws Exception {
    String opcode =
        live.lastBound().acts().opcodes().contains(call.opcode()) ? call.opcode() : "unknown";
    return observations.observeRun(agent, opcode, () -> live.run(state, call), this::rejected);
  }

  /** As {@link LiveAgent#ask}. */
  public String ask(Call call) {
    return live.ask(call);
  }

  private void rejected(ProgramRejectedException e) {
    for (ProgramRejectedException.CallProblems c : e.calls()) {
      for (Problem p : c.problems()) {
        observer.rejected(agent, p.kind());
      }
    }
  }

  @Override
  public String toString() {
    return "metered " + live;
  }
}
