package it;

import dev.agentkit.Call;
import dev.agentkit.annotation.Act;
import dev.agentkit.annotation.Agent;
import dev.agentkit.annotation.Run;
import dev.agentkit.contract.ChangeCategory;

/** An agent that lists the tasks of a backend that is an MCP server. */
@Agent(contract = "taskboard", state = Board.class)
@Act(opcode = "list_tasks", category = ChangeCategory.MERGE)
public class Tasks {
  @Run("list_tasks")
  String list(Board board, Call call) {
    return "listed " + call.arg("status");
  }
}
