package dev.agentkit.spring;

import dev.agentkit.LiveAgent;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;

/**
 * With {@code agentkit.readiness=agents}, marks the application refusing traffic while any bound
 * agent is paused on drift or its source is stale, and accepting traffic again once every agent is
 * bound. It checks the agents at each transition and once a second (a check reads the cache only:
 * no network), so that a readiness probe sees a change no call has met yet. Liveness is never
 * touched.
 */
final class AgentReadiness implements SmartLifecycle {
  private final ApplicationEventPublisher publisher;
  private final BoundAgents bound;
  private ScheduledExecutorService checks;
  private ReadinessState last;

  AgentReadiness(ApplicationEventPublisher publisher, BoundAgents bound) {
    this.publisher = publisher;
    this.bound = bound;
  }

  /** Publishes the readiness the agents' states now call for, when it changed. */
  synchronized void update() {
    boolean ready = bound.all().stream().allMatch(b -> b.live().state() == LiveAgent.State.BOUND);
    ReadinessState now = ready ? ReadinessState.ACCEPTING_TRAFFIC : ReadinessState.REFUSING_TRAFFIC;
    if (now != last && (last != null || !ready)) {
      AvailabilityChangeEvent.publish(publisher, this, now);
    }
    last = now;
  }

  @Override
  public synchronized void start() {
    checks =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "agentkit-readiness");
              t.setDaemon(true);
              return t;
            });
    checks.scheduleWithFixedDelay(this::update, 1, 1, TimeUnit.SECONDS);
  }

  @Override
  public synchronized void stop() {
    checks.shutdownNow();
    checks = null;
  }

  @Override
  public synchronized boolean isRunning() {
    return checks != null;
  }
}
