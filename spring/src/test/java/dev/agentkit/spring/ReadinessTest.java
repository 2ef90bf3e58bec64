package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * With {@code agentkit.readiness=agents}, a paused agent marks the application refusing traffic and
 * a resumed one ready again; liveness stays UP throughout.
 */
@SpringBootTest(
    classes = TestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "management.endpoints.web.exposure.include=health",
      "management.endpoint.health.probes.enabled=true",
      "agentkit.readiness=agents",
      "agentkit.contracts.taskboard.ttl=200ms"
    })
class ReadinessTest {
  static final ContractServer BACKEND = new ContractServer();

  @DynamicPropertySource
  static void backend(DynamicPropertyRegistry registry) {
    registry.add("agentkit.contracts.taskboard.url", BACKEND::url);
  }

  @AfterAll
  static void stop() {
    BACKEND.close();
  }

  @LocalServerPort int port;

  @Test
  void aPausedAgentRefusesTrafficUntilItResumes() throws Exception {
    waitFor("/actuator/health/readiness", "UP");
    BACKEND.serve(ContractServer.withoutUrgent());
    waitFor("/actuator/health/readiness", "OUT_OF_SERVICE");
    assertThat(status("/actuator/health/liveness")).isEqualTo("UP");
    BACKEND.serve(ContractServer.snapshot());
    waitFor("/actuator/health/readiness", "UP");
    assertThat(status("/actuator/health/liveness")).isEqualTo("UP");
  }

  private void waitFor(String path, String status) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    String last = null;
    while (System.nanoTime() < deadline) {
      last = status(path);
      if (last.equals(status)) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError(path + " never became " + status + "; last: " + last);
  }

  private String status(String path) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    return ContractServer.JSON.readTree(r.body()).path("status").asText();
  }
}
