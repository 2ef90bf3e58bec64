package dev.agentkit.spring;

import dev.agentkit.LiveAgent;
import dev.agentkit.inbox.InboxAgent;
import dev.agentkit.inbox.InboxException;
import dev.agentkit.inbox.OpRunner;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.inbox.TransientRetry;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * Makes the proposal inbox of each agent bean ({@code <bean>Inbox}, through {@link #inbox}), and
 * keeps the ones made for the sweep, health and meters. An inbox registers its agent under the
 * agent bean's name, with the live agent's acts (an accept re-verifies against the newest contract
 * it holds, and is refused while it is paused) and the {@link OpRunner} bean that applies its
 * accepted ops: the one named {@code <bean>OpRunner}, else the application's only one. Without one,
 * the agent's proposals are stored and listed, and an accept is refused ({@code
 * [InboxUnknownAgent]}). Thread-safe.
 */
final class AgentInboxes {
  private static final Log LOG = LogFactory.getLog(AgentInboxes.class);

  /**
   * One inbox made.
   *
   * @param agent the agent bean's name and class
   * @param inbox the inbox
   * @param accepts whether its agent is registered (it has an op runner), so accepts can run
   */
  record Made(AgentId agent, ProposalInbox inbox, boolean accepts) {}

  private final DataSource dataSource;
  private final AgentkitProperties.Inbox settings;
  private final ConfigurableListableBeanFactory beans;
  private final AgentBinder binder;
  private final List<InboxCustomizer> customizers;
  private final AgentkitObservations observations;
  private final Map<String, Made> made = new TreeMap<>();

  AgentInboxes(
      DataSource dataSource,
      AgentkitProperties.Inbox settings,
      ConfigurableListableBeanFactory beans,
      AgentBinder binder,
      List<InboxCustomizer> customizers,
      AgentkitObservations observations) {
    this.observations = observations;
    this.dataSource = dataSource;
    this.settings = settings;
    this.beans = beans;
    this.binder = binder;
    this.customizers = List.copyOf(customizers);
  }

  /** The inbox of agent bean {@code bean}: the factory method of its {@code <bean>Inbox}. */
  ProposalInbox inbox(String bean) {
    AgentId id = AgentId.of(bean, binder.wiring(bean).type());
    LiveAgent<?> live = beans.getBean(bean + AgentRegistrar.LIVE_SUFFIX, LiveAgent.class);
    ProposalInbox.Builder b = ProposalInbox.builder(dataSource).migrate(false);
    setting("run-timeout", () -> b.runTimeout(settings.getRunTimeout()));
    AgentkitProperties.TransientRetry r = settings.getTransientRetry();
    setting(
        "transient-retry",
        () ->
            b.transientRetry(
                TransientRetry.attempts(r.getAttempts())
                    .backoff(r.getFirstBackoff(), r.getMaxBackoff())));
    OpRunner runner = runner(bean);
    b.acceptObserver(new ObservedAccepts(id, observations));
    if (runner != null) {
      InboxAgent agent =
          InboxAgent.live(bean, live::acts, ObservedAccepts.runs(id, runner, observations));
      for (InboxCustomizer c : customizers) {
        agent = c.agent(bean, agent);
      }
      b.agent(agent);
    }
    for (InboxCustomizer c : customizers) {
      c.inbox(bean, b);
    }
    ProposalInbox inbox = b.build();
    synchronized (made) {
      made.put(bean, new Made(id, inbox, runner != null));
    }
    return inbox;
  }

  /**
   * Applies one {@code agentkit.inbox.*} setting; one the inbox refuses stops the start with its
   * sentence, naming the property.
   */
  private static void setting(String property, Runnable apply) {
    try {
      apply.run();
    } catch (InboxException e) {
      throw StarterMessage.BAD_INBOX_PROPERTY.failure(property, e.getMessage(), property);
    }
  }

  /** Every inbox made so far, by agent bean name. */
  List<Made> all() {
    synchronized (made) {
      return List.copyOf(made.values());
    }
  }

  /** The op runner for the agent bean: {@code <bean>OpRunner}, else the only one, else null. */
  private OpRunner runner(String bean) {
    String named = bean + "OpRunner";
    String[] runners = beans.getBeanNamesForType(OpRunner.class);
    if (Arrays.asList(runners).contains(named)) {
      return beans.getBean(named, OpRunner.class);
    }
    if (runners.length == 1) {
      return beans.getBean(runners[0], OpRunner.class);
    }
    LOG.warn(
        "the proposal inbox of agent bean '"
            + bean
            + "' stores and lists its proposals, but cannot accept them: "
            + (runners.length == 0
                ? "the application has no OpRunner bean"
                : "of the OpRunner beans " + String.join(", ", runners) + " none is named " + named)
            + "; declare an OpRunner bean named "
            + named
            + " that applies an accepted op to the backend");
    return null;
  }
}
