package dev.agentkit.spring;

import dev.agentkit.BindException;
import dev.agentkit.LiveAgent;
import dev.agentkit.drift.DriftException;
import java.time.Clock;
import java.time.LocalDate;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.BeanFactory;

/**
 * Binds one {@code @Agent} bean through its generated wiring against its contract's cache, and
 * turns what refuses it into the failure analysis. Each transition of a bound agent is logged and
 * observed.
 */
final class AgentBinder {
  private static final Log LOG = LogFactory.getLog(AgentBinder.class);

  private final BeanFactory beans;
  private final ContractHub hub;
  private final BoundAgents bound;
  private final AgentObserver observer;
  private final Clock clock;
  private final Runnable readiness;

  AgentBinder(
      BeanFactory beans,
      ContractHub hub,
      BoundAgents bound,
      AgentObserver observer,
      Clock clock,
      Runnable readiness) {
    this.readiness = readiness;
    this.beans = beans;
    this.hub = hub;
    this.bound = bound;
    this.observer = observer;
    this.clock = clock;
  }

  /**
   * Binds the agent bean {@code bean} live.
   *
   * @throws AgentkitStartupException when it cannot be bound; the message is the analysis
   */
  LiveAgent<?> bind(String bean, AgentWiring wiring) {
    ContractHub.Entry entry = hub.entry(wiring.contract(), wiring.agentName());
    Object agent = beans.getBean(bean);
    LiveAgent<?> live;
    try {
      live = wiring.bind(agent, entry.cache(), entry.policy());
    } catch (DriftException e) {
      throw StartupRefusal.drift(bean, wiring, entry, e, LocalDate.now(clock));
    } catch (BindException e) {
      throw StartupRefusal.bind(bean, wiring, entry, e);
    }
    AgentId id = AgentId.of(bean, wiring.type());
    observer.bound(id);
    live.listen(event -> transition(id, wiring.agentName(), event));
    bound.add(new BoundAgents.Bound(bean, wiring, entry, live));
    LOG.info(live.lastBound() + " (from " + entry.cache().describe() + ")");
    return live;
  }

  private void transition(AgentId id, String agent, LiveAgent.Event event) {
    observer.transition(id, event);
    readiness.run();
    String line = agent + " " + event.kind() + " (" + event.state() + "): " + event.sentence();
    if (event.state() == LiveAgent.State.BOUND) {
      LOG.info(line);
    } else {
      LOG.warn(line);
    }
  }
}
