package dev.agentkit.spring;

import dev.agentkit.source.CachedContract;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.DisposableBean;

/**
 * Keeps each contract's cache warm: once a ttl it reads the cache's current entry, which starts a
 * background refresh when the entry is due. Without it a cache refreshes only when an agent or a
 * health check uses it, so an agent idle for longer than the max staleness would find its contract
 * too stale on its next use and withhold that call although the backend is fine. One daemon thread
 * for the whole application, stopped with the context.
 */
final class ContractKeeper implements DisposableBean {
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "agentkit-contract-keeper");
            t.setDaemon(true);
            return t;
          });

  /** Reads {@code cache} once every {@code ttl} from now on. */
  void keep(CachedContract cache, Duration ttl) {
    long period = Math.max(1, ttl.toMillis());
    timer.scheduleWithFixedDelay(cache::current, period, period, TimeUnit.MILLISECONDS);
  }

  @Override
  public void destroy() {
    timer.shutdownNow();
  }
}
