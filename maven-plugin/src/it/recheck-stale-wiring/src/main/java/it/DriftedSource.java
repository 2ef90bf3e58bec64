package it;

import dev.agentkit.Action;
import dev.agentkit.Contract;
import dev.agentkit.ContractSource;
import dev.agentkit.Operand;
import dev.agentkit.Tier;
import java.util.List;

/** The backend after a deploy that removed archive_project. */
public class DriftedSource implements ContractSource {
  @Override
  public Contract fetch() {
    return Contract.of(
        "taskboard",
        List.of(
            Action.builder("set_task_due_date")
                .description("Set when a task is due.")
                .objectType("task")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.requiredString("task_id", "The task."))
                .build()));
  }

  @Override
  public String describe() {
    return "it.DriftedSource";
  }
}
