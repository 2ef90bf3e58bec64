package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.ToolSchemas;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bound agent served as an MCP server, driven by the SDK's own client over stdio (the server a
 * child process) and over Streamable HTTP (on Tomcat).
 */
class McpAgentServerTest {
  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }

  private static McpSchema.CallToolResult call(
      McpSyncClient client, String tool, Map<String, Object> args) {
    return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
  }

  /** What every transport must show: the tools, and each way a call can end. */
  private static void behavesAsTheAgent(McpSyncClient client) {
    McpSchema.InitializeResult init = client.initialize();
    assertThat(init.serverInfo().name()).isEqualTo("board-agent");

    List<McpSchema.Tool> tools = client.listTools().tools();
    assertThat(tools)
        .extracting(McpSchema.Tool::name)
        .containsExactly("delete_task", "email_assignee", "list_tasks", "set_task_status");
    McpSchema.Tool status = tools.get(3);
    assertThat(status.description()).isEqualTo("Moves a task to another column.");
    assertThat(status.annotations().readOnlyHint()).isFalse();
    assertThat(status.annotations().destructiveHint()).isFalse();
    assertThat(status.annotations().openWorldHint()).isFalse();
    assertThat(tools.get(0).annotations().destructiveHint()).isTrue();
    assertThat(tools.get(2).annotations().readOnlyHint()).isTrue();
    assertThat(tools.get(1).annotations().openWorldHint()).isTrue();
    assertThat(status.meta()).containsEntry("dev.agentkit/tier", "reversible");

    McpSchema.CallToolResult listed = call(client, "list_tasks", Map.of());
    assertThat(listed.isError()).isFalse();
    assertThat(text(listed)).isEqualTo("Done: list_tasks ran. Result: t1, t2");

    McpSchema.CallToolResult moved =
        call(client, "set_task_status", Map.of("task_id", "t1", "status", "done"));
    assertThat(moved.isError()).isFalse();
    assertThat(text(moved))
        .startsWith("Done: set_task_status ran. Result: {")
        .contains("\"status\":\"done\"");

    McpSchema.CallToolResult invalid =
        call(client, "set_task_status", Map.of("task_id", "t1", "status", "finished"));
    assertThat(invalid.isError()).isTrue();
    assertThat(text(invalid)).startsWith("[").contains("finished").contains("done");

    McpSchema.CallToolResult unknownOperand = call(client, "list_tasks", Map.of("project", "p1"));
    assertThat(unknownOperand.isError()).isTrue();
    assertThat(text(unknownOperand)).contains("project");

    McpSchema.CallToolResult withheld = call(client, "delete_task", Map.of("task_id", "t2"));
    assertThat(withheld.isError()).isFalse();
    assertThat(text(withheld))
        .isEqualTo("delete_task was sent to the user for approval; it has not happened yet.");

    McpSchema.CallToolResult email =
        call(client, "email_assignee", Map.of("task_id", "t1", "hours", 2.5));
    assertThat(text(email))
        .isEqualTo("email_assignee was sent to the user for approval; it has not happened yet.");
  }

  @Test
  void overStdioAnMcpClientActsOnlyThroughTheAgent(@TempDir Path dir) throws Exception {
    Path proposals = dir.resolve("proposals.txt");
    ServerParameters params =
        ServerParameters.builder(StdioServers.java())
            .args(
                "-XX:TieredStopAtLevel=1",
                "-cp",
                StdioServers.classPath(),
                AgentServerMain.class.getName(),
                proposals.toString())
            .build();
    try (McpSyncClient client =
        McpClient.sync(new StdioClientTransport(params, ToolServer.JSON))
            .requestTimeout(Duration.ofSeconds(30))
            .initializationTimeout(Duration.ofSeconds(30))
            .build()) {
      behavesAsTheAgent(client);
    }
    assertThat(Files.readAllLines(proposals, StandardCharsets.UTF_8))
        .containsExactly(
            "board:task:t2:delete_task | Delete {{task:t2|Task t2}}?",
            "board:task:t1:email_assignee | Email the assignee of {{task:t1|Task t1}}?");
  }

  @Test
  void overHttpAnMcpClientActsOnlyThroughTheAgent() throws Exception {
    BoardAgent board = new BoardAgent();
    List<Proposal> proposals = new CopyOnWriteArrayList<>();
    HttpServletStreamableServerTransportProvider transport =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(ToolServer.JSON)
            .mcpEndpoint("/mcp")
            .build();
    McpSyncServer server = board.server(proposals::add).serve(transport);
    try (HttpToolServer http = HttpToolServer.serve(transport, transport);
        McpSyncClient client =
            McpClient.sync(
                    HttpClientStreamableHttpTransport.builder(
                            "http://127.0.0.1:" + http.url().getPort())
                        .endpoint("/mcp")
                        .build())
                .requestTimeout(Duration.ofSeconds(30))
                .build()) {
      behavesAsTheAgent(client);
      assertThat(board.statuses).containsEntry("t1", "done").containsEntry("t2", "doing");
      assertThat(proposals)
          .extracting(Proposal::askKey)
          .containsExactly("board:task:t2:delete_task", "board:task:t1:email_assignee");
    } finally {
      server.close();
    }
  }

  @Test
  void itsToolsReadBackAsTheAgentsContract() throws Exception {
    BoardAgent board = new BoardAgent();
    HttpServletStreamableServerTransportProvider transport =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(ToolServer.JSON)
            .mcpEndpoint("/mcp")
            .build();
    McpSyncServer server = board.server(p -> {}).serve(transport);
    try (HttpToolServer http = HttpToolServer.serve(transport, transport);
        McpContractSource source =
            McpContractSource.http(http.url()).contractName("taskboard").build()) {
      Contract served = source.fetch();
      assertThat(served.source()).isEqualTo("board-agent 0.1");
      assertThat(served.ops())
          .extracting(Op::opcode, Op::tier, Op::objectType, Op::operandNames)
          .isEqualTo(
              BoardAgent.CONTRACT.ops().stream()
                  .map(
                      op ->
                          org.assertj.core.groups.Tuple.tuple(
                              op.opcode(), op.tier(), op.objectType(), op.operandNames()))
                  .toList());
      assertThat(source.warnings()).isEmpty();
    } finally {
      server.close();
    }
  }

  @Test
  void theToolsAreTheBoundActsWithTheirSchemas() throws Exception {
    McpAgentServer<BoardAgent> server = new BoardAgent().server(p -> {});
    assertThat(server.tools()).hasSize(4);
    String declared = ToolSchemas.declarations(new BoardAgent().acts()).get(0).parametersJson();
    assertThat(ToolServer.JSON.writeValueAsString(server.tools().get(0).inputSchema()))
        .isEqualTo(declared);
    assertThat(server.toString())
        .isEqualTo(
            "McpAgentServer[board, AUTO, [delete_task, email_assignee, list_tasks,"
                + " set_task_status]]");
  }

  @Test
  void aCallThatWouldChangeNothingNeitherRunsNorIsProposed() {
    BoardAgent board = new BoardAgent();
    McpSchema.CallToolResult r =
        board.server(p -> {}).call("set_task_status", Map.of("task_id", "t2", "status", "doing"));
    assertThat(r.isError()).isFalse();
    assertThat(text(r))
        .isEqualTo(
            "Nothing to do: set_task_status would change nothing as things stand, so it did not"
                + " run.");
  }

  @Test
  void aHandlerFailureIsAnErrorResultThatLeaksNoException() {
    McpAgentServer<BoardAgent> server = new BoardAgent().server(p -> {});
    McpSchema.CallToolResult crashed =
        server.call("set_task_status", Map.of("task_id", "boom", "status", "done"));
    assertThat(crashed.isError()).isTrue();
    assertThat(text(crashed))
        .isEqualTo("set_task_status failed while running and may not have taken effect.");
    McpSchema.CallToolResult refused =
        server.call("set_task_status", Map.of("task_id", "locked", "status", "done"));
    assertThat(refused.isError()).isTrue();
    assertThat(text(refused)).isEqualTo("set_task_status failed: the task is locked by Ann");
  }

  @Test
  void aFailingProposalCallbackSaysTheCallDidNotHappen() {
    McpAgentServer<BoardAgent> server =
        new BoardAgent()
            .server(
                p -> {
                  throw new IllegalStateException("inbox down");
                });
    McpSchema.CallToolResult r = server.call("delete_task", Map.of("task_id", "t1"));
    assertThat(r.isError()).isTrue();
    assertThat(text(r))
        .isEqualTo(
            "delete_task could not be sent to the user for approval, so it has not happened.");
  }

  @Test
  void aServerWhoseWithheldActsHaveNowhereToGoIsRefused() {
    assertThatThrownBy(() -> McpAgentServer.builder(new BoardAgent().acts(), "board").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "[ToolsIncomplete] the tools of agent \"board\" need anchor(...), which names the"
                + " object a withheld call acts on (for example call ->"
                + " ObjectRef.of(call.op().objectType(), call.arg(\"<its id operand>\"))); and"
                + " proposals(...), which delivers a withheld call's proposal to the user"
                + " (delete_task, email_assignee, list_tasks, set_task_status are proposed to the"
                + " user)");
    assertThatThrownBy(() -> McpAgentServer.builder(new BoardAgent().acts(), " ").build())
        .hasMessageStartingWith("[ToolsIncomplete] the tools of agent \"\" need the agent's name");
  }
}
