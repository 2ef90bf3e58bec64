package dev.agentkit.spring;

import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.internal.Choices;
import dev.agentkit.internal.text.Names;
import dev.agentkit.source.CachedContract;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.springframework.core.env.Environment;

/**
 * One cache per configured contract, made on first use and shared by every agent bound against that
 * contract, so one fetch serves them all. Thread-safe.
 */
final class ContractHub {
  /**
   * A contract's source, cache and drift policy.
   *
   * @param name the contract's name
   * @param source the source under the cache, which keeps the last fetch's outcome
   * @param cache the cache the agents follow
   * @param policy the drift policy
   */
  record Entry(String name, ObservedSource source, CachedContract cache, DriftPolicy policy) {}

  private final AgentkitProperties properties;
  private final Environment environment;
  private final UnaryOperator<String> getenv;
  private final AgentObserver observer;
  private final AgentkitObservations observations;
  private final Clock clock;
  private final ContractKeeper keeper;
  private final Map<String, Entry> entries = new TreeMap<>();

  ContractHub(
      AgentkitProperties properties,
      Environment environment,
      UnaryOperator<String> getenv,
      AgentObserver observer,
      AgentkitObservations observations,
      Clock clock,
      ContractKeeper keeper) {
    this.properties = properties;
    this.environment = environment;
    this.getenv = getenv;
    this.observer = observer;
    this.observations = observations;
    this.clock = clock;
    this.keeper = keeper;
  }

  /**
   * The entry for a contract an agent is compiled against.
   *
   * @throws AgentkitStartupException when the contract is not configured or its properties are
   *     wrong
   */
  synchronized Entry entry(String contract, String agent) {
    Entry e = entries.get(contract);
    if (e != null) {
      return e;
    }
    AgentkitProperties.ContractProperties props = properties.getContracts().get(contract);
    if (props == null) {
      throw notConfigured(contract, agent);
    }
    ContractSettings settings = new ContractSettings(contract, props);
    DriftPolicy policy = settings.policy();
    ObservedSource source =
        new ObservedSource(contract, settings.source(environment, getenv), observations, clock);
    CachedContract cache = settings.cache(source);
    e = new Entry(contract, source, cache, policy);
    entries.put(contract, e);
    observer.watch(contract, cache);
    keeper.keep(cache, props.getTtl());
    return e;
  }

  /** The entry of a contract, if an agent has used it. */
  synchronized java.util.Optional<Entry> find(String contract) {
    return java.util.Optional.ofNullable(entries.get(contract));
  }

  /** Every entry made so far, by contract name. */
  synchronized List<Entry> entries() {
    return new ArrayList<>(entries.values());
  }

  private AgentkitStartupException notConfigured(String contract, String agent) {
    List<String> configured = new ArrayList<>(new TreeMap<>(properties.getContracts()).keySet());
    String near = Names.nearest(contract, configured);
    String have =
        configured.isEmpty()
            ? "no agentkit.contracts entry is configured"
            : "the configured contracts are "
                + Choices.listing(contract, configured)
                + (near == null ? "" : "; did you mean \"" + near + "\"?");
    return StarterMessage.CONTRACT_NOT_CONFIGURED.failure(
        agent,
        contract,
        ContractSettings.property(contract, ""),
        have,
        ContractSettings.property(contract, "url"),
        ContractSettings.property(contract, "openapi"));
  }
}
