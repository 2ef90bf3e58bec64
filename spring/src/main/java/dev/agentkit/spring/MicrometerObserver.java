package dev.agentkit.spring;

import dev.agentkit.LiveAgent;
import dev.agentkit.contract.Problem;
import dev.agentkit.source.CachedContract;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Records the starter's metrics in a {@link MeterRegistry}:
 *
 * <table>
 *   <caption>Meters</caption>
 *   <tr><th>name</th><th>type</th><th>tags</th></tr>
 *   <tr><td>agentkit.contract.age</td><td>gauge, seconds</td><td>contract</td></tr>
 *   <tr><td>agentkit.contract.stale</td><td>gauge, 1 or 0</td><td>contract</td></tr>
 *   <tr><td>agentkit.verify.rejections</td><td>counter</td><td>agent, agent.class, kind (the problem's tag)</td></tr>
 *   <tr><td>agentkit.gate.decisions</td><td>counter</td><td>agent, agent.class, opcode, decision (apply, propose)</td></tr>
 *   <tr><td>agentkit.agent.transitions</td><td>counter</td><td>agent, agent.class, kind (rebound, paused, resumed, source_stale)</td></tr>
 * </table>
 *
 * <p>The timers of fetches, binds, gate decisions, runs and accepts are the {@link
 * AgentkitObservation}s'. Every agent meter is tagged {@code agent} with the agent bean's name and
 * {@code agent.class} with its class. The registry is looked up at first use, so the observer can
 * exist before it.
 */
final class MicrometerObserver implements AgentObserver {
  private final Supplier<MeterRegistry> registry;

  MicrometerObserver(Supplier<MeterRegistry> registry) {
    this.registry = registry;
  }

  @Override
  public void watch(String contract, CachedContract cache) {
    MeterRegistry r = registry.get();
    if (r == null) {
      return;
    }
    Gauge.builder("agentkit.contract.age", cache, MicrometerObserver::ageSeconds)
        .description("Seconds since the contract held was fetched")
        .baseUnit("seconds")
        .tag("contract", contract)
        .register(r);
    Gauge.builder("agentkit.contract.stale", cache, MicrometerObserver::stale)
        .description("1 when the contract held is past its ttl (a refresh is due or failed)")
        .tag("contract", contract)
        .register(r);
  }

  @Override
  public void rejected(AgentId agent, Problem.Kind kind) {
    MeterRegistry r = registry.get();
    if (r != null) {
      Counter.builder("agentkit.verify.rejections")
          .description("Problems verify and gate found in what a model proposed, by problem tag")
          .tags(agent.tags("kind", kind.tag()))
          .register(r)
          .increment();
    }
  }

  @Override
  public void gated(AgentId agent, String opcode, boolean applied) {
    MeterRegistry r = registry.get();
    if (r != null) {
      Counter.builder("agentkit.gate.decisions")
          .description("The gate's decisions: an act applied live, or proposed for a person")
          .tags(agent.tags("opcode", opcode, "decision", applied ? "apply" : "propose"))
          .register(r)
          .increment();
    }
  }

  /** Registers the agent's transition counters at zero, so they exist before its first one. */
  @Override
  public void bound(AgentId agent) {
    MeterRegistry r = registry.get();
    if (r != null) {
      for (LiveAgent.Kind kind : LiveAgent.Kind.values()) {
        transitions(r, agent, kind);
      }
    }
  }

  @Override
  public void transition(AgentId agent, LiveAgent.Event event) {
    MeterRegistry r = registry.get();
    if (r != null) {
      transitions(r, agent, event.kind()).increment();
    }
  }

  private static Counter transitions(MeterRegistry r, AgentId agent, LiveAgent.Kind kind) {
    return Counter.builder("agentkit.agent.transitions")
        .description("A live agent's transitions: rebound, paused, resumed, source stale")
        .tags(agent.tags("kind", kind.name().toLowerCase(Locale.ROOT)))
        .register(r);
  }

  private static double ageSeconds(CachedContract cache) {
    return cache.freshness().map(f -> f.age().toNanos() / 1e9).orElse(Double.NaN);
  }

  private static double stale(CachedContract cache) {
    return cache.freshness().map(f -> f.stale() ? 1.0 : 0.0).orElse(1.0);
  }
}
