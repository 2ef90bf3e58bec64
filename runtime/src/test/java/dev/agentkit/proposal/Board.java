package dev.agentkit.proposal;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An in-memory task board and the acts of a small triage agent over it. */
final class Board implements Labeler {
  record Task(String title, String due, String status, String project) {}

  final Map<String, Task> tasks = new HashMap<>();
  final Map<String, String> projects = new HashMap<>();

  Board() {
    projects.put("p1", "Launch");
    projects.put("p2", "Q3 Roadmap");
    tasks.put("t1", new Task("Write report", "2026-04-03", "done", "p1"));
    tasks.put("t2", new Task("Draft the launch checklist", "", "todo", "p2"));
  }

  @Override
  public Optional<String> label(String kind, String id) {
    if (kind.equals("task")) {
      return Optional.ofNullable(tasks.get(id)).map(Task::title);
    }
    if (kind.equals("project")) {
      return Optional.ofNullable(projects.get(id));
    }
    return Optional.empty();
  }

  Task task(Call call) {
    Task t = tasks.get(call.arg("task_id"));
    if (t == null) {
      throw new IllegalStateException("no task " + call.arg("task_id"));
    }
    return t;
  }

  static final Operand TASK_ID = Operand.requiredString("task_id", "The task's id.");

  static ActionSet<Board> actions() {
    Use<Board> due =
        Use.<Board>local(
                Op.builder("set_task_due_date")
                    .description("Set or move a task's due date.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(
                        new Operand(
                            "due_date",
                            "The new due date.",
                            OperandType.DATE,
                            true,
                            List.of(),
                            false))
                    .build(),
                ChangeCategory.SCALAR_SET)
            .input("due_date")
            .reader((board, call) -> board.task(call).due())
            .build();
    Use<Board> complete =
        Use.<Board>local(
                Op.builder("complete_task")
                    .description("Mark a task complete.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .build(),
                ChangeCategory.TERMINAL)
            .terminalStates("Done", "cancelled")
            .reader((board, call) -> board.task(call).status())
            .build();
    Use<Board> status =
        Use.<Board>local(
                Op.builder("set_status")
                    .description("Set a task's status.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(Operand.enumOf("status", true, "todo", "doing", "done"))
                    .build(),
                ChangeCategory.SCALAR_SET)
            .input("status")
            .reader((board, call) -> board.task(call).status())
            .build();
    Use<Board> move =
        Use.<Board>local(
                Op.builder("add_to_project")
                    .description("Add a task to a project.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(Operand.requiredString("project_id", "The project's id."))
                    .build(),
                ChangeCategory.MEMBERSHIP)
            .input("project_id")
            .reader((board, call) -> board.task(call).project())
            .build();
    Use<Board> archive =
        Use.<Board>local(
                Op.builder("archive_project")
                    .description("Archive a project.")
                    .objectType("project")
                    .tier(Tier.IRREVERSIBLE)
                    .operand(Operand.requiredString("project_id", "The project's id."))
                    .build(),
                ChangeCategory.TERMINAL)
            .terminalStates("archived")
            .ask(call -> "Archive this project?")
            .reader(
                (board, call) -> {
                  throw new IllegalStateException("the archive service is down");
                })
            .build();
    Use<Board> create =
        Use.<Board>local(
                Op.builder("create_task")
                    .description("Create a task.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(Operand.requiredString("title", "The task's title."))
                    .operand(Operand.of("project_id", OperandType.STRING))
                    .build(),
                ChangeCategory.ALWAYS_MINTS)
            .build();
    return ActionSet.of(List.of(due, complete, status, move, archive, create));
  }
}
