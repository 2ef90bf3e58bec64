package dev.agentkit;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.ContractSource;
import java.util.List;

/** A small task-board contract shared by the runtime tests. */
public final class Fixtures {
  private Fixtures() {}

  public static final Operand TASK_ID =
      new Operand("task_id", "The task.", OperandType.STRING, true, List.of(), false);

  public static Op setStatus() {
    return Op.builder("set_status")
        .description("Set a task's status.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(TASK_ID)
        .operand(
            new Operand(
                "status",
                "The new status.",
                OperandType.ENUM,
                true,
                List.of("todo", "in_progress", "done", "archived"),
                false))
        .build();
  }

  public static Op setDueDate() {
    return Op.builder("set_task_due_date")
        .description("Set when a task is due.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(TASK_ID)
        .operand(new Operand("due_date", "Due date.", OperandType.DATE, true, List.of(), false))
        .build();
  }

  public static Op setEstimate() {
    return Op.builder("set_estimate")
        .description("Set a task's estimate in hours.")
        .objectType("task")
        .tier(Tier.READ_ONLY)
        .operand(TASK_ID)
        .operand(new Operand("hours", "Hours.", OperandType.NUMBER, true, List.of(), false))
        .build();
  }

  public static Op archiveProject() {
    return Op.builder("archive_project")
        .description("Archive a project and everything in it.")
        .objectType("project")
        .tier(Tier.IRREVERSIBLE)
        .operand(new Operand("project_id", "The project.", OperandType.STRING, true, null, false))
        .build();
  }

  public static Op tagTask() {
    return Op.builder("tag_task")
        .description("Put labels on a task.")
        .objectType("task")
        .tier(Tier.EXTERNAL_REVERSIBLE)
        .operand(TASK_ID)
        .operand(
            new Operand(
                "labels", "Labels.", OperandType.ENUM, false, List.of("bug", "ops", "ux"), true))
        .operand(new Operand("note", "A note.", OperandType.STRING, false, List.of(), false))
        .build();
  }

  public static Op editTask() {
    return Op.builder("edit_task")
        .description("Edit several fields of a task.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(TASK_ID)
        .operand(new Operand("title", "Title.", OperandType.STRING, false, null, false))
        .operand(new Operand("due_date", "Due.", OperandType.DATE, false, null, false))
        .operand(new Operand("hours", "Hours.", OperandType.NUMBER, false, null, false))
        .build();
  }

  public static Op createTask() {
    return Op.builder("create_task")
        .description("Create a task.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(new Operand("title", "Title.", OperandType.STRING, true, null, false))
        .build();
  }

  public static Contract taskboard() {
    return Contract.of(
        "taskboard",
        "test",
        List.of(
            setStatus(),
            setDueDate(),
            setEstimate(),
            archiveProject(),
            tagTask(),
            editTask(),
            createTask()));
  }

  public static ContractSource sourceOf(Contract c) {
    return () -> c;
  }
}
