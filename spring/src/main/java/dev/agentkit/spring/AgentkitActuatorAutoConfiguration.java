package dev.agentkit.spring;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.HealthContributor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The health of each configured contract ({@code /actuator/health/agentkit/<contract>}) when the
 * application has Spring Boot's health module, and the {@link AgentkitEndpoint agentkit endpoint}
 * when it has Actuator and exposes the endpoint.
 */
@AutoConfiguration(after = AgentkitAutoConfiguration.class)
public class AgentkitActuatorAutoConfiguration {

  /** Created by Spring. */
  public AgentkitActuatorAutoConfiguration() {}

  /**
   * One health indicator per configured contract, under {@code agentkit}, when the application has
   * Boot's health module. Nested, so that the condition on the indicator's switch is read only
   * where its class exists.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name =
          "org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator")
  static class HealthModule {
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnEnabledHealthIndicator("agentkit")
    static class Health {
      @Bean
      CompositeHealthContributor agentkitHealthContributor(
          AgentkitProperties properties, ContractHub hub, BoundAgents bound) {
        Map<String, HealthContributor> byContract = new LinkedHashMap<>();
        for (String contract : new TreeSet<>(properties.getContracts().keySet())) {
          byContract.put(contract, new ContractHealthIndicator(contract, hub, bound));
        }
        return CompositeHealthContributor.fromMap(byContract);
      }
    }
  }

  /** The agentkit endpoint, when the application has Actuator (nested as the health is). */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name =
          "org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint")
  static class EndpointModule {
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnAvailableEndpoint(AgentkitEndpoint.class)
    static class Endpoint {
      @Bean
      AgentkitEndpoint agentkitEndpoint(BoundAgents bound, ContractHub hub) {
        return new AgentkitEndpoint(bound, hub);
      }
    }
  }

  /**
   * Masks, in /actuator/env and /actuator/configprops, the value of every property a contract's
   * credentials.property names, whatever that property is called. A class of its own, so that an
   * application without Actuator never meets the SanitizingFunction type.
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.SanitizingFunction")
  static class CredentialMask {
    @Bean
    SanitizingFunction agentkitCredentialMask(AgentkitProperties properties) {
      Set<String> names = new TreeSet<>();
      properties
          .getContracts()
          .values()
          .forEach(
              c -> {
                if (c.getCredentials().getProperty() != null) {
                  names.add(c.getCredentials().getProperty());
                }
              });
      return data -> names.contains(data.getKey()) ? data.withSanitizedValue() : data;
    }
  }
}
