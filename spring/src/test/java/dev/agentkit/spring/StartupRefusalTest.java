package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.agentkit.LiveAgent;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.LocalDate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.ResolvableType;

/**
 * The application does not start when an agent cannot be bound: breaking drift, an unreachable
 * backend, a contract nobody configured. Spring Boot prints the starter's failure analysis (the
 * drift report and the fix) instead of a stack trace, and the fix it prints works.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupRefusalTest {
  private final ContractServer backend = new ContractServer();

  @AfterEach
  void stop() {
    backend.close();
  }

  @Test
  void breakingDriftStopsTheStartWithTheDriftReportAndTheFix(CapturedOutput output) {
    backend.serve(ContractServer.withoutUrgent());
    FailureAnalysis analysis =
        analysisOf(
            start(WebApplicationType.SERVLET, "agentkit.contracts.taskboard.url=" + backend.url()));

    assertThat(analysis.getDescription())
        .startsWith(
            "[AgentkitStartupRefused] bean 'priorityAgent' (dev.agentkit.spring.PriorityAgent) was"
                + " not bound against contract taskboard from cached "
                + backend.url()
                + ", so the application does not start:\n[DriftBreaking] PriorityAgent cannot bind"
                + " to the live taskboard contract: 1 breaking change since the snapshot it was"
                + " compiled against\n  - enum-value-removed: the backend removed enum value"
                + " \"urgent\" of set_task_priority.priority")
        .contains(
            "The whole drift report, against the snapshot " + PriorityAgent_Wiring.CONTRACT_DIGEST)
        .contains("contract drift for PriorityAgent: 1 breaking, 0 compatible, 0 informational");
    assertThat(analysis.getAction())
        .startsWith("Regenerate the snapshot (mvn agentkit:snapshot)")
        .endsWith(
            "acknowledge it until a date:\n"
                + "  agentkit.contracts.taskboard.drift.acknowledgements[0].rule=enum-value-removed\n"
                + "  agentkit.contracts.taskboard.drift.acknowledgements[0].target="
                + "set_task_priority.priority=urgent\n"
                + "  agentkit.contracts.taskboard.drift.acknowledgements[0].expires="
                + "<last day, YYYY-MM-DD>\n"
                + "  agentkit.contracts.taskboard.drift.acknowledgements[0].reason="
                + "<why it is safe until then>");
    assertThat(output.getAll())
        .contains("APPLICATION FAILED TO START")
        .contains("[DriftBreaking] PriorityAgent cannot bind")
        .contains("agentkit.contracts.taskboard.drift.acknowledgements[0].rule=enum-value-removed");
  }

  @Test
  void theAcknowledgementTheAnalysisPrintsLetsTheApplicationStart() {
    backend.serve(ContractServer.withoutUrgent());
    String ack = "agentkit.contracts.taskboard.drift.acknowledgements[0].";
    try (ConfigurableApplicationContext context =
        (ConfigurableApplicationContext)
            start(
                WebApplicationType.NONE,
                "agentkit.contracts.taskboard.url=" + backend.url(),
                ack + "rule=enum-value-removed",
                ack + "target=set_task_priority.priority=urgent",
                ack + "expires=" + LocalDate.now().plusDays(7),
                ack + "reason=no agent sets urgent")) {
      LiveAgent<?> live =
          (LiveAgent<?>)
              context
                  .getBeanProvider(ResolvableType.forClassWithGenerics(LiveAgent.class, Desk.class))
                  .getObject();
      assertThat(live.state()).isEqualTo(LiveAgent.State.BOUND);
      assertThat(live.lastBound().notes())
          .anyMatch(
              n -> n.startsWith("acknowledged until ") && n.contains("(no agent sets urgent)"));
    }
  }

  @Test
  void anExpiredAcknowledgementStopsTheStart() {
    backend.serve(ContractServer.withoutUrgent());
    String ack = "agentkit.contracts.taskboard.drift.acknowledgements[0].";
    FailureAnalysis analysis =
        analysisOf(
            start(
                WebApplicationType.NONE,
                "agentkit.contracts.taskboard.url=" + backend.url(),
                ack + "rule=enum-value-removed",
                ack + "target=set_task_priority.priority=urgent",
                ack + "expires=2020-01-31"));
    assertThat(analysis.getDescription())
        .contains(
            "the acknowledgement of enum-value-removed on set_task_priority.priority=urgent expired"
                + " on 2020-01-31");
    assertThat(analysis.getAction())
        .contains("agentkit.contracts.taskboard.drift.acknowledgements[1].rule=enum-value-removed");
  }

  @Test
  void anUnreachableBackendStopsTheStart() throws IOException {
    String url = unreachableUrl();
    FailureAnalysis analysis =
        analysisOf(start(WebApplicationType.NONE, "agentkit.contracts.taskboard.url=" + url));
    assertThat(analysis.getDescription())
        .startsWith(
            "[AgentkitStartupRefused] bean 'priorityAgent' (dev.agentkit.spring.PriorityAgent) was"
                + " not bound against contract taskboard from cached "
                + url)
        .contains(
            "[ContractUnavailable] cannot bind without the backend contract from cached " + url);
    assertThat(analysis.getAction())
        .isEqualTo(
            "Make the backend reachable at "
                + url
                + " (or correct the URL in agentkit.contracts.taskboard), check its credentials"
                + " (agentkit.contracts.taskboard.credentials), or raise"
                + " agentkit.contracts.taskboard.connect-timeout and"
                + " agentkit.contracts.taskboard.request-timeout if it is slow. Without its contract"
                + " an agent does not start (fail closed).");
  }

  @Test
  void anUnreachableBackendStopsALazyStartToo() throws IOException {
    String url = unreachableUrl();
    FailureAnalysis analysis =
        analysisOf(
            start(
                WebApplicationType.NONE,
                "spring.main.lazy-initialization=true",
                "agentkit.contracts.taskboard.url=" + url));
    assertThat(analysis.getDescription())
        .startsWith(
            "[AgentkitStartupRefused] bean 'priorityAgent' (dev.agentkit.spring.PriorityAgent) was"
                + " not bound against contract taskboard from cached "
                + url)
        .contains(
            "[ContractUnavailable] cannot bind without the backend contract from cached " + url);
  }

  @Test
  void aBackendAnsweringAnErrorStopsTheStart() {
    backend.fail(503);
    FailureAnalysis analysis =
        analysisOf(
            start(WebApplicationType.NONE, "agentkit.contracts.taskboard.url=" + backend.url()));
    assertThat(analysis.getDescription()).contains("[ContractUnavailable]").contains("503");
  }

  @Test
  void aContractNobodyConfiguredStopsTheStartWithTheNearestName() {
    FailureAnalysis analysis =
        analysisOf(
            start(WebApplicationType.NONE, "agentkit.contracts.taskbord.url=" + backend.url()));
    assertThat(analysis.getDescription())
        .isEqualTo(
            "[AgentkitContractNotConfigured] PriorityAgent is compiled against contract taskboard,"
                + " but agentkit.contracts.taskboard is not configured (the configured contracts"
                + " are taskbord; did you mean \"taskbord\"?)");
    assertThat(analysis.getAction())
        .isEqualTo(
            "Set agentkit.contracts.taskboard.url to the URL its backend serves the contract at (or"
                + " agentkit.contracts.taskboard.openapi to its OpenAPI document).");
    assertThat(analysisOf(start(WebApplicationType.NONE)).getDescription())
        .endsWith("(no agentkit.contracts entry is configured)");
  }

  /** Starts the test application, returning the context, or what stopped it. */
  static Object start(WebApplicationType web, String... properties) {
    try {
      return new SpringApplicationBuilder(TestApplication.class)
          .web(web)
          .properties("server.port=0", "spring.main.banner-mode=off")
          .properties(properties)
          .run();
    } catch (RuntimeException e) {
      return e;
    }
  }

  static FailureAnalysis analysisOf(Object started) {
    assertThat(started).as("the start failed").isInstanceOf(Throwable.class);
    Throwable failure = (Throwable) started;
    FailureAnalysis analysis = new AgentkitFailureAnalyzer().analyze(failure);
    assertThat(analysis).as("the starter's analysis of " + failure).isNotNull();
    return analysis;
  }

  static Throwable thrown(Runnable r) {
    return catchThrowable(r::run);
  }

  /** A loopback URL nothing listens on: the port was free a moment ago and is closed again. */
  private static String unreachableUrl() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return "http://127.0.0.1:" + s.getLocalPort() + "/contract";
    }
  }
}
