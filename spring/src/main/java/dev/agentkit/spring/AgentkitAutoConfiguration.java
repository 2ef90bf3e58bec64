package dev.agentkit.spring;

import dev.agentkit.LiveAgent;
import io.micrometer.observation.ObservationRegistry;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.LazyInitializationExcludeFilter;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ImportRuntimeHints;
import org.springframework.core.env.Environment;

/**
 * Binds every {@code @Agent} bean against its contract while the context starts, from {@code
 * agentkit.contracts.<name>.*}: one {@code LiveAgent<S>} bean and one {@link MeteredAgent
 * MeteredAgent<S>} bean per agent. A refusal stops the start with {@link AgentkitFailureAnalyzer}'s
 * analysis.
 */
@AutoConfiguration
@EnableConfigurationProperties(AgentkitProperties.class)
@ImportRuntimeHints(AgentkitRuntimeHints.class)
public class AgentkitAutoConfiguration {

  /** Created by Spring. */
  public AgentkitAutoConfiguration() {}

  @Bean
  static AgentRegistrar agentkitAgentRegistrar() {
    return new AgentRegistrar();
  }

  /**
   * Keeps the bound agents eager under {@code spring.main.lazy-initialization=true}, so an agent
   * that cannot be bound still stops the start.
   */
  @Bean
  static LazyInitializationExcludeFilter agentkitEagerAgents() {
    return (name, definition, type) ->
        type != null
            && (LiveAgent.class.isAssignableFrom(type)
                || MeteredAgent.class.isAssignableFrom(type));
  }

  @Bean
  @ConditionalOnMissingBean
  AgentObserver agentkitObserver() {
    return AgentObserver.NONE;
  }

  /**
   * The starter's observations, in the application's ObservationRegistry (Boot's, with its meter
   * and tracing handlers), else in one over the MeterRegistry so the timers still exist, else in
   * none.
   */
  @Bean
  AgentkitObservations agentkitObservations(
      ObjectProvider<ObservationRegistry> registries,
      ObjectProvider<AgentkitObservations.Fallback> fallback,
      ObjectProvider<AgentkitObservationConvention> conventions) {
    return new AgentkitObservations(
        () -> {
          ObservationRegistry r = registries.getIfAvailable();
          AgentkitObservations.Fallback f = r == null ? fallback.getIfAvailable() : null;
          return r != null ? r : f != null ? f.get() : ObservationRegistry.NOOP;
        },
        conventions.orderedStream().toList());
  }

  @Bean
  ContractKeeper agentkitContractKeeper() {
    return new ContractKeeper();
  }

  @Bean
  ContractHub agentkitContracts(
      AgentkitProperties properties,
      Environment environment,
      AgentObserver observer,
      AgentkitObservations observations,
      ContractKeeper keeper) {
    return new ContractHub(
        properties, environment, System::getenv, observer, observations, Clock.systemUTC(), keeper);
  }

  @Bean
  BoundAgents agentkitBoundAgents() {
    return new BoundAgents();
  }

  @Bean
  @ConditionalOnProperty(name = "agentkit.readiness", havingValue = "agents")
  AgentReadiness agentkitReadiness(
      ApplicationEventPublisher events,
      BoundAgents bound,
      ObjectProvider<ApplicationAvailability> availability) {
    return new AgentReadiness(events, bound, availability);
  }

  @Bean(AgentRegistrar.BINDER)
  AgentBinder agentkitBinder(
      ConfigurableListableBeanFactory beans,
      ContractHub contracts,
      BoundAgents bound,
      AgentObserver observer,
      AgentkitObservations observations,
      ObjectProvider<AgentReadiness> readiness) {
    return new AgentBinder(
        beans,
        contracts,
        bound,
        observer,
        observations,
        Clock.systemUTC(),
        () -> readiness.ifAvailable(AgentReadiness::update));
  }
}
