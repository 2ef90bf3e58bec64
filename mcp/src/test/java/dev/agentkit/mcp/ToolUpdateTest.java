package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.event.Level;

/**
 * How {@link McpAgentServer} moves an SDK server from one tool set to the next after a rebinding:
 * the server ends up listing exactly the new set, and the SDK logs no warning on the way (its
 * {@code addTool} warns when it replaces a tool of the same name).
 */
class ToolUpdateTest {
  private McpSyncServer server;

  private static McpSchema.Tool tool(String name, String description) {
    return McpSchema.Tool.builder(name, Map.of("type", "object")).description(description).build();
  }

  private static McpServerFeatures.SyncToolSpecification spec(McpSchema.Tool tool) {
    return new McpServerFeatures.SyncToolSpecification(
        tool, (exchange, request) -> ToolServer.text(request.name()));
  }

  @BeforeEach
  void start() {
    server =
        McpServer.sync(
                HttpServletStreamableServerTransportProvider.builder()
                    .jsonMapper(ToolServer.JSON)
                    .mcpEndpoint("/mcp")
                    .build())
            .serverInfo("update", "1")
            .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
            .tools(
                List.of(
                    spec(tool("kept", "Same.")),
                    spec(tool("changed", "Before.")),
                    spec(tool("gone", "Gone."))))
            .build();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private List<McpSchema.Tool> listed() {
    return server.listTools().stream()
        .sorted(java.util.Comparator.comparing(McpSchema.Tool::name))
        .toList();
  }

  private static List<RecordedLogs.Event> sdkWarnings(int mark) {
    return RecordedLogs.since(mark).stream()
        .filter(e -> e.logger().startsWith("io.modelcontextprotocol"))
        .filter(e -> e.level() == Level.WARN)
        .toList();
  }

  @Test
  void theNewSetIsServedAndTheSdkWarnsOfNothing() {
    List<McpSchema.Tool> before =
        List.of(tool("changed", "Before."), tool("gone", "Gone."), tool("kept", "Same."));
    List<McpSchema.Tool> after =
        List.of(tool("added", "New."), tool("changed", "After."), tool("kept", "Same."));
    int mark = RecordedLogs.mark();

    McpAgentServer.update(server, before, after, ToolUpdateTest::spec);

    assertThat(listed()).isEqualTo(after);
    assertThat(sdkWarnings(mark)).isEmpty();
  }

  @Test
  void theSdksOwnReplacementWouldHaveWarned() {
    int mark = RecordedLogs.mark();
    server.addTool(spec(tool("changed", "After.")));
    assertThat(sdkWarnings(mark))
        .extracting(RecordedLogs.Event::message)
        .containsExactly("Replace existing Tool with name 'changed'");
  }
}
