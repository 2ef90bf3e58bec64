package dev.agentkit;

import java.util.List;

/** A small task-board contract shared by the runtime tests. */
final class Fixtures {
  private Fixtures() {}

  static final Operand TASK_ID =
      new Operand("task_id", "The task.", OperandType.STRING, true, List.of(), false);

  static Action setStatus() {
    return Action.builder("set_status")
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

  static Action setDueDate() {
    return Action.builder("set_task_due_date")
        .description("Set when a task is due.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(TASK_ID)
        .operand(new Operand("due_date", "Due date.", OperandType.DATE, true, List.of(), false))
        .build();
  }

  static Action setEstimate() {
    return Action.builder("set_estimate")
        .description("Set a task's estimate in hours.")
        .objectType("task")
        .tier(Tier.READ_ONLY)
        .operand(TASK_ID)
        .operand(new Operand("hours", "Hours.", OperandType.NUMBER, true, List.of(), false))
        .build();
  }

  static Action archiveProject() {
    return Action.builder("archive_project")
        .description("Archive a project and everything in it.")
        .objectType("project")
        .tier(Tier.IRREVERSIBLE)
        .operand(new Operand("project_id", "The project.", OperandType.STRING, true, null, false))
        .build();
  }

  static Action tagTask() {
    return Action.builder("tag_task")
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

  static Action editTask() {
    return Action.builder("edit_task")
        .description("Edit several fields of a task.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(TASK_ID)
        .operand(new Operand("title", "Title.", OperandType.STRING, false, null, false))
        .operand(new Operand("due_date", "Due.", OperandType.DATE, false, null, false))
        .operand(new Operand("hours", "Hours.", OperandType.NUMBER, false, null, false))
        .build();
  }

  static Action createTask() {
    return Action.builder("create_task")
        .description("Create a task.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(new Operand("title", "Title.", OperandType.STRING, true, null, false))
        .build();
  }

  static Contract taskboard() {
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

  static ContractSource sourceOf(Contract c) {
    return () -> c;
  }
}
