package dev.agentkit.spring;

import dev.agentkit.annotation.Act;
import dev.agentkit.annotation.Agent;
import dev.agentkit.annotation.Ask;
import dev.agentkit.annotation.Run;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.spring.PriorityAgent_Wiring.ArchiveProject;
import dev.agentkit.spring.PriorityAgent_Wiring.SetTaskPriority;

/**
 * The tests' agent, against the task board's contract: it sets priorities itself and asks a person
 * before archiving a project.
 */
@Agent(contract = "taskboard", state = Desk.class)
public class PriorityAgent {

  @Act(opcode = "set_task_priority", category = ChangeCategory.SCALAR_SET, input = "priority")
  String priority(Desk desk, SetTaskPriority call) {
    return desk.priority(call.taskId());
  }

  @Run("set_task_priority")
  void setPriority(Desk desk, SetTaskPriority call) {
    desk.setPriority(call.taskId(), call.priority().wireName());
  }

  @Act(opcode = "archive_project", category = ChangeCategory.TERMINAL, terminalStates = "archived")
  String projectState(Desk desk, ArchiveProject call) {
    return desk.projectState(call.projectId());
  }

  @Ask("archive_project")
  String askArchive(ArchiveProject call) {
    return "Archive project " + call.projectId() + "?";
  }
}
