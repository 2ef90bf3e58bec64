package dev.agentkit.examples;

import dev.agentkit.Call;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.annotation.Act;
import dev.agentkit.annotation.Agent;

/** TriageAgent's due-date act with its opcode misspelled: the build fails on line 11. */
@Agent(contract = "taskboard", state = Board.class)
final class MisspelledAgent {
  @Act(opcode = "set_task_duedate", category = ChangeCategory.SCALAR_SET, input = "due_date")
  String dueDate(Board board, Call act) {
    return board.task(act.arg("task_id")).orElseThrow().dueDate();
  }
}
