package dev.agentkit.spring;

import dev.agentkit.BindException;
import dev.agentkit.LiveAgent;
import dev.agentkit.drift.DriftException;
import io.micrometer.observation.Observation;
import java.time.Clock;
import java.time.LocalDate;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * Binds one {@code @Agent} bean through its generated wiring against its contract's cache, and
 * turns what refuses it into the failure analysis. Each transition of a bound agent is logged and
 * observed.
 */
final class AgentBinder {
  private static final Log LOG = LogFactory.getLog(AgentBinder.class);

  private final ConfigurableListableBeanFactory beans;
  private final ContractHub hub;
  private final BoundAgents bound;
  private final AgentObserver observer;
  private final AgentkitObservations observations;
  private final Clock clock;
  private final Runnable readiness;

  AgentBinder(
      ConfigurableListableBeanFactory beans,
      ContractHub hub,
      BoundAgents bound,
      AgentObserver observer,
      AgentkitObservations observations,
      Clock clock,
      Runnable readiness) {
    this.observations = observations;
    this.readiness = readiness;
    this.beans = beans;
    this.hub = hub;
    this.bound = bound;
    this.observer = observer;
    this.clock = clock;
  }

  /**
   * Binds the agent bean {@code bean} live: the factory method of its {@code <bean>LiveAgent}.
   *
   * @throws AgentkitStartupException when it cannot be bound; the message is the analysis
   */
  LiveAgent<?> bind(String bean) {
    return bind(bean, wiring(bean));
  }

  /**
   * The agent bean's {@link MeteredAgent}: the factory method of its {@code <bean>MeteredAgent}.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  MeteredAgent<?> metered(String bean) {
    LiveAgent<?> live = beans.getBean(bean + AgentRegistrar.LIVE_SUFFIX, LiveAgent.class);
    return new MeteredAgent(AgentId.of(bean, wiring(bean).type()), live, observer, observations);
  }

  /** The wiring of the agent bean {@code bean}, whose class the registrar found an agent. */
  AgentWiring wiring(String bean) {
    Class<?> type = ClassUtils.getUserClass(beans.getType(bean, false));
    ClassLoader loader = beans.getBeanClassLoader();
    return AgentWiring.of(type, loader == null ? ClassUtils.getDefaultClassLoader() : loader)
        .orElseThrow(
            () -> new IllegalStateException(bean + " (" + type.getName() + ") is not an agent"));
  }

  LiveAgent<?> bind(String bean, AgentWiring wiring) {
    ContractHub.Entry entry = hub.entry(wiring.contract(), wiring.agentName());
    Object agent = beans.getBean(bean);
    AgentId id = AgentId.of(bean, wiring.type());
    AgentkitObservationContext context =
        new AgentkitObservationContext(AgentkitObservation.BIND, wiring.contract(), id, null);
    Observation observation = observations.start(context);
    LiveAgent<?> live;
    try (Observation.Scope scope = observation.openScope()) {
      live = wiring.bind(agent, entry.cache(), entry.policy());
      context.outcome("bound");
    } catch (DriftException e) {
      context.outcome("drift");
      observation.error(e);
      throw StartupRefusal.drift(bean, wiring, entry, e, LocalDate.now(clock));
    } catch (BindException e) {
      context.outcome("refused");
      observation.error(e);
      throw StartupRefusal.bind(bean, wiring, entry, e);
    } catch (RuntimeException e) {
      context.outcome("error");
      observation.error(e);
      throw e;
    } finally {
      observation.stop();
    }
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
