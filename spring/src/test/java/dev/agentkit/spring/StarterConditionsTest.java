package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.LiveAgent;
import dev.agentkit.testing.EmbeddedPostgresServer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ResolvableType;

/**
 * The starter in contexts other than the service's: without agents it adds nothing that fails, a
 * warn-only policy starts on breaking drift with the drift as a warning note, and the tool call
 * meters come only with the Spring AI adapter.
 */
class StarterConditionsTest {
  private final ContractServer backend = new ContractServer();
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  AgentkitAutoConfiguration.class,
                  AgentkitMetricsAutoConfiguration.class,
                  AgentkitActuatorAutoConfiguration.class,
                  AgentkitSpringAiAutoConfiguration.class,
                  AgentkitInboxAutoConfiguration.class));

  @AfterEach
  void stop() {
    backend.close();
  }

  @Configuration(proxyBeanMethods = false)
  static class WithAgent {
    @Bean
    PriorityAgent priorityAgent() {
      return new PriorityAgent();
    }
  }

  @Test
  void withoutAgentsNothingIsBoundAndNothingFetched() {
    runner
        .withPropertyValues("agentkit.contracts.taskboard.url=" + backend.url())
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBeanNamesForType(LiveAgent.class)).isEmpty();
              assertThat(backend.authorizations()).isEmpty();
            });
  }

  @Test
  void aWarnOnlyPolicyStartsOnBreakingDriftWithAWarning() {
    backend.serve(ContractServer.withoutUrgent());
    runner
        .withUserConfiguration(WithAgent.class)
        .withPropertyValues(
            "agentkit.contracts.taskboard.url=" + backend.url(),
            "agentkit.contracts.taskboard.drift.mode=warn-only")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              LiveAgent<?> live =
                  (LiveAgent<?>)
                      context
                          .getBeanProvider(
                              ResolvableType.forClassWithGenerics(LiveAgent.class, Desk.class))
                          .getObject();
              assertThat(context.getBean("priorityAgentLiveAgent")).isSameAs(live);
              assertThat(live.state()).isEqualTo(LiveAgent.State.BOUND);
              assertThat(live.lastBound().notes())
                  .contains(
                      "warning: the backend removed enum value \"urgent\" of"
                          + " set_task_priority.priority, which PriorityAgent uses; calls with it"
                          + " are now rejected");
            });
  }

  @Test
  void theToolCallMetersComeOnlyWithTheSpringAiAdapterAndSpringAi() {
    runner.run(context -> assertThat(context).hasSingleBean(ToolCallMeters.class));
    for (String hidden : List.of("dev.agentkit.springai", "org.springframework.ai")) {
      runner
          .withClassLoader(new FilteredClassLoader(hidden))
          .run(
              context -> {
                assertThat(context).as(hidden).hasNotFailed();
                assertThat(context).as(hidden).doesNotHaveBean(ToolCallMeters.class);
              });
    }
  }

  @Test
  void withAMeterRegistryAndNoObservationRegistryTheObservationsStillMakeTheirTimers() {
    io.micrometer.core.instrument.simple.SimpleMeterRegistry meters =
        new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    runner
        .withUserConfiguration(WithAgent.class)
        .withBean(io.micrometer.core.instrument.MeterRegistry.class, () -> meters)
        .withPropertyValues("agentkit.contracts.taskboard.url=" + backend.url())
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context)
                  .doesNotHaveBean(io.micrometer.observation.ObservationRegistry.class);
              assertThat(meters.get("agentkit.agent.binds").tag("outcome", "bound").timer().count())
                  .isEqualTo(1);
              assertThat(
                      meters
                          .get("agentkit.contract.fetches")
                          .tags("contract", "taskboard", "outcome", "success")
                          .timer()
                          .count())
                  .isEqualTo(1);
            });
  }

  @Test
  void anApplicationWithoutActuatorOrMicrometerStartsBindsAndMakesTheInbox() {
    runner
        .withUserConfiguration(WithAgent.class)
        .withBean(javax.sql.DataSource.class, () -> EmbeddedPostgresServer.freshDatabase("bare"))
        .withClassLoader(
            new FilteredClassLoader(
                "org.springframework.boot.actuate",
                "org.springframework.boot.health",
                "io.micrometer.core"))
        .withPropertyValues("agentkit.contracts.taskboard.url=" + backend.url())
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBeanNamesForType(LiveAgent.class)).hasSize(1);
              assertThat(context.getBeanNamesForType(dev.agentkit.inbox.ProposalInbox.class))
                  .hasSize(1);
            });
  }
}
