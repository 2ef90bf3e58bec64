package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The property a contract's credentials.property names is masked in /actuator/env. */
@SpringBootTest(
    classes = TestApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "management.endpoints.web.exposure.include=env",
      "management.endpoint.env.show-values=always",
      "backend.access=k7-plain-named-value",
      "agentkit.contracts.taskboard.credentials.property=backend.access"
    })
class CredentialMaskTest {
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
  void theCredentialPropertyIsMaskedInTheEnvEndpoint() throws Exception {
    String body =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/env"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    assertThat(body).doesNotContain("k7-plain-named-value").contains("backend.access");
    String one =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/actuator/env/backend.access"))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    assertThat(one).doesNotContain("k7-plain-named-value").contains("******");
  }
}
