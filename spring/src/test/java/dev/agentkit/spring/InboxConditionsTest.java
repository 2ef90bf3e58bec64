package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.inbox.InboxException;
import dev.agentkit.inbox.OpRunner;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.testing.EmbeddedPostgresServer;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * When the starter makes the agents' inboxes and how: with Boot's Flyway on, the migrations run on
 * the DataSource it migrates with (even a database of its own); with it off, on the application's;
 * not at all without a DataSource or with {@code agentkit.inbox.enabled=false}; and an agent
 * without an op runner bean gets an inbox that stores proposals and refuses accepts, with a warning
 * naming the bean to declare.
 */
@ExtendWith(OutputCaptureExtension.class)
class InboxConditionsTest {
  private final ContractServer backend = new ContractServer();
  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withConfiguration(
              AutoConfigurations.of(
                  AgentkitAutoConfiguration.class,
                  FlywayAutoConfiguration.class,
                  AgentkitInboxAutoConfiguration.class))
          .withUserConfiguration(WithAgent.class)
          .withPropertyValues("agentkit.contracts.taskboard.url=" + backend.url());

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

  @Configuration(proxyBeanMethods = false)
  static class WithDatabase {
    @Bean
    DataSource dataSource() {
      return EmbeddedPostgresServer.freshDatabase("starter");
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class WithRunners {
    @Bean
    OpRunner priorityAgentOpRunner() {
      return call -> "the agent's";
    }

    @Bean
    OpRunner billingOpRunner() {
      return call -> "another agent's";
    }
  }

  @Test
  void withBootsFlywayOffTheInboxMigratesOnTheApplicationsDataSource() {
    runner
        .withUserConfiguration(WithDatabase.class, WithRunners.class)
        .withPropertyValues("spring.flyway.enabled=false")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(InboxSchema.class).through())
                  .isEqualTo("the application's DataSource");
              assertThat(tables(context.getBean(DataSource.class)))
                  .contains("agentkit_proposal", "agentkit_schema_history")
                  .doesNotContain("flyway_schema_history");
              assertThat(context.getBean("priorityAgentInbox", ProposalInbox.class).backlog())
                  .satisfies(b -> assertThat(b.pending()).isZero());
            });
  }

  @Test
  void withBootsFlywayOnItsOwnDatabaseTheInboxMigratesThere() {
    EmbeddedPostgres server = EmbeddedPostgresServer.server();
    DataSource flywaysDatabase = EmbeddedPostgresServer.freshDatabase("flyway");
    String url = server.getJdbcUrl("postgres", databaseName(flywaysDatabase));
    runner
        .withUserConfiguration(WithDatabase.class, WithRunners.class)
        .withPropertyValues(
            "spring.flyway.url=" + url, "spring.flyway.user=postgres", "spring.flyway.password=")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBean(InboxSchema.class).through())
                  .isEqualTo("Boot's Flyway's DataSource");
              assertThat(tables(flywaysDatabase))
                  .contains("agentkit_proposal", "agentkit_schema_history", "host_note");
              assertThat(tables(context.getBean(DataSource.class)))
                  .doesNotContain("agentkit_proposal");
            });
  }

  @Test
  void theRunnerNamedForTheAgentIsTheOneItsInboxRuns() {
    runner
        .withUserConfiguration(WithDatabase.class, WithRunners.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              AgentInboxes inboxes = context.getBean(AgentInboxes.class);
              assertThat(inboxes.all())
                  .singleElement()
                  .satisfies(
                      m -> {
                        assertThat(m.agent())
                            .isEqualTo(AgentId.of("priorityAgent", PriorityAgent.class));
                        assertThat(m.accepts()).isTrue();
                      });
            });
  }

  @Test
  void anAgentWithoutARunnerStoresProposalsAndItsAcceptsAreRefused(CapturedOutput output) {
    runner
        .withUserConfiguration(WithDatabase.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              ProposalInbox inbox = context.getBean("priorityAgentInbox", ProposalInbox.class);
              assertThat(context.getBean(AgentInboxes.class).all())
                  .singleElement()
                  .satisfies(m -> assertThat(m.accepts()).isFalse());
              assertThat(output)
                  .contains(
                      "the proposal inbox of agent bean 'priorityAgent' stores and lists its"
                          + " proposals, but cannot accept them: the application has no OpRunner"
                          + " bean; declare an OpRunner bean named priorityAgentOpRunner that"
                          + " applies an accepted op to the backend");
              dev.agentkit.ActionSet<Desk> acts =
                  context.getBean("priorityAgentLiveAgent", dev.agentkit.LiveAgent.class).acts();
              dev.agentkit.Call archive =
                  acts.verified(
                      dev.agentkit.Call.of(
                          "archive_project", java.util.Map.of("project_id", "p1")));
              inbox.propose(
                  dev.agentkit.inbox.ProposalBatch.of(
                      acts,
                      Desk.sample(),
                      java.util.List.of(
                          dev.agentkit.proposal.Proposal.builder("priorityAgent")
                              .anchor(
                                  dev.agentkit.proposal.ObjectRef.of("project", "p1")
                                      .withLabel("P1"))
                              .question("Archive it?")
                              .op(acts, archive)
                              .build())));
              InboxException e =
                  org.junit.jupiter.api.Assertions.assertThrows(
                      InboxException.class,
                      () ->
                          inbox.accept(
                              "priorityAgent:project:p1:archive_project",
                              "ann",
                              java.util.Map.of()));
              assertThat(e.kind()).isEqualTo(InboxException.Kind.UNKNOWN_AGENT);
            });
  }

  @Test
  void twoRunnersNeitherNamedForTheAgentLeaveItsAcceptsOff(CapturedOutput output) {
    runner
        .withUserConfiguration(WithDatabase.class)
        .withBean("billingOpRunner", OpRunner.class, () -> call -> "")
        .withBean("shippingOpRunner", OpRunner.class, () -> call -> "")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(output)
                  .contains(
                      "cannot accept them: of the OpRunner beans billingOpRunner, shippingOpRunner"
                          + " none is named priorityAgentOpRunner");
            });
  }

  @Test
  void aRetrySettingTheInboxRefusesStopsTheStartNamingTheProperty() {
    runner
        .withUserConfiguration(WithDatabase.class, WithRunners.class)
        .withPropertyValues("agentkit.inbox.transient-retry.attempts=0")
        .run(
            context -> {
              assertThat(context).hasFailed();
              Throwable cause = context.getStartupFailure();
              while (!(cause instanceof AgentkitStartupException) && cause.getCause() != null) {
                cause = cause.getCause();
              }
              assertThat(cause)
                  .hasMessage(
                      "[AgentkitBadProperty] agentkit.inbox.transient-retry is not a setting the"
                          + " inbox takes: [InboxArgument] the transient retry's attempts are 0:"
                          + " give from 1 (no retry) to 100; each waits up to the max backoff");
            });
  }

  @Test
  void withoutADataSourceOrWhenTurnedOffThereIsNoInbox() {
    runner.run(
        context -> {
          assertThat(context).hasNotFailed();
          assertThat(context.getBeanNamesForType(ProposalInbox.class)).isEmpty();
        });
    runner
        .withUserConfiguration(WithDatabase.class)
        .withPropertyValues("agentkit.inbox.enabled=false")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context.getBeanNamesForType(ProposalInbox.class)).isEmpty();
              assertThat(context).doesNotHaveBean(InboxSchema.class);
            });
  }

  private static String databaseName(DataSource ds) {
    try (Connection c = ds.getConnection()) {
      return c.getCatalog();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static java.util.List<String> tables(DataSource ds) throws SQLException {
    java.util.List<String> out = new java.util.ArrayList<>();
    try (Connection c = ds.getConnection();
        ResultSet r = c.getMetaData().getTables(null, "public", "%", new String[] {"TABLE"})) {
      while (r.next()) {
        out.add(r.getString("TABLE_NAME"));
      }
    }
    return out;
  }
}
