package dev.agentkit.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DocumentServerTest {
  private final HttpClient client = HttpClient.newHttpClient();

  private HttpResponse<String> get(DocumentServer server, String ifNoneMatch) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(server.uri("/doc"));
    if (ifNoneMatch != null) {
      request.header("If-None-Match", ifNoneMatch);
    }
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void aFailedPathAnswersItsStatusUntilItIsServedAgain() throws Exception {
    try (DocumentServer server = DocumentServer.start()) {
      server.serve("/doc", "v1".getBytes(StandardCharsets.UTF_8), "text/plain", "\"v1\"");
      server.fail("/doc", 503);
      HttpResponse<String> down = get(server, "\"v1\"");
      assertThat(down.statusCode()).isEqualTo(503);
      assertThat(down.headers().firstValue("ETag")).isEmpty();

      server.serve("/doc", "v2".getBytes(StandardCharsets.UTF_8), "text/plain", "\"v2\"");
      HttpResponse<String> up = get(server, "\"v1\"");
      assertThat(up.statusCode()).isEqualTo(200);
      assertThat(up.body()).isEqualTo("v2");
      assertThat(get(server, "W/\"v2\"").statusCode()).isEqualTo(304);
      assertThat(server.fullAnswers()).isEqualTo(1);
      assertThat(server.notModifiedAnswers()).isEqualTo(1);
      assertThat(server.requests()).isEqualTo(3);
    }
  }
}
