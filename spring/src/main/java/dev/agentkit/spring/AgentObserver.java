package dev.agentkit.spring;

import dev.agentkit.LiveAgent;
import dev.agentkit.contract.Problem;
import dev.agentkit.source.CachedContract;

/**
 * Hears what the starter's agents and sources do, for the counters and gauges; the timings are
 * {@link AgentkitObservation}s. The default hears nothing; with Micrometer on the classpath and a
 * {@code MeterRegistry} bean, {@link MicrometerObserver} records it. Implementations must be
 * thread-safe and must not throw.
 */
interface AgentObserver {
  /** An observer that records nothing. */
  AgentObserver NONE = new AgentObserver() {};

  /** A contract's cache exists; an observer may watch its age. */
  default void watch(String contract, CachedContract cache) {}

  /** Verify rejected a call of {@code agent}, for the problem's kind. */
  default void rejected(AgentId agent, Problem.Kind kind) {}

  /** The gate applied ({@code applied}) or proposed a call. */
  default void gated(AgentId agent, String opcode, boolean applied) {}

  /** A live agent was bound at startup, before any of its transitions. */
  default void bound(AgentId agent) {}

  /** A live agent changed state. */
  default void transition(AgentId agent, LiveAgent.Event event) {}
}
