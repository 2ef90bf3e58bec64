package dev.agentkit.examples.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.examples.Board;
import dev.agentkit.examples.TaskboardBackend;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.McpHttpClientTransportAuthorizationException;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The triage agent over MCP Streamable HTTP behind the bearer-token filter chain, on a random port
 * against the real task-board backend, with the official MCP SDK's client: without a token, or with
 * one signed by another key, the client is refused (401, {@code WWW-Authenticate: Bearer}) and
 * nothing runs; with one, it lists the agent's tools, a reversible call runs on the backend and an
 * irreversible one waits in the agent's inbox.
 */
@SpringBootTest(
    classes = TaskboardApplication.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class McpSecurityTest {
  static final TaskboardBackend BACKEND = start();
  static final DemoKey KEY = key();

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) {
    registry.add("taskboard.url", () -> BACKEND.baseUri().toString());
    registry.add(TaskboardApplication.JWT + "public-key-location", KEY::publicKeyLocation);
  }

  @AfterAll
  static void stop() {
    BACKEND.close();
  }

  @LocalServerPort int port;
  @Autowired Board board;

  @Test
  void aClientWithoutATokenIsRefusedAndNothingRuns() throws Exception {
    try (McpSyncClient client = client(null)) {
      assertThatThrownBy(client::initialize)
          .hasRootCauseInstanceOf(McpHttpClientTransportAuthorizationException.class);
    }
    HttpResponse<String> raw =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/mcp"))
                    .header("Content-Type", "application/json")
                    .header("Accept", "application/json, text/event-stream")
                    .POST(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/call\","
                                + " \"params\": {\"name\": \"set_task_priority\", \"arguments\":"
                                + " {\"task_id\": \"t2\", \"priority\": \"urgent\"}}}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(raw.statusCode()).isEqualTo(401);
    assertThat(raw.headers().firstValue("WWW-Authenticate"))
        .hasValueSatisfying(v -> assertThat(v).startsWith("Bearer"));
    board.refresh();
    assertThat(board.task("t2").orElseThrow().priority()).isNotEqualTo("urgent");
  }

  @Test
  void aTokenSignedByAnotherKeyIsRefused() throws Exception {
    DemoKey other = DemoKey.create();
    try (McpSyncClient client = client(other.token("mallory", Duration.ofMinutes(5)))) {
      assertThatThrownBy(client::initialize)
          .hasRootCauseInstanceOf(McpHttpClientTransportAuthorizationException.class);
    }
  }

  @Test
  void aClientWithATokenListsTheToolsRunsOneAndProposesAnother() throws Exception {
    try (McpSyncClient client = client(KEY.token("ann", Duration.ofMinutes(5)))) {
      client.initialize();
      assertThat(client.listTools().tools())
          .extracting(McpSchema.Tool::name)
          .contains("set_task_priority", "archive_project");

      McpSchema.CallToolResult ran =
          client.callTool(
              McpSchema.CallToolRequest.builder("set_task_priority")
                  .arguments(Map.of("task_id", "t3", "priority", "high"))
                  .build());
      assertThat(text(ran)).isEqualTo("Done: set_task_priority ran.");
      board.refresh();
      assertThat(board.task("t3").orElseThrow().priority()).isEqualTo("high");

      McpSchema.CallToolResult proposed =
          client.callTool(
              McpSchema.CallToolRequest.builder("archive_project")
                  .arguments(Map.of("project_id", "p1", "reason", "done"))
                  .build());
      assertThat(text(proposed))
          .isEqualTo("archive_project was sent to the user for approval; it has not happened yet.");
      HttpResponse<String> waiting =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/proposals"))
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      assertThat(waiting.body()).contains("triageAgent:project:p1:archive_project");
    }
  }

  private McpSyncClient client(String token) {
    HttpClientStreamableHttpTransport.Builder transport =
        HttpClientStreamableHttpTransport.builder("http://127.0.0.1:" + port).endpoint("/mcp");
    if (token != null) {
      transport.requestBuilder(HttpRequest.newBuilder().header("Authorization", "Bearer " + token));
    }
    return McpClient.sync(transport.build()).requestTimeout(Duration.ofSeconds(30)).build();
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }

  private static TaskboardBackend start() {
    try {
      return TaskboardBackend.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static DemoKey key() {
    try {
      return DemoKey.create();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
