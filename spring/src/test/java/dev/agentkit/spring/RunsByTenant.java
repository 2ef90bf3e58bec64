package dev.agentkit.spring;

import io.micrometer.common.KeyValues;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The runs of acts, tagged with the tenant besides the starter's keys. */
@Configuration(proxyBeanMethods = false)
public class RunsByTenant {
  @Bean
  AgentkitObservationConvention runsByTenant() {
    return new DefaultAgentkitObservationConvention(AgentkitObservation.RUN) {
      @Override
      public KeyValues getLowCardinalityKeyValues(AgentkitObservationContext context) {
        return super.getLowCardinalityKeyValues(context).and("tenant", "acme");
      }
    };
  }
}
