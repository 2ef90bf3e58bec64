package dev.agentkit.spring;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;

/**
 * The convention of one {@link AgentkitObservation}: its name and keys. Declare a bean of this type
 * to replace the starter's convention for its observation; extending {@link
 * DefaultAgentkitObservationConvention} keeps the starter's keys and adds yours:
 *
 * <pre>{@code
 * @Bean
 * AgentkitObservationConvention runsByTenant() {
 *   return new DefaultAgentkitObservationConvention(AgentkitObservation.RUN) {
 *     @Override
 *     public KeyValues getLowCardinalityKeyValues(AgentkitObservationContext context) {
 *       return super.getLowCardinalityKeyValues(context).and("tenant", Tenant.current());
 *     }
 *   };
 * }
 * }</pre>
 */
public interface AgentkitObservationConvention
    extends ObservationConvention<AgentkitObservationContext> {
  /** The observation this convention is for. */
  AgentkitObservation observation();

  @Override
  default boolean supportsContext(Observation.Context context) {
    return context instanceof AgentkitObservationContext c && c.observation() == observation();
  }

  @Override
  default String getName() {
    return observation().getName();
  }
}
