package dev.agentkit.spring;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.function.BiConsumer;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.TaskScheduler;

/**
 * A proposal inbox for every agent bean, when {@code agentkit-proposals-jdbc} and a {@code
 * DataSource} are present ({@code agentkit.inbox.enabled=false} turns it off): a {@code
 * ProposalInbox} bean {@code <bean>Inbox} per agent (see {@link AgentInboxes}), its schema migrated
 * once before any inbox ({@link InboxSchema}; through Boot's Flyway's DataSource when Boot manages
 * Flyway), the sweep on a schedule ({@link InboxSweeper}), the {@code agentkit-inbox} health
 * contributor and the inbox meters.
 */
@AutoConfiguration(
    after = AgentkitAutoConfiguration.class,
    afterName = {
      "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
      "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration"
    })
@ConditionalOnClass(name = "dev.agentkit.inbox.ProposalInbox")
@ConditionalOnBean(DataSource.class)
@ConditionalOnProperty(name = "agentkit.inbox.enabled", matchIfMissing = true)
public class AgentkitInboxAutoConfiguration {

  /** Created by Spring. */
  public AgentkitInboxAutoConfiguration() {}

  @Bean
  InboxSchema agentkitInboxSchema(DataSource dataSource, ObjectProvider<Flyway> flyway) {
    Flyway boots = flyway.getIfUnique();
    if (boots != null && boots.getConfiguration().getDataSource() != null) {
      return new InboxSchema(
          boots.getConfiguration().getDataSource(), "Boot's Flyway's DataSource");
    }
    return new InboxSchema(dataSource, "the application's DataSource");
  }

  @Bean(AgentRegistrar.INBOXES)
  AgentInboxes agentkitInboxes(
      DataSource dataSource,
      InboxSchema schema,
      AgentkitProperties properties,
      ConfigurableListableBeanFactory beans,
      AgentBinder binder,
      ObjectProvider<InboxCustomizer> customizers,
      AgentkitObservations observations) {
    return new AgentInboxes(
        dataSource,
        properties.getInbox(),
        beans,
        binder,
        customizers.orderedStream().toList(),
        observations);
  }

  @Bean
  InboxWatch agentkitInboxWatch(AgentInboxes inboxes) {
    return new InboxWatch(inboxes, Clock.systemUTC());
  }

  @Bean
  InboxSweeper agentkitInboxSweeper(
      AgentInboxes inboxes,
      AgentkitProperties properties,
      ObjectProvider<TaskScheduler> schedulers,
      InboxWatch watch,
      ObjectProvider<InboxMeters> meters) {
    BiConsumer<AgentId, dev.agentkit.inbox.SweepReport> swept =
        (agent, report) -> meters.ifAvailable(m -> m.swept(agent, report));
    return new InboxSweeper(
        inboxes, properties.getInbox().getSweepInterval(), schedulers, watch, swept);
  }

  /** The inbox meters, when Micrometer is on the classpath. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "io.micrometer.core.instrument.MeterRegistry")
  static class Meters {
    @Bean
    InboxMeters agentkitInboxMeters(
        ObjectProvider<MeterRegistry> registry, InboxWatch watch, AgentInboxes inboxes) {
      return new InboxMeters(registry::getIfAvailable, watch, inboxes);
    }
  }

  /**
   * The {@code agentkit-inbox} health contributor, one component per agent's inbox, when the
   * application has Boot's health module (nested, so that the switch's condition is read only where
   * its class exists).
   */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(
      name =
          "org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator")
  static class HealthModule {
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnEnabledHealthIndicator("agentkit-inbox")
    static class Health {
      @Bean("agentkit-inboxHealthContributor")
      InboxHealthContributor agentkitInboxHealthContributor(
          AgentInboxes inboxes, InboxWatch watch) {
        return new InboxHealthContributor(inboxes, watch);
      }
    }
  }
}
