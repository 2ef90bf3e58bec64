package dev.agentkit.spring;

import dev.agentkit.LiveAgent;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.SmartLifecycle;

/**
 * With {@code agentkit.readiness=agents}, marks the application refusing traffic while any bound
 * agent is paused on drift or its source is stale, and accepting traffic again once every agent is
 * bound. It checks the agents at each transition and once a second (a check reads the cache only:
 * no network), so that a readiness probe sees a change no call has met yet. Each check compares
 * with the application's readiness as it stands, not with what this class last said, so Boot's own
 * "accepting traffic" at the end of startup cannot hide an agent that paused before it. It only
 * says "accepting" again after it said "refusing" itself. Liveness is never touched.
 */
final class AgentReadiness implements SmartLifecycle {
  private final ApplicationEventPublisher publisher;
  private final BoundAgents bound;
  private final ObjectProvider<ApplicationAvailability> availability;
  private ScheduledExecutorService checks;
  private boolean refused;

  AgentReadiness(
      ApplicationEventPublisher publisher,
      BoundAgents bound,
      ObjectProvider<ApplicationAvailability> availability) {
    this.publisher = publisher;
    this.bound = bound;
    this.availability = availability;
  }

  /** Publishes the readiness the agents' states now call for, when the application's differs. */
  synchronized void update() {
    boolean ready = bound.all().stream().allMatch(b -> b.live().state() == LiveAgent.State.BOUND);
    if (!ready && current() != ReadinessState.REFUSING_TRAFFIC) {
      AvailabilityChangeEvent.publish(publisher, this, ReadinessState.REFUSING_TRAFFIC);
      refused = true;
    } else if (ready && refused) {
      AvailabilityChangeEvent.publish(publisher, this, ReadinessState.ACCEPTING_TRAFFIC);
      refused = false;
    }
  }

  /** The application's readiness now; unknown (null) without Boot's availability bean. */
  private ReadinessState current() {
    ApplicationAvailability a = availability.getIfAvailable();
    return a == null ? null : a.getReadinessState();
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
