package dev.agentkit.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The health of one contract: its source, the digest held, its age and staleness, the last fetch,
 * and each agent bound against it with its state and drift summary. Down when the cache holds no
 * contract young enough to act on, or when any agent on it is not acting live (paused on drift or
 * stale); unknown when no agent uses the contract. Checking it lets each live agent judge the
 * newest contract its cache holds.
 */
final class ContractHealthIndicator implements HealthIndicator {
  private final String contract;
  private final ContractHub hub;
  private final BoundAgents bound;

  ContractHealthIndicator(String contract, ContractHub hub, BoundAgents bound) {
    this.contract = contract;
    this.hub = hub;
    this.bound = bound;
  }

  @Override
  public Health health() {
    Optional<ContractHub.Entry> entry = hub.find(contract);
    if (entry.isEmpty()) {
      return Health.unknown().withDetail("agents", List.of()).build();
    }
    List<Map<String, Object>> agents = new ArrayList<>();
    boolean allLive = true;
    for (BoundAgents.Bound b : bound.of(contract)) {
      Map<String, Object> a = AgentReport.agent(b);
      allLive &= "BOUND".equals(a.get("state"));
      agents.add(a);
    }
    Map<String, Object> details = AgentReport.contract(entry.get());
    boolean up = allLive && Boolean.TRUE.equals(details.get("usable"));
    return (up ? Health.up() : Health.down())
        .withDetails(details)
        .withDetail("agents", agents)
        .build();
  }
}
