package dev.agentkit.spring;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.function.Supplier;

/**
 * For an application with a MeterRegistry and no ObservationRegistry bean: an ObservationRegistry
 * of the starter's own over the MeterRegistry, so that the observations' timers ({@code
 * agentkit.act.runs}, {@code agentkit.contract.fetches}, ...) exist as they would with Boot's. Not
 * a bean of type ObservationRegistry, so it never stands in for the application's.
 */
final class MeteredObservationRegistry implements AgentkitObservations.Fallback {
  private final Supplier<MeterRegistry> meters;
  private volatile ObservationRegistry registry;

  MeteredObservationRegistry(Supplier<MeterRegistry> meters) {
    this.meters = meters;
  }

  @Override
  public ObservationRegistry get() {
    ObservationRegistry r = registry;
    if (r == null) {
      MeterRegistry m = meters.get();
      if (m == null) {
        return ObservationRegistry.NOOP;
      }
      r = ObservationRegistry.create();
      r.observationConfig().observationHandler(new DefaultMeterObservationHandler(m));
      registry = r;
    }
    return r;
  }
}
