package dev.agentkit.benchmarks;

import dev.agentkit.LiveAgent;
import dev.agentkit.examples.TaskboardBackend;
import dev.agentkit.examples.TriageAgent;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * Row 11: the start of a Spring Boot context declaring {@value #AGENTS} agent beans, with the
 * agentkit starter (which binds every agent against the live contract of an embedded task-board
 * backend, over HTTP on loopback, before the context is ready) against the same context with the
 * starter's auto-configurations excluded. Measured once per fresh JVM (single shot, many forks), as
 * an application starts; the backend is started before the measured start.
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
          + "dev.agentkit.spring.AgentkitActuatorAutoConfiguration";

  private TaskboardBackend backend;
  private ConfigurableApplicationContext context;

  /** A Boot application with four TriageAgent beans. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  public static class FourAgents {
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
    if (context.getBeanNamesForType(LiveAgent.class).length != AGENTS) {
      throw new IllegalStateException("the starter did not bind " + AGENTS + " agents");
    }
    return context;
  }

  @Benchmark
  public ConfigurableApplicationContext withoutStarter() {
    context = start("spring.main.banner-mode=off", "spring.autoconfigure.exclude=" + STARTER);
    return context;
  }

  private ConfigurableApplicationContext start(String... properties) {
    return new SpringApplicationBuilder(FourAgents.class)
        .web(WebApplicationType.NONE)
        .logStartupInfo(false)
        .properties("agentkit.contracts.taskboard.url=" + backend.contractUri())
        .properties(properties)
        .run();
  }
}
