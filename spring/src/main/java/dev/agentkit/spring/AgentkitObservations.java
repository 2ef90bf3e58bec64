package dev.agentkit.spring;

import dev.agentkit.AgentPausedException;
import dev.agentkit.Outcome;
import dev.agentkit.ProgramRejectedException;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.ObservationRegistry;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Makes the starter's {@link AgentkitObservation}s in the application's ObservationRegistry, each
 * with the user's {@link AgentkitObservationConvention} bean for it when there is one, else a
 * convention registered with the registry, else the starter's. The registry is looked up at first
 * use and kept. Thread-safe.
 */
final class AgentkitObservations {
  /**
   * The registry to observe in when the application has no ObservationRegistry bean: the metrics
   * auto-configuration's, over the MeterRegistry.
   */
  interface Fallback extends Supplier<ObservationRegistry> {}

  /** Observations that record nothing. */
  static final AgentkitObservations NONE =
      new AgentkitObservations(() -> ObservationRegistry.NOOP, List.of());

  private static final Map<AgentkitObservation, DefaultAgentkitObservationConvention> DEFAULTS =
      defaults();

  private final Supplier<ObservationRegistry> lookup;
  private final Map<AgentkitObservation, AgentkitObservationConvention> custom =
      new EnumMap<>(AgentkitObservation.class);
  private volatile ObservationRegistry registry;

  AgentkitObservations(
      Supplier<ObservationRegistry> lookup, List<AgentkitObservationConvention> conventions) {
    this.lookup = lookup;
    for (AgentkitObservationConvention c : conventions) {
      custom.putIfAbsent(c.observation(), c);
    }
  }

  /** A started observation of the context; its parent is the observation in scope, if any. */
  Observation start(AgentkitObservationContext context) {
    return create(context).start();
  }

  /**
   * Runs an act inside its {@code agentkit.act.runs} observation, whose outcome is {@code done} or
   * {@code failed} as the act's outcome says, {@code paused} or {@code rejected} as the run threw,
   * and {@code error} for anything else thrown. The observation is in scope while the act runs.
   *
   * @param rejected told of a program the gate rejected, before it is thrown on
   */
  Outcome observeRun(
      AgentId agent,
      String opcode,
      Callable<Outcome> run,
      Consumer<ProgramRejectedException> rejected)
      throws Exception {
    AgentkitObservationContext context =
        new AgentkitObservationContext(AgentkitObservation.RUN, null, agent, opcode);
    Observation observation = start(context);
    String outcome = "error";
    try (Observation.Scope scope = observation.openScope()) {
      Outcome o = run.call();
      outcome = o.done() ? "done" : "failed";
      return o;
    } catch (AgentPausedException e) {
      outcome = "paused";
      observation.error(e);
      throw e;
    } catch (ProgramRejectedException e) {
      outcome = "rejected";
      rejected.accept(e);
      observation.error(e);
      throw e;
    } catch (Exception e) {
      observation.error(e);
      throw e;
    } finally {
      context.outcome(outcome);
      observation.stop();
    }
  }

  /** The observation of the context, not started. */
  private Observation create(AgentkitObservationContext context) {
    ObservationConvention<AgentkitObservationContext> own = custom.get(context.observation());
    return Observation.createNotStarted(
        own, DEFAULTS.get(context.observation()), () -> context, registry());
  }

  private ObservationRegistry registry() {
    ObservationRegistry r = registry;
    if (r == null) {
      r = lookup.get();
      registry = r == null ? ObservationRegistry.NOOP : r;
    }
    return registry;
  }

  private static Map<AgentkitObservation, DefaultAgentkitObservationConvention> defaults() {
    Map<AgentkitObservation, DefaultAgentkitObservationConvention> out =
        new EnumMap<>(AgentkitObservation.class);
    for (AgentkitObservation o : AgentkitObservation.values()) {
      out.put(o, new DefaultAgentkitObservationConvention(o));
    }
    return out;
  }
}
