package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.CompiledAgent;
import dev.agentkit.LiveAgent;
import dev.agentkit.LoopbackBackend;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.HttpContractSource;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A live agent served as an MCP server: the backend's contract (served on loopback, read through a
 * real cache) changes under it while the SDK's client calls its tools over Streamable HTTP.
 */
class McpAgentServerLiveTest {
  private final List<Proposal> proposals = new CopyOnWriteArrayList<>();
  private final AtomicInteger listChanged = new AtomicInteger();
  private LoopbackBackend backend;
  private CachedContract cache;
  private BoardAgent board;
  private LiveAgent<BoardAgent> live;
  private McpSyncServer server;
  private HttpToolServer http;
  private McpSyncClient client;

  @BeforeEach
  void start() throws Exception {
    backend = new LoopbackBackend(BoardAgent.CONTRACT);
    URI uri = backend.uri();
    cache =
        CachedContract.builder(HttpContractSource.builder(uri).contractName("taskboard").build())
            .ttl(Duration.ofMinutes(10))
            .maxStaleness(Duration.ofMinutes(20))
            .build();
    board = new BoardAgent();
    CompiledAgent compiled =
        new CompiledAgent("board", BoardAgent.CONTRACT, BoardAgent.CONTRACT.digest());
    live =
        LiveAgent.bind(
            compiled, cache, BoardAgent.uses(), DriftPolicy.failOnBreaking(), Clock.systemUTC());
    HttpServletStreamableServerTransportProvider transport =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(ToolServer.JSON)
            .mcpEndpoint("/mcp")
            .build();
    server =
        McpAgentServer.builder(live, "board")
            .ceiling(AutonomyRung.AUTO)
            .state(() -> board)
            // Every act needs an object: a paused live agent proposes even a read.
            .anchor(
                call ->
                    call.opcode().equals("list_tasks")
                        ? new ObjectRef("board", "main", "The board")
                        : new ObjectRef("task", call.arg("task_id"), "Task " + call.arg("task_id")))
            .proposals(proposals::add)
            .serverInfo("board-agent", "0.1")
            .build()
            .serve(transport);
    http = HttpToolServer.serve(transport, transport);
    client =
        McpClient.sync(
                HttpClientStreamableHttpTransport.builder(
                        "http://127.0.0.1:" + http.url().getPort())
                    .endpoint("/mcp")
                    .build())
            .requestTimeout(Duration.ofSeconds(30))
            .toolsChangeConsumer(tools -> listChanged.incrementAndGet())
            .build();
    client.initialize();
  }

  @AfterEach
  void stop() throws Exception {
    client.close();
    server.close();
    http.close();
    backend.close();
  }

  private void serve(Contract contract) {
    backend.serve(contract);
  }

  /** The board's contract with set_task_status changed; then fetched by the cache. */
  private void change(UnaryOperator<Op.Builder> edit) throws Exception {
    List<Op> ops = new ArrayList<>();
    for (Op op : BoardAgent.CONTRACT.ops()) {
      ops.add(op.opcode().equals("set_task_status") ? edit.apply(op.toBuilder()).build() : op);
    }
    serve(Contract.of("taskboard", ops));
    refetch();
  }

  /** What a list_changed notice or an expired ttl does: the cache fetches the contract anew. */
  private void refetch() throws Exception {
    cache.invalidate();
    cache.fetch();
  }

  private McpSchema.CallToolResult call(String tool, Map<String, Object> args) {
    return client.callTool(McpSchema.CallToolRequest.builder(tool).arguments(args).build());
  }

  private static String text(McpSchema.CallToolResult result) {
    return ((McpSchema.TextContent) result.content().get(0)).text();
  }

  private McpSchema.Tool tool(String name) {
    return client.listTools().tools().stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aCompatibleChangeIsServedAtOnceAndClientsAreToldTheListChanged() throws Exception {
    McpSchema.CallToolResult before =
        call("set_task_status", Map.of("task_id", "t1", "status", "blocked"));
    assertThat(before.isError()).isTrue();
    assertThat(text(before)).contains("blocked");
    List<String> names = client.listTools().tools().stream().map(McpSchema.Tool::name).toList();
    int logs = RecordedLogs.mark();
    change(
        b ->
            b.description("Moves a task to another column of the board.")
                .operands(
                    List.of(
                        Operand.requiredString("task_id", "The task."),
                        Operand.enumOf("status", true, "todo", "doing", "done", "blocked"))));

    McpSchema.CallToolResult blocked =
        call("set_task_status", Map.of("task_id", "t1", "status", "blocked"));
    assertThat(blocked.isError()).isFalse();
    assertThat(text(blocked)).startsWith("Done: set_task_status ran.");
    assertThat(board.statuses).containsEntry("t1", "blocked");
    McpSchema.Tool status = tool("set_task_status");
    assertThat(status.description()).isEqualTo("Moves a task to another column of the board.");
    assertThat(ToolServer.JSON.writeValueAsString(status.inputSchema())).contains("\"blocked\"");
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (listChanged.get() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(listChanged.get()).isPositive();
    assertThat(client.listTools().tools()).extracting(McpSchema.Tool::name).isEqualTo(names);
    assertThat(RecordedLogs.since(logs))
        .as("the SDK's warnings while the new tools were served")
        .filteredOn(e -> e.logger().startsWith("io.modelcontextprotocol.server"))
        .isEmpty();
  }

  @Test
  void aRaisedTierPausesTheToolsUntilTheContractBindsAgain() throws Exception {
    change(b -> b.tier(Tier.IRREVERSIBLE));

    McpSchema.CallToolResult paused =
        call("set_task_status", Map.of("task_id", "t1", "status", "done"));
    assertThat(paused.isError()).isFalse();
    assertThat(text(paused))
        .startsWith(
            "[PausedForReview] set_task_status is paused for review, so it was sent to the user"
                + " for approval and has not happened yet: ")
        .contains("set_task_status");
    assertThat(board.statuses).containsEntry("t1", "todo");
    McpSchema.CallToolResult listed = call("list_tasks", Map.of());
    assertThat(text(listed)).startsWith("[PausedForReview] list_tasks is paused for review");
    assertThat(proposals)
        .extracting(Proposal::askKey)
        .containsExactly("board:task:t1:set_task_status", "board:board:main:list_tasks");
    McpSchema.CallToolResult invalid =
        call("set_task_status", Map.of("task_id", "t1", "status", "finished"));
    assertThat(invalid.isError()).isTrue();

    serve(BoardAgent.CONTRACT);
    refetch();
    McpSchema.CallToolResult resumed =
        call("set_task_status", Map.of("task_id", "t1", "status", "done"));
    assertThat(text(resumed)).startsWith("Done: set_task_status ran.");
    assertThat(board.statuses).containsEntry("t1", "done");
    assertThat(tool("set_task_status").annotations().destructiveHint()).isFalse();
  }

  @Test
  void aLiveServerNeedsSomewhereToSendWhatAPauseWithholds() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> McpAgentServer.builder(live, "board").ceiling(AutonomyRung.AUTO).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "[ToolsIncomplete] the tools of agent \"board\" need anchor(...), which names the"
                + " object a withheld call acts on (for example call ->"
                + " ObjectRef.of(call.op().objectType(), call.arg(\"<its id operand>\"))); and"
                + " proposals(...), which delivers a withheld call's proposal to the user (a live"
                + " agent withholds every call while it is paused)");
  }
}
