package it;

import dev.agentkit.Call;
import dev.agentkit.annotation.Act;
import dev.agentkit.annotation.Agent;
import dev.agentkit.annotation.Run;
import dev.agentkit.contract.ChangeCategory;

/** An agent that closes tasks of a backend described by an OpenAPI document. */
@Agent(contract = "tasks", state = Board.class)
@Act(opcode = "closeTask", category = ChangeCategory.MERGE)
public class Tasks {
  @Run("closeTask")
  String close(Board board, Call call) {
    return "closed " + call.arg("id");
  }
}
