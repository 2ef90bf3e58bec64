package dev.agentkit.examples;

import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.annotation.Act;
import dev.agentkit.annotation.Agent;
import dev.agentkit.annotation.Ask;
import dev.agentkit.annotation.Run;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.examples.McpTriageAgent_Wiring.AddLabels;
import dev.agentkit.examples.McpTriageAgent_Wiring.ArchiveProject;
import dev.agentkit.examples.McpTriageAgent_Wiring.AssignTask;
import dev.agentkit.examples.McpTriageAgent_Wiring.NotifyAssignee;
import dev.agentkit.examples.McpTriageAgent_Wiring.SetTaskPriority;
import dev.agentkit.mcp.McpActions;
import java.io.IOException;
import java.util.Objects;

/**
 * A small triage agent bound to the task board's MCP server instead of its native contract: the
 * {@code taskboard-mcp} contract is what {@code tools/list} says ({@code
 * contract-snapshots/taskboard-mcp.json} at compile time, the live server at startup), tiers read
 * from the tools' annotations. Its run handlers call the tools through {@link McpActions} ({@code
 * tools/call}); its state readers read the {@link Board} ({@code GET /state} of the same backend).
 */
@Agent(contract = "taskboard-mcp", state = Board.class)
@Act(opcode = "add_labels", category = ChangeCategory.MERGE)
@Act(opcode = "notify_assignee", category = ChangeCategory.ALWAYS_MINTS)
public final class McpTriageAgent {
  private final McpActions mcp;

  /** An agent running its acts through {@code mcp}, the MCP server's {@code tools/call}. */
  public McpTriageAgent(McpActions mcp) {
    this.mcp = Objects.requireNonNull(mcp, "mcp");
  }

  // ---- state readers ----

  @Act(opcode = "set_task_priority", category = ChangeCategory.SCALAR_SET, input = "priority")
  String priority(Board board, SetTaskPriority call) {
    return board.task(call.taskId()).orElseThrow().priority();
  }

  @Act(opcode = "assign_task", category = ChangeCategory.FILLS_SLOT, input = "assignee")
  String assignee(Board board, AssignTask call) {
    return board.task(call.taskId()).orElseThrow().assignee();
  }

  @Act(opcode = "archive_project", category = ChangeCategory.TERMINAL, terminalStates = "archived")
  String projectState(Board board, ArchiveProject call) {
    return board.project(call.projectId()).orElseThrow().state();
  }

  // ---- run handlers: tools/call ----

  @Run("set_task_priority")
  String setPriority(Board board, SetTaskPriority call) throws Exception {
    return callTool(board, call.call());
  }

  @Run("assign_task")
  String assign(Board board, AssignTask call) throws Exception {
    return callTool(board, call.call());
  }

  @Run("add_labels")
  String addLabels(Board board, AddLabels call) throws Exception {
    return callTool(board, call.call());
  }

  /** Calls the tool, then re-reads the board, so the next premise sees what the call did. */
  private String callTool(Board board, Call call)
      throws CallFailedException, IOException, InterruptedException {
    String result = mcp.run(call);
    board.refresh();
    return result;
  }

  // ---- ask wording (withheld acts) ----

  @Ask("notify_assignee")
  String askNotify(NotifyAssignee call) {
    return "Send the assignee of this task a "
        + call.channel().wireName()
        + " message: \""
        + call.message()
        + "\"?";
  }

  @Ask("archive_project")
  String askArchive(ArchiveProject call) {
    String reason = call.reason().isBlank() ? "" : " (" + call.reason() + ")";
    return "Archive this project" + reason + "? It cannot be undone.";
  }
}
