package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.Outcome;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Verified calls run as {@code tools/call} against a real MCP server, a child over stdio. */
class McpActionsTest {
  private static McpContractSource source;
  private static ActionSet<Void> set;
  private static Contract contract;

  @BeforeAll
  static void start() throws Exception {
    source = StdioServers.source("taskboard").build();
    contract = source.fetch();
    set = bindAll(contract);
  }

  @AfterAll
  static void stop() {
    source.close();
  }

  static ActionSet<Void> bindAll(Contract contract) {
    List<Use<Void>> uses = new ArrayList<>();
    for (String opcode : contract.opcodes()) {
      uses.add(Use.<Void>of(opcode, ChangeCategory.ALWAYS_MINTS).ask(call -> "May I?").build());
    }
    return ActionSet.bind(contract, uses);
  }

  private static McpActions actions() {
    return McpActions.builder(source).build();
  }

  @Test
  @SuppressWarnings("deprecation") // the SDK's low-level session factory, as HttpToolServer uses
  void anIdempotencyKeyIsSentInTheCallsMeta() throws Exception {
    ToolServer board = Scenarios.taskboard();
    List<Object> received = new java.util.concurrent.CopyOnWriteArrayList<>();
    Map<String, io.modelcontextprotocol.server.McpRequestHandler<?>> handlers =
        new java.util.LinkedHashMap<>(board.handlers());
    io.modelcontextprotocol.server.McpRequestHandler<McpSchema.CallToolResult> recording =
        (exchange, params) -> {
          received.add(params);
          return reactor.core.publisher.Mono.just(ToolServer.text("ok"));
        };
    handlers.put(McpSchema.METHOD_TOOLS_CALL, recording);
    var provider =
        io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider
            .builder()
            .jsonMapper(ToolServer.JSON)
            .mcpEndpoint("/mcp")
            .build();
    provider.setSessionFactory(
        new io.modelcontextprotocol.spec.DefaultMcpStreamableServerSessionFactory(
            ToolServer.timeout(), board::initializeMono, handlers, Map.of()));
    try (HttpToolServer server = HttpToolServer.serve(provider, provider);
        McpContractSource http =
            McpContractSource.http(server.url()).contractName("taskboard").build()) {
      ActionSet<Void> acts = bindAll(http.fetch());
      Call call = acts.verified(Call.of("list_tasks", Map.of("project_id", "p1")));
      McpActions actions = McpActions.builder(http).build();
      assertThat(actions.run(call, "agentkit-0123456789abcdef0123456789abcdef-0")).isEqualTo("ok");
      assertThat(actions.run(call)).isEqualTo("ok");
      assertThat(received).hasSize(2);
      McpSchema.CallToolRequest keyed =
          ToolServer.JSON.convertValue(received.get(0), McpSchema.CallToolRequest.class);
      assertThat(keyed.meta())
          .containsExactly(
              Map.entry("agentkit/idempotency-key", "agentkit-0123456789abcdef0123456789abcdef-0"));
      assertThat(keyed.arguments()).containsExactly(Map.entry("project_id", "p1"));
      assertThat(((Map<?, ?>) received.get(0)).containsKey("_meta")).as("the wire name").isTrue();
      McpSchema.CallToolRequest plain =
          ToolServer.JSON.convertValue(received.get(1), McpSchema.CallToolRequest.class);
      assertThat(plain.meta()).isNull();
    }
  }

  @Test
  void sendsTheArgumentsWithTheirJsonTypes() throws Exception {
    Call call =
        set.verified(
            Call.of(
                "create_task",
                Map.of(
                    "title", "Write \"docs\"",
                    "estimate", "2.5",
                    "urgent", "true",
                    "labels", "[\"a\", \"b c\"]",
                    "due", "2026-12-01",
                    "metadata", "{\"k\": [1, 2], \"n\": null}")));
    assertThat(actions().run(call))
        .isEqualTo(
            "{\"due\":\"2026-12-01\",\"estimate\":2.5,\"labels\":[\"a\",\"b c\"],"
                + "\"metadata\":{\"k\":[1,2],\"n\":null},\"title\":\"Write \\\"docs\\\"\","
                + "\"urgent\":true}");
  }

  @Test
  void blankArgumentsAreLeftOutAndAnEmptyResultIsNull() throws Exception {
    Call call =
        set.verified(Call.of("create_task", Map.of("title", "t", "estimate", "", "urgent", "")));
    assertThat(actions().run(call)).isEqualTo("{\"title\":\"t\"}");
    assertThat(actions().run(set.verified(Call.of("archive_project", Map.of("project_id", "p1")))))
        .isNull();
  }

  @Test
  void runsThroughTheSetAsTheActsRunHandler() throws Exception {
    ActionSet<Void> running =
        ActionSet.bind(
            contract,
            List.of(
                Use.<Void>of("list_tasks", ChangeCategory.ALWAYS_MINTS)
                    .run(actions().handler())
                    .build(),
                Use.<Void>of("set_task_status", ChangeCategory.ALWAYS_MINTS)
                    .run(actions().handler())
                    .build()));
    Outcome listed =
        running.run(null, running.verified(Call.of("list_tasks", Map.of("project_id", "p7"))));
    assertThat(listed.done()).isTrue();
    assertThat(listed.value(String.class)).contains("tasks of p7");

    Outcome moved =
        running.run(
            null,
            running.verified(
                Call.of("set_task_status", Map.of("task_id", "t1", "status", "done"))));
    assertThat(moved.done()).isFalse();
    assertThat(moved.failure())
        .isEqualTo(
            "[McpCallFailed] set_task_status: the tool reported an error: task t1 has open"
                + " subtasks");
  }

  @Test
  void aResultMarkedIsErrorIsAFailureWithTheToolsText() {
    Call call = set.verified(Call.of("delete_task", Map.of("task_id", "t1")));
    assertThatThrownBy(() -> actions().run(call))
        .isInstanceOf(CallFailedException.class)
        .hasMessage("[McpCallFailed] delete_task: the tool reported an error: task t1 is locked");
  }

  @Test
  void anErrorAnswerIsAFailureWithTheServersText() {
    Call call = set.verified(Call.of("odd_tool", Map.of("either", "3")));
    assertThatThrownBy(() -> actions().run(call))
        .isInstanceOf(CallFailedException.class)
        .hasMessage(
            "[McpCallFailed] odd_tool: stdio:"
                + StdioServers.java()
                + " answered tools/call odd_tool with an error: Unknown tool: odd_tool");
  }

  @Test
  void anArgumentTheLiveSchemaHasNoPropertyForIsRefusedNotDropped() {
    Op old = contract.op("create_task").orElseThrow();
    Op widened = old.toBuilder().operand(Operand.of("priority", OperandType.STRING)).build();
    List<Op> ops = new ArrayList<>(contract.ops());
    ops.replaceAll(op -> op.opcode().equals("create_task") ? widened : op);
    ActionSet<Void> stale = bindAll(Contract.of("taskboard", ops));
    Call call = stale.verified(Call.of("create_task", Map.of("title", "t", "priority", "high")));
    assertThatThrownBy(() -> actions().run(call))
        .hasMessage(
            "[McpBadArgument] create_task: operand priority is no property of the tool's input"
                + " schema as the server last listed it; the contract was read from another"
                + " version of the server, so bind again");
  }

  @Test
  void aToolTheServerNoLongerListsIsRefused() {
    Op gone =
        Op.builder("vanished")
            .description("Was here.")
            .tier(dev.agentkit.contract.Tier.READ_ONLY)
            .build();
    ActionSet<Void> stale = bindAll(Contract.of("taskboard", List.of(gone)));
    Call call = stale.verified(Call.of("vanished", Map.of()));
    assertThatThrownBy(() -> actions().run(call))
        .hasMessage(
            "[McpCallFailed] vanished: is no tool of stdio:"
                + StdioServers.java()
                + " as it last listed them, so there is no call");
  }

  @Test
  void anUnverifiedCallIsRefused() {
    assertThatThrownBy(() -> actions().run(Call.of("list_tasks", Map.of())))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aSlowToolTimesOutAndTheSessionRecovers() throws Exception {
    try (McpContractSource sleepy = StdioServers.source("sleepy").build()) {
      ActionSet<Void> acts = bindAll(sleepy.fetch());
      McpActions quick = McpActions.builder(sleepy).timeout(Duration.ofMillis(500)).build();
      Call call = acts.verified(Call.of("list_tasks", Map.of("project_id", "p1")));
      assertThatThrownBy(() -> quick.run(call))
          .hasMessage(
              "[McpCallFailed] list_tasks: stdio:"
                  + StdioServers.java()
                  + " did not answer tools/call list_tasks within 500 ms");
      assertThat(quick.toString())
          .isEqualTo("McpActions[stdio:" + StdioServers.java() + ", timeout 500 ms]");
    }
  }

  @Test
  void aServerThatWentAwayIsAFailureTheModelReads() throws Exception {
    HttpToolServer server = HttpToolServer.start(Scenarios.taskboard());
    try (McpContractSource http =
        McpContractSource.http(server.url())
            .contractName("taskboard")
            .connectTimeout(Duration.ofSeconds(3))
            .build()) {
      ActionSet<Void> acts = bindAll(http.fetch());
      McpActions viaHttp = McpActions.builder(http).timeout(Duration.ofSeconds(5)).build();
      Call call = acts.verified(Call.of("list_tasks", Map.of("project_id", "p1")));
      assertThat(viaHttp.run(call)).isEqualTo("tasks of p1");
      URI url = server.url();
      server.close();
      assertThatThrownBy(() -> viaHttp.run(call))
          .isInstanceOf(CallFailedException.class)
          .hasMessage(
              "[McpCallFailed] list_tasks: could not connect to "
                  + url
                  + "; is the server running?");
    }
  }
}
