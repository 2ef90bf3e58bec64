package it;

import dev.agentkit.contract.Op;
import dev.agentkit.contract.Contract;
import dev.agentkit.source.ContractSource;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import java.util.List;

/** The backend after a deploy that removed archive_project. */
public class DriftedSource implements ContractSource {
  @Override
  public Contract fetch() {
    return Contract.of(
        "taskboard",
        List.of(
            Op.builder("set_task_due_date")
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
