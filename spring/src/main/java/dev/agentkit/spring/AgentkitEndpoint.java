package dev.agentkit.spring;

import dev.agentkit.ActionSet;
import dev.agentkit.AgentPausedException;
import dev.agentkit.LiveAgent;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * The {@code agentkit} actuator endpoint ({@code /actuator/agentkit} once exposed): every bound
 * agent with its state, its acts and their live tiers, and the contract digest it was compiled
 * against beside the live one; and every contract's source, age and last fetch. No credential
 * appears in it.
 */
@Endpoint(id = "agentkit")
public class AgentkitEndpoint {
  private final BoundAgents bound;
  private final ContractHub hub;

  AgentkitEndpoint(BoundAgents bound, ContractHub hub) {
    this.bound = bound;
    this.hub = hub;
  }

  /** The bound agents and the contracts. */
  @ReadOperation
  public Map<String, Object> agentkit() {
    List<Map<String, Object>> agents = new ArrayList<>();
    for (BoundAgents.Bound b : bound.all()) {
      Map<String, Object> a = AgentReport.agent(b);
      a.put("acts", acts(b));
      agents.add(a);
    }
    Map<String, Object> contracts = new LinkedHashMap<>();
    for (ContractHub.Entry e : hub.entries()) {
      contracts.put(e.name(), AgentReport.contract(e));
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("agents", agents);
    out.put("contracts", contracts);
    return out;
  }

  /**
   * Each act with its live tier (the tier in the contract the cache holds now, and the tier it was
   * last bound with as {@code boundTier} when the two differ), whether it is local to the agent,
   * and whether it runs live or is proposed to a human (never run while the agent is paused).
   */
  private static List<Map<String, Object>> acts(BoundAgents.Bound b) {
    LiveAgent<?> live = b.live();
    ActionSet<?> acts = live.lastBound().acts();
    boolean acting = isActing(live);
    Optional<Contract> held = AgentReport.live(b);
    List<Map<String, Object>> out = new ArrayList<>();
    for (Op op : acts.ops()) {
      Map<String, Object> a = new LinkedHashMap<>();
      a.put("opcode", op.opcode());
      String boundTier = op.tier().wireName();
      String tier =
          held.flatMap(c -> c.op(op.opcode())).map(o -> o.tier().wireName()).orElse(boundTier);
      a.put("tier", tier);
      if (!tier.equals(boundTier)) {
        a.put("boundTier", boundTier);
      }
      acts.contract().ifPresent(c -> overridden(a, c, op.opcode()));
      a.put("local", !b.wiring().stamp().acts().containsKey(op.opcode()));
      a.put("runs", acting && acts.canRun(op.opcode()) ? "live" : "proposed");
      out.add(a);
    }
    return out;
  }

  /**
   * Where a tier override of the snapshot decides an act's tier: the tier the source serves, and
   * the override with its reason, so that the tier shown is never mistaken for the backend's.
   */
  static void overridden(Map<String, Object> act, Contract contract, String opcode) {
    contract
        .tierOverride(opcode)
        .ifPresent(
            o -> {
              act.put("sourceTier", contract.served().op(opcode).map(Op::tierName).orElse(""));
              act.put("tierOverride", o.describe());
              if (!o.reason().isEmpty()) {
                act.put("tierReason", o.reason());
              }
            });
  }

  private static boolean isActing(LiveAgent<?> live) {
    try {
      live.acts();
      return true;
    } catch (AgentPausedException e) {
      return false;
    }
  }
}
