package dev.agentkit.spring;

import dev.agentkit.LiveAgent;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Every agent the starter bound, in the order it bound them: for health and the endpoint. */
final class BoundAgents {
  /**
   * One bound agent.
   *
   * @param bean the agent bean's name
   * @param wiring the agent's class and its wiring
   * @param contract the contract's cache and policy
   * @param live the live agent
   */
  record Bound(String bean, AgentWiring wiring, ContractHub.Entry contract, LiveAgent<?> live) {}

  private final List<Bound> bound = new CopyOnWriteArrayList<>();

  void add(Bound b) {
    bound.add(b);
  }

  /** Every bound agent. */
  List<Bound> all() {
    return List.copyOf(bound);
  }

  /** The agents bound against one contract. */
  List<Bound> of(String contract) {
    return bound.stream().filter(b -> b.contract().name().equals(contract)).toList();
  }
}
