package dev.agentkit.spring;

import dev.agentkit.inbox.SweepReport;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ScheduledFuture;
import java.util.function.BiConsumer;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.SmartLifecycle;
import org.springframework.scheduling.TaskScheduler;
import org.springframework.scheduling.concurrent.ThreadPoolTaskScheduler;

/**
 * Sweeps each agent's inbox every {@code agentkit.inbox.sweep-interval}: applies the deadlines and
 * expiry policies of its pending proposals ({@code ProposalInbox.sweep()}, which never accepts or
 * runs anything), then reads its backlog for the gauges. It runs on the application's {@link
 * TaskScheduler} when it has exactly one, else on a daemon thread of its own, stopped with the
 * context. A sweep that fails is logged and tried again at the next interval; several instances of
 * the application may sweep one database at once.
 */
final class InboxSweeper implements SmartLifecycle {
  private static final Log LOG = LogFactory.getLog(InboxSweeper.class);

  private final AgentInboxes inboxes;
  private final Duration interval;
  private final ObjectProvider<TaskScheduler> schedulers;
  private final InboxWatch watch;
  private final BiConsumer<AgentId, SweepReport> swept;
  private ThreadPoolTaskScheduler own;
  private ScheduledFuture<?> sweeps;

  InboxSweeper(
      AgentInboxes inboxes,
      Duration interval,
      ObjectProvider<TaskScheduler> schedulers,
      InboxWatch watch,
      BiConsumer<AgentId, SweepReport> swept) {
    this.inboxes = inboxes;
    this.interval = interval;
    this.schedulers = schedulers;
    this.watch = watch;
    this.swept = swept;
  }

  /** Sweeps every inbox whose agent is registered once, now. */
  void sweepAll() {
    for (AgentInboxes.Made m : inboxes.all()) {
      try {
        if (m.accepts()) {
          SweepReport r = m.inbox().sweep();
          if (!r.byKey().isEmpty()) {
            LOG.info("the inbox of " + m.agent().bean() + " swept: " + r.byKey());
          }
          swept.accept(m.agent(), r);
        }
        watch.read(m);
      } catch (RuntimeException e) {
        // An InboxException ([InboxDatabase], [InboxBusy]) or anything else: the next sweep tries
        // again.
        LOG.warn("the inbox of " + m.agent().bean() + " was not swept: " + e.getMessage());
      }
    }
  }

  @Override
  public synchronized void start() {
    if (interval.isZero() || interval.isNegative()) {
      return;
    }
    TaskScheduler scheduler = schedulers.getIfUnique();
    if (scheduler == null) {
      own = new ThreadPoolTaskScheduler();
      own.setThreadNamePrefix("agentkit-inbox-sweep-");
      own.setDaemon(true);
      own.initialize();
      scheduler = own;
    }
    sweeps =
        scheduler.scheduleWithFixedDelay(this::sweepAll, Instant.now().plus(interval), interval);
  }

  @Override
  public synchronized void stop() {
    if (sweeps != null) {
      sweeps.cancel(false);
      sweeps = null;
    }
    if (own != null) {
      own.shutdown();
      own = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return sweeps != null;
  }
}
