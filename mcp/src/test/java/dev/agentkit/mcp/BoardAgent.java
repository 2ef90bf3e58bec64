package dev.agentkit.mcp;

import dev.agentkit.ActionSet;
import dev.agentkit.Use;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/** A small task-board agent, bound in code, that the tests serve as an MCP server. */
final class BoardAgent {
  /** The board: task id to status. */
  final Map<String, String> statuses = new ConcurrentHashMap<>(Map.of("t1", "todo", "t2", "doing"));

  static final Contract CONTRACT =
      Contract.of(
          "taskboard",
          List.of(
              Op.builder("list_tasks")
                  .description("Lists the tasks on the board.")
                  .tier(Tier.READ_ONLY)
                  .build(),
              Op.builder("set_task_status")
                  .description("Moves a task to another column.")
                  .objectType("task")
                  .tier(Tier.REVERSIBLE)
                  .operand(Operand.requiredString("task_id", "The task."))
                  .operand(Operand.enumOf("status", true, "todo", "doing", "done"))
                  .build(),
              Op.builder("email_assignee")
                  .description("Emails the task's assignee.")
                  .objectType("task")
                  .tier(Tier.EXTERNAL_REVERSIBLE)
                  .operand(Operand.requiredString("task_id", "The task."))
                  .operand(
                      new Operand(
                          "hours", "Hours spent.", OperandType.NUMBER, false, List.of(), false))
                  .build(),
              Op.builder("delete_task")
                  .description("Deletes a task for good.")
                  .objectType("task")
                  .tier(Tier.IRREVERSIBLE)
                  .operand(Operand.requiredString("task_id", "The task."))
                  .build()));

  ActionSet<BoardAgent> acts() {
    return ActionSet.bind(CONTRACT, uses());
  }

  /** The agent's uses of the contract's ops: its premises and handlers. */
  static List<Use<BoardAgent>> uses() {
    return List.of(
        Use.<BoardAgent>of("list_tasks", ChangeCategory.ALWAYS_MINTS)
            .run((board, call) -> String.join(", ", new TreeMap<>(board.statuses).keySet()))
            .build(),
        Use.<BoardAgent>of("set_task_status", ChangeCategory.SCALAR_SET)
            .input("status")
            .reader((board, call) -> board.statuses.getOrDefault(call.arg("task_id"), ""))
            .run(
                (board, call) -> {
                  if (call.arg("task_id").equals("boom")) {
                    throw new IllegalStateException("disk full at /var/board");
                  }
                  if (call.arg("task_id").equals("locked")) {
                    throw new dev.agentkit.CallFailedException("the task is locked by Ann");
                  }
                  board.statuses.put(call.arg("task_id"), call.arg("status"));
                  return Map.of("task", call.arg("task_id"), "status", call.arg("status"));
                })
            .build(),
        Use.<BoardAgent>of("email_assignee", ChangeCategory.ALWAYS_MINTS)
            .ask(call -> "Email the assignee of " + call.arg("task_id") + "?")
            .build(),
        Use.<BoardAgent>of("delete_task", ChangeCategory.ALWAYS_MINTS)
            .ask(call -> "Delete " + call.arg("task_id") + "?")
            .build());
  }

  McpAgentServer<BoardAgent> server(Consumer<Proposal> proposals) {
    return McpAgentServer.builder(acts(), "board")
        .ceiling(AutonomyRung.AUTO)
        .state(() -> this)
        .anchor(call -> new ObjectRef("task", call.arg("task_id"), "Task " + call.arg("task_id")))
        .proposals(proposals)
        .serverInfo("board-agent", "0.1")
        .build();
  }
}
