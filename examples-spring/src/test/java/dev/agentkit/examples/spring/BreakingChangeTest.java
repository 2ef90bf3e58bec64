package dev.agentkit.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.agentkit.examples.Deploys;
import dev.agentkit.examples.TaskboardBackend;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * With a breaking change deployed on the backend, the application does not start: Spring Boot
 * prints the starter's failure analysis (the drift report and the fix), not a stack trace. Started
 * as {@code main} starts it (a servlet application on a random port), since a context that fails to
 * start cannot be injected into a {@code @SpringBootTest}.
 */
@ExtendWith(OutputCaptureExtension.class)
class BreakingChangeTest {

  @Test
  void aBreakingChangeOnTheBackendStopsTheStartWithTheFailureAnalysis(CapturedOutput output)
      throws Exception {
    try (TaskboardBackend backend = TaskboardBackend.start()) {
      Deploys.dropUrgentPriority(backend);
      Throwable failure =
          catchThrowable(
              () ->
                  new SpringApplicationBuilder(TaskboardApplication.class)
                      .web(WebApplicationType.SERVLET)
                      .properties(
                          "server.port=0",
                          "spring.main.banner-mode=off",
                          "taskboard.url=" + backend.baseUri(),
                          TaskboardApplication.JWT
                              + "public-key-location="
                              + DemoKey.create().publicKeyLocation())
                      .run());

      assertThat(failure).isNotNull();
      String printed = output.getAll();
      assertThat(printed)
          .contains("APPLICATION FAILED TO START")
          .contains(
              "[AgentkitStartupRefused] bean 'triageAgent' (dev.agentkit.examples.TriageAgent) was"
                  + " not bound against contract taskboard from cached "
                  + backend.contractUri()
                  + ", so the application does not start:\n[DriftBreaking] TriageAgent cannot bind"
                  + " to the live taskboard contract: 1 breaking change since the snapshot it was"
                  + " compiled against\n  - enum-value-removed: the backend removed enum value"
                  + " \"urgent\" of set_task_priority.priority, which TriageAgent uses; calls with"
                  + " it are now rejected")
          .contains("Regenerate the snapshot (mvn agentkit:snapshot)")
          .contains(
              "  agentkit.contracts.taskboard.drift.acknowledgements[0].rule=enum-value-removed\n"
                  + "  agentkit.contracts.taskboard.drift.acknowledgements[0].target="
                  + "set_task_priority.priority=urgent");
      assertThat(printed).doesNotContain("\tat dev.agentkit");
    }
  }
}
