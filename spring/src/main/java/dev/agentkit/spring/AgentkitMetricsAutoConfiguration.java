package dev.agentkit.spring;

import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Records the starter's metrics ({@link MicrometerObserver}) when Micrometer is on the classpath;
 * nothing is recorded when the application has no {@code MeterRegistry} bean.
 */
@AutoConfiguration(before = AgentkitAutoConfiguration.class)
@ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
public class AgentkitMetricsAutoConfiguration {

  /** Created by Spring. */
  public AgentkitMetricsAutoConfiguration() {}

  @Bean
  AgentObserver agentkitMetricsObserver(ObjectProvider<MeterRegistry> registry) {
    return new MicrometerObserver(registry::getIfAvailable);
  }

  @Bean
  MeteredObservationRegistry agentkitMeteredObservations(ObjectProvider<MeterRegistry> registry) {
    return new MeteredObservationRegistry(registry::getIfAvailable);
  }
}
