package dev.agentkit.spring;

import dev.agentkit.inbox.InboxBacklog;
import dev.agentkit.inbox.ProposalState;
import dev.agentkit.inbox.SweepReport;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * The inbox's meters, per agent (tags {@code agent}, {@code agent.class}):
 *
 * <table>
 *   <caption>Inbox meters</caption>
 *   <tr><th>name</th><th>type</th><th>more tags</th></tr>
 *   <tr><td>agentkit.inbox.proposals</td><td>gauge</td><td>state (pending, declined, accepted, running, done, failed)</td></tr>
 *   <tr><td>agentkit.inbox.oldest.pending</td><td>gauge, seconds</td><td></td></tr>
 *   <tr><td>agentkit.inbox.stranded</td><td>gauge</td><td></td></tr>
 *   <tr><td>agentkit.inbox.expiries</td><td>counter</td><td>outcome (declined, escalated, kept)</td></tr>
 * </table>
 *
 * <p>The gauges read the {@link InboxWatch}, never the database on every scrape. The registry is
 * looked up at first use.
 */
final class InboxMeters implements SmartInitializingSingleton {
  private final Supplier<MeterRegistry> registry;
  private final InboxWatch watch;
  private final AgentInboxes inboxes;

  InboxMeters(Supplier<MeterRegistry> registry, InboxWatch watch, AgentInboxes inboxes) {
    this.registry = registry;
    this.watch = watch;
    this.inboxes = inboxes;
  }

  /** Registers the gauges of every inbox, once the context has made them all. */
  @Override
  public void afterSingletonsInstantiated() {
    inboxes.all().forEach(m -> watch(m.agent()));
  }

  /** Registers the gauges of one agent's inbox. */
  void watch(AgentId agent) {
    MeterRegistry r = registry.get();
    if (r == null) {
      return;
    }
    for (ProposalState s : ProposalState.values()) {
      gauge("agentkit.inbox.proposals", agent, b -> b.counts().get(s))
          .description("Proposals in the agent's inbox, by state")
          .tag("state", s.name().toLowerCase(Locale.ROOT))
          .register(r);
    }
    gauge(
            "agentkit.inbox.oldest.pending",
            agent,
            b -> b.oldestPendingAge().map(a -> a.toMillis() / 1000.0).orElse(0.0))
        .description("Seconds the oldest pending proposal has waited for a decision; 0 when none")
        .baseUnit("seconds")
        .register(r);
    gauge("agentkit.inbox.stranded", agent, InboxBacklog::stranded)
        .description("Accepts in flight past the run timeout: recover or settle them")
        .register(r);
    for (SweepReport.Expired e : SweepReport.Expired.values()) {
      expiries(r, agent, e);
    }
  }

  /** Counts what a sweep did with each proposal past its deadline. */
  void swept(AgentId agent, SweepReport report) {
    MeterRegistry r = registry.get();
    if (r != null) {
      report.byKey().values().forEach(e -> expiries(r, agent, e).increment());
    }
  }

  private Gauge.Builder<InboxWatch> gauge(
      String name, AgentId agent, ToDoubleFunction<InboxBacklog> value) {
    String bean = agent.bean();
    return Gauge.builder(
            name, watch, w -> w.recent(bean).map(value::applyAsDouble).orElse(Double.NaN))
        .tags(agent.tags());
  }

  private static Counter expiries(MeterRegistry r, AgentId agent, SweepReport.Expired e) {
    return Counter.builder("agentkit.inbox.expiries")
        .description("Pending proposals the sweep found past their deadline, by what it did")
        .tags(agent.tags("outcome", e.name().toLowerCase(Locale.ROOT)))
        .register(r);
  }
}
