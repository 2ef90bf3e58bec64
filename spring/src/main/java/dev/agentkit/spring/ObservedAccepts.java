package dev.agentkit.spring;

import dev.agentkit.inbox.AcceptObserver;
import dev.agentkit.inbox.Accepted;
import dev.agentkit.inbox.InboxEntry;
import dev.agentkit.inbox.InboxException;
import dev.agentkit.inbox.OpRunner;
import io.micrometer.observation.Observation;
import java.util.function.Supplier;

/**
 * Observes each accept of an agent's inbox ({@link AgentkitObservation#ACCEPT}, opcode of the
 * proposal's first op, outcome {@code done}, {@code failed}, {@code waiting} for more approvals, or
 * {@code refused}), in scope while it runs, and each op its runner applies ({@link
 * AgentkitObservation#RUN}, outcome {@code done} or {@code failed}), a child of the accept's.
 */
final class ObservedAccepts implements AcceptObserver {
  private final AgentId agent;
  private final AgentkitObservations observations;

  ObservedAccepts(AgentId agent, AgentkitObservations observations) {
    this.agent = agent;
    this.observations = observations;
  }

  @Override
  public Accepted accepting(InboxEntry entry, String by, Supplier<Accepted> accept) {
    AgentkitObservationContext context =
        new AgentkitObservationContext(
            AgentkitObservation.ACCEPT, null, agent, entry.ops().get(0).opcode());
    Observation observation = observations.start(context);
    try (Observation.Scope scope = observation.openScope()) {
      Accepted a = accept.get();
      context.outcome(a.waiting() ? "waiting" : a.done() ? "done" : "failed");
      return a;
    } catch (InboxException e) {
      context.outcome("refused");
      observation.error(e);
      throw e;
    } catch (RuntimeException | Error e) {
      context.outcome("error");
      observation.error(e);
      throw e;
    } finally {
      observation.stop();
    }
  }

  /** The runner, each op it applies observed as a run of the agent's act. */
  static OpRunner runs(AgentId agent, OpRunner runner, AgentkitObservations observations) {
    return OpRunner.withContext(
        (call, run) -> {
          AgentkitObservationContext context =
              new AgentkitObservationContext(AgentkitObservation.RUN, null, agent, call.opcode());
          Observation observation = observations.start(context);
          try (Observation.Scope scope = observation.openScope()) {
            Object result = runner.run(call, run);
            context.outcome("done");
            return result;
          } catch (Exception e) {
            context.outcome("failed");
            observation.error(e);
            throw e;
          } finally {
            observation.stop();
          }
        });
  }
}
