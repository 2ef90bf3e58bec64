package it;

import dev.agentkit.Call;
import dev.agentkit.annotation.Act;
import dev.agentkit.annotation.Agent;
import dev.agentkit.annotation.Run;
import dev.agentkit.contract.ChangeCategory;

/** Moves due dates itself: set_task_due_date runs live. */
@Agent(contract = "taskboard", state = Board.class)
public final class LiveAgent {
  @Act(opcode = "set_task_due_date", category = ChangeCategory.SCALAR_SET, input = "due_date")
  String dueDate(Board board, Call call) {
    return board.dueDate(call.arg("task_id"));
  }

  @Run("set_task_due_date")
  void setDueDate(Board board, Call call) {
    board.dueDates.put(call.arg("task_id"), call.arg("due_date"));
  }
}
