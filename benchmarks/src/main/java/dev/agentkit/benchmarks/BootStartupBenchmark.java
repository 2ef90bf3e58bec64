package dev.agentkit.benchmarks;

import dev.agentkit.LiveAgent;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.examples.Board;
import dev.agentkit.examples.TaskboardBackend;
import dev.agentkit.examples.TriageAgent;
import dev.agentkit.examples.TriageAgent_Wiring;
import dev.agentkit.inbox.InboxAgent;
import dev.agentkit.inbox.OpRunner;
import dev.agentkit.inbox.ProposalInbox;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.HttpContractSource;
import io.micrometer.observation.ObservationRegistry;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Row 11: the start of a Spring Boot context declaring {@value #AGENTS} agent beans, an in-memory
 * H2 DataSource, an op runner and an ObservationRegistry, with the agentkit starter (which binds
 * every agent against the live contract of an embedded task-board backend, over HTTP on loopback,
 * migrates the inbox's schema and makes each agent's inbox before the context is ready, observing
 * each fetch and bind) against the same context with the starter's auto-configurations excluded,
 * and against that context binding the same four agents and making their inboxes by hand ({@link
 * BindByHand}): the starter is to add nothing beyond that work itself. Measured once per fresh JVM
 * (single shot, many forks), as an application starts; the backend is started before the measured
 * start.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BootStartupBenchmark {
  static final int AGENTS = 4;

  /** The starter's auto-configurations, as its AutoConfiguration.imports lists them. */
  static final String STARTER =
      "dev.agentkit.spring.AgentkitAutoConfiguration,"
          + "dev.agentkit.spring.AgentkitMetricsAutoConfiguration,"
          + "dev.agentkit.spring.AgentkitActuatorAutoConfiguration,"
          + "dev.agentkit.spring.AgentkitSpringAiAutoConfiguration,"
          + "dev.agentkit.spring.AgentkitInboxAutoConfiguration";

  /** A database of its own for each start, so every start migrates the inbox's schema. */
  private static final AtomicInteger DATABASES = new AtomicInteger();

  private TaskboardBackend backend;
  private ConfigurableApplicationContext context;

  /**
   * A Boot application with four TriageAgent beans, a database, the op runner of their inboxes and
   * an ObservationRegistry with a handler, so that the starter's observations are made.
   */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  public static class FourAgents {
    @Bean
    DataSource dataSource() {
      JdbcDataSource h2 = new JdbcDataSource();
      h2.setURL("jdbc:h2:mem:boot" + DATABASES.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
      return h2;
    }

    @Bean
    OpRunner opRunner() {
      return call -> "applied";
    }

    @Bean
    ObservationRegistry observationRegistry() {
      ObservationRegistry registry = ObservationRegistry.create();
      registry.observationConfig().observationHandler(context -> true);
      return registry;
    }

    @Bean
    TriageAgent triage1() {
      return new TriageAgent();
    }

    @Bean
    TriageAgent triage2() {
      return new TriageAgent();
    }

    @Bean
    TriageAgent triage3() {
      return new TriageAgent();
    }

    @Bean
    TriageAgent triage4() {
      return new TriageAgent();
    }
  }

  /**
   * The work itself, without the starter: the four agents bound live by hand through their
   * generated wiring against one cached contract, as a Boot service would do it in its own
   * configuration (same source, ttl, staleness and drift policy as the starter's defaults), and
   * each agent's inbox made over the database, its schema migrated once first.
   */
  @Configuration(proxyBeanMethods = false)
  public static class BindByHand {
    static final String URL = "agentkit.contracts.taskboard.url";

    @Bean
    CachedContract taskboardContract(Environment env) {
      HttpContractSource source =
          HttpContractSource.builder(URI.create(env.getRequiredProperty(URL)))
              .contractName(TriageAgent_Wiring.CONTRACT)
              .build();
      return CachedContract.builder(source)
          .ttl(Duration.ofMinutes(5))
          .maxStaleness(Duration.ofHours(1))
          .build();
    }

    @Bean
    LiveAgent<Board> triage1Live(@Qualifier("triage1") TriageAgent agent, CachedContract c) {
      return TriageAgent_Wiring.live(agent, c, DriftPolicy.failOnBreaking());
    }

    @Bean
    LiveAgent<Board> triage2Live(@Qualifier("triage2") TriageAgent agent, CachedContract c) {
      return TriageAgent_Wiring.live(agent, c, DriftPolicy.failOnBreaking());
    }

    @Bean
    LiveAgent<Board> triage3Live(@Qualifier("triage3") TriageAgent agent, CachedContract c) {
      return TriageAgent_Wiring.live(agent, c, DriftPolicy.failOnBreaking());
    }

    @Bean
    LiveAgent<Board> triage4Live(@Qualifier("triage4") TriageAgent agent, CachedContract c) {
      return TriageAgent_Wiring.live(agent, c, DriftPolicy.failOnBreaking());
    }

    @Bean
    Migrated migrated(DataSource dataSource) {
      ProposalInbox.migrate(dataSource);
      return new Migrated();
    }

    @Bean
    ProposalInbox triage1Inbox(
        Migrated m, DataSource ds, @Qualifier("triage1Live") LiveAgent<Board> l, OpRunner r) {
      return inbox("triage1", ds, l, r);
    }

    @Bean
    ProposalInbox triage2Inbox(
        Migrated m, DataSource ds, @Qualifier("triage2Live") LiveAgent<Board> l, OpRunner r) {
      return inbox("triage2", ds, l, r);
    }

    @Bean
    ProposalInbox triage3Inbox(
        Migrated m, DataSource ds, @Qualifier("triage3Live") LiveAgent<Board> l, OpRunner r) {
      return inbox("triage3", ds, l, r);
    }

    @Bean
    ProposalInbox triage4Inbox(
        Migrated m, DataSource ds, @Qualifier("triage4Live") LiveAgent<Board> l, OpRunner r) {
      return inbox("triage4", ds, l, r);
    }

    private static ProposalInbox inbox(
        String name, DataSource ds, LiveAgent<Board> live, OpRunner runner) {
      return ProposalInbox.builder(ds)
          .migrate(false)
          .agent(InboxAgent.live(name, live::acts, runner))
          .build();
    }

    /** The inbox's schema, migrated. */
    static final class Migrated {}
  }

  @Setup(Level.Trial)
  public void startBackend() throws IOException {
    backend = TaskboardBackend.start();
  }

  @TearDown(Level.Iteration)
  public void closeContext() {
    if (context != null) {
      context.close();
      context = null;
    }
  }

  @TearDown(Level.Trial)
  public void stopBackend() {
    backend.close();
  }

  @Benchmark
  public ConfigurableApplicationContext withStarter() {
    context = start("spring.main.banner-mode=off");
    if (context.getBeanNamesForType(LiveAgent.class).length != AGENTS
        || context.getBeanNamesForType(ProposalInbox.class).length != AGENTS) {
      throw new IllegalStateException(
          "the starter did not bind " + AGENTS + " agents and make their inboxes");
    }
    return context;
  }

  @Benchmark
  public ConfigurableApplicationContext withoutStarter() {
    context = start("spring.main.banner-mode=off", "spring.autoconfigure.exclude=" + STARTER);
    return context;
  }

  @Benchmark
  public ConfigurableApplicationContext bindByHand() {
    context =
        start(
            new Class<?>[] {FourAgents.class, BindByHand.class},
            "spring.main.banner-mode=off",
            "spring.autoconfigure.exclude=" + STARTER);
    if (context.getBeanNamesForType(LiveAgent.class).length != AGENTS
        || context.getBeanNamesForType(ProposalInbox.class).length != AGENTS) {
      throw new IllegalStateException(
          "the configuration did not bind " + AGENTS + " agents and make their inboxes");
    }
    return context;
  }

  private ConfigurableApplicationContext start(String... properties) {
    return start(new Class<?>[] {FourAgents.class}, properties);
  }

  private ConfigurableApplicationContext start(Class<?>[] sources, String... properties) {
    return new SpringApplicationBuilder(sources)
        .web(WebApplicationType.NONE)
        .logStartupInfo(false)
        .properties("agentkit.contracts.taskboard.url=" + backend.contractUri())
        .properties(properties)
        .run();
  }
}
