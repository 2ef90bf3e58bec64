package it;

import dev.agentkit.Call;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.annotation.Act;
import dev.agentkit.annotation.Agent;
import dev.agentkit.annotation.Ask;

/** An agent that asks to archive projects. */
@Agent(contract = "taskboard", state = Board.class)
@Act(opcode = "archive_project", category = ChangeCategory.MERGE)
public class Triage {
  @Ask("archive_project")
  String askArchive(Call act) {
    return "Archive project " + act.arg("project_id") + "?";
  }
}
