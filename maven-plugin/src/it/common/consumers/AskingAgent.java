package it;

import dev.agentkit.Call;
import dev.agentkit.annotation.Act;
import dev.agentkit.annotation.Agent;
import dev.agentkit.annotation.Ask;
import dev.agentkit.contract.ChangeCategory;

/** Only asks a person to move a due date: set_task_due_date is never run live. */
@Agent(contract = "taskboard", state = Board.class)
public final class AskingAgent {
  @Act(opcode = "set_task_due_date", category = ChangeCategory.SCALAR_SET, input = "due_date")
  String dueDate(Board board, Call call) {
    return board.dueDate(call.arg("task_id"));
  }

  @Ask("set_task_due_date")
  String ask(Call call) {
    return "Move the due date of task " + call.arg("task_id") + " to " + call.arg("due_date") + "?";
  }
}
