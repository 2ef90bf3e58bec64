package dev.agentkit.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftException;
import dev.agentkit.mcp.McpActions;
import dev.agentkit.mcp.McpContractSource;
import dev.agentkit.testing.BaseDir;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The task-board backend served as an MCP server, read and called with the real MCP client of
 * agentkit-mcp over Streamable HTTP on loopback.
 */
class TaskboardMcpServerTest {
  private TaskboardBackend backend;
  private TaskboardMcpServer server;
  private McpContractSource source;

  @BeforeEach
  void start() throws Exception {
    backend = TaskboardBackend.start();
    server = TaskboardMcpServer.start(backend);
    source = McpContractSource.http(server.url()).contractName("taskboard-mcp").build();
  }

  @AfterEach
  void stop() throws Exception {
    source.close();
    server.close();
    backend.close();
  }

  @Test
  void toolsReadBackAsTheBackendsOwnContract() throws Exception {
    Contract read = source.fetch();

    assertThat(source.warnings()).isEmpty();
    assertThat(read.source()).isEqualTo("taskboard-mcp 1.0.0");
    // Every op, operand, description, object type and tier (the tier from the annotations
    // alone), as the backend has them; the schemas say what JSON Schema says: a date is
    // "format": "date", and publish_goal.target, text of JSON to the backend, is an object.
    Contract own = TaskboardContract.initial();
    assertThat(read.ops())
        .extracting(Op::opcode)
        .isEqualTo(own.ops().stream().map(Op::opcode).toList());
    for (Op op : read.ops()) {
      Op theirs = own.op(op.opcode()).orElseThrow();
      assertThat(op.tier()).isEqualTo(backend.contract().op(op.opcode()).orElseThrow().tier());
      assertThat(op.description()).isEqualTo(theirs.description());
      assertThat(op.objectType()).isEqualTo(theirs.objectType());
      assertThat(op.operandNames()).isEqualTo(theirs.operandNames());
      for (Operand o : op.operands()) {
        Operand t = theirs.operand(o.name()).orElseThrow();
        assertThat(List.of(o.description(), o.required(), o.list(), o.enumValues()))
            .as(op.opcode() + "." + o.name())
            .isEqualTo(List.of(t.description(), t.required(), t.list(), t.enumValues()));
        OperandType expected =
            op.opcode().equals("publish_goal") && o.name().equals("target")
                ? OperandType.OBJECT
                : t.type();
        assertThat(o.type()).as(op.opcode() + "." + o.name()).isEqualTo(expected);
      }
    }
  }

  @Test
  void committedSnapshotIsWhatTheMcpSourceReadsNow() throws Exception {
    TaskboardMcpContractSource taking = new TaskboardMcpContractSource();
    Contract live = Contract.of("taskboard-mcp", taking.describe(), taking.fetch().ops());

    assertThat(
            ContractSnapshot.isUpToDate(
                BaseDir.resolve("..", "contract-snapshots", "taskboard-mcp.json"), live))
        .isTrue();
    assertThat(McpTriageAgent_Wiring.CONTRACT_DIGEST).isEqualTo(live.digest());
  }

  @Test
  void toolsCallChangesTheBoardWithTypedArguments() throws Exception {
    ActionSet<Void> acts = acts();
    McpActions mcp = McpActions.builder(source).build();

    String answer =
        mcp.run(
            acts.verified(
                Call.of(
                    "publish_goal",
                    Map.of(
                        "goal_id", "g1",
                        "target", "{\"metric\": \"pages_live\", \"value\": 40}",
                        "audience", "team"))));

    assertThat(answer).isEqualTo("{\"ok\":true}");
    Board board = Board.connect(backend.baseUri());
    assertThat(board.goal("g1").orElseThrow().target())
        .isEqualTo("{\"metric\":\"pages_live\",\"value\":40}");
    assertThat(board.goal("g1").orElseThrow().audience()).isEqualTo("team");
  }

  @Test
  void aCallTheBackendRefusesIsAnErrorWithItsTextAndChangesNothing() throws Exception {
    ActionSet<Void> acts = acts();
    McpActions mcp = McpActions.builder(source).build();
    Call notify =
        acts.verified(
            Call.of(
                "notify_assignee",
                Map.of("task_id", "t3", "message", "yours now", "channel", "email")));

    assertThatThrownBy(() -> mcp.run(notify))
        .isInstanceOf(CallFailedException.class)
        .hasMessage(
            "[McpCallFailed] notify_assignee: the tool reported an error: 409 unassigned: task t3"
                + " has no assignee to notify; assign it first");
    assertThat(backend.applyBody("{\"opcode\": \"get_board\"}".getBytes()).body())
        .contains("\"notifications\":[]");
  }

  @Test
  void startupReverificationRefusesAnMcpServerWhoseAnnotationsRaisedATier() throws Exception {
    try (TaskboardBackend drifted = TaskboardBackend.start()) {
      drifted.serve(
          TaskboardContract.withOp(
              drifted.contract(),
              "set_task_priority",
              op -> op.toBuilder().tier(Tier.IRREVERSIBLE).build()));
      try (TaskboardMcpServer mcpServer = TaskboardMcpServer.start(drifted);
          McpContractSource live =
              McpContractSource.http(mcpServer.url()).contractName("taskboard-mcp").build()) {
        McpTriageAgent agent = new McpTriageAgent(McpActions.builder(live).build());

        assertThatThrownBy(() -> McpTriageAgent_Wiring.bind(agent, live))
            .isInstanceOf(DriftException.class)
            .hasMessageContaining(
                "[DriftBreaking] McpTriageAgent cannot bind to the live taskboard-mcp contract: 1"
                    + " breaking change since the snapshot it was compiled against")
            .hasMessageContaining(
                "tier-raised: the backend raised the tier of set_task_priority from reversible to"
                    + " irreversible, which McpTriageAgent uses");
      }
    }
  }

  private ActionSet<Void> acts() throws Exception {
    return ActionSet.bind(
        source.fetch(),
        List.of(
            // Withheld acts: a person accepted them, so the test runs them as the inbox would.
            // target is served as an object, so its value is JSON by its type: not structured.
            Use.<Void>of("publish_goal", ChangeCategory.MERGE)
                .ask(call -> "Publish this goal?")
                .build(),
            Use.<Void>of("notify_assignee", ChangeCategory.ALWAYS_MINTS)
                .ask(call -> "Notify the assignee?")
                .build()));
  }
}
