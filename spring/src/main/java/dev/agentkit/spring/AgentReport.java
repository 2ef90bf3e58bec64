package dev.agentkit.spring;

import dev.agentkit.AgentPausedException;
import dev.agentkit.BoundAgent;
import dev.agentkit.LiveAgent;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.drift.DriftSeverity;
import dev.agentkit.source.CachedContract;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the health indicator and the endpoint show of a bound agent and of a contract's cache, in
 * one place so both say the same. Every text shown is the runtime's own, which names a source by
 * its URL without user-info or query string and never shows a credential.
 */
final class AgentReport {
  private AgentReport() {}

  /** The agent's state, digests and drift summary; why it is paused, when it is. */
  static Map<String, Object> agent(BoundAgents.Bound b) {
    LiveAgent<?> live = b.live();
    LiveAgent.State state = live.state();
    BoundAgent<?> last = live.lastBound();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("bean", b.bean());
    m.put("agent", b.wiring().type().getName());
    m.put("contract", b.contract().name());
    m.put("state", state.name());
    m.put("compiledDigest", b.wiring().stamp().digest());
    String boundDigest = last.acts().contract().map(Contract::digest).orElse("");
    m.put("liveDigest", live(b).map(Contract::digest).orElse(boundDigest));
    m.put("boundDigest", boundDigest);
    DriftReport report = last.report();
    if (state != LiveAgent.State.BOUND) {
      AgentPausedException paused = pausedReason(live);
      if (paused != null) {
        m.put("paused", paused.getMessage());
        report = paused.report().orElse(report);
      }
    }
    m.put("drift", summary(report));
    m.put("notes", last.notes());
    return m;
  }

  /**
   * The contract the agent's cache holds now, with the tier overrides the agent binds with: what it
   * would bind next. While the agent is paused this is the contract that paused it, not the one it
   * last bound.
   */
  static Optional<Contract> live(BoundAgents.Bound b) {
    List<TierOverride> tiers =
        b.live().lastBound().acts().contract().map(Contract::tierOverrides).orElse(List.of());
    return b.contract().cache().current().map(c -> c.withTiers(tiers));
  }

  /** One line: {@code none}, or the counts of breaking, compatible and informational items. */
  static String summary(DriftReport report) {
    if (report.isEmpty()) {
      return "none";
    }
    return report.items(DriftSeverity.BREAKING).size()
        + " breaking, "
        + report.items(DriftSeverity.COMPATIBLE).size()
        + " compatible, "
        + report.items(DriftSeverity.INFO).size()
        + " informational";
  }

  /** The contract's source, digest held, age and staleness, and the last fetch. */
  static Map<String, Object> contract(ContractHub.Entry e) {
    CachedContract cache = e.cache();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("source", cache.describe());
    Optional<Contract> held = cache.current();
    m.put("digest", held.map(Contract::digest).orElse(""));
    Optional<CachedContract.Freshness> f = cache.freshness();
    m.put("ageSeconds", f.map(x -> x.age().toSeconds()).orElse(-1L));
    m.put("stale", f.map(CachedContract.Freshness::stale).orElse(true));
    m.put("usable", held.isPresent());
    e.source()
        .last()
        .ifPresent(
            last -> {
              m.put("reachable", last.ok());
              m.put("lastFetch", last.at().toString());
              if (!last.ok()) {
                m.put("lastFailure", ContractSettings.hints(e.name(), last.failure()));
              }
            });
    return m;
  }

  private static AgentPausedException pausedReason(LiveAgent<?> live) {
    try {
      live.acts();
      return null;
    } catch (AgentPausedException e) {
      return e;
    }
  }
}
