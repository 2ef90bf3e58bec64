package dev.agentkit.proposal;

import dev.agentkit.Act;
import dev.agentkit.Action;
import dev.agentkit.ActionSet;
import dev.agentkit.ChangeCategory;
import dev.agentkit.Operand;
import dev.agentkit.OperandType;
import dev.agentkit.Tier;
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

  Task task(Action act) {
    Task t = tasks.get(act.arg("task_id"));
    if (t == null) {
      throw new IllegalStateException("no task " + act.arg("task_id"));
    }
    return t;
  }

  static final Operand TASK_ID = Operand.requiredString("task_id", "The task's id.");

  static ActionSet<Board> actions() {
    Act<Board> due =
        Act.<Board>of(
                Action.builder("set_task_due_date")
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
                    .category(ChangeCategory.SCALAR_SET)
                    .input("due_date")
                    .build())
            .withReader((board, act) -> board.task(act).due());
    Act<Board> complete =
        Act.<Board>of(
                Action.builder("complete_task")
                    .description("Mark a task complete.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .category(ChangeCategory.TERMINAL)
                    .terminalStates("Done", "cancelled")
                    .build())
            .withReader((board, act) -> board.task(act).status());
    Act<Board> status =
        Act.<Board>of(
                Action.builder("set_status")
                    .description("Set a task's status.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(Operand.enumOf("status", true, "todo", "doing", "done"))
                    .category(ChangeCategory.SCALAR_SET)
                    .input("status")
                    .build())
            .withReader((board, act) -> board.task(act).status());
    Act<Board> move =
        Act.<Board>of(
                Action.builder("add_to_project")
                    .description("Add a task to a project.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(Operand.requiredString("project_id", "The project's id."))
                    .category(ChangeCategory.MEMBERSHIP)
                    .input("project_id")
                    .build())
            .withReader((board, act) -> board.task(act).project());
    Act<Board> archive =
        Act.<Board>of(
                Action.builder("archive_project")
                    .description("Archive a project.")
                    .objectType("project")
                    .tier(Tier.IRREVERSIBLE)
                    .operand(Operand.requiredString("project_id", "The project's id."))
                    .category(ChangeCategory.TERMINAL)
                    .terminalStates("archived")
                    .build())
            .withAsk(act -> "Archive this project?")
            .withReader(
                (board, act) -> {
                  throw new IllegalStateException("the archive service is down");
                });
    Act<Board> create =
        Act.of(
            Action.builder("create_task")
                .description("Create a task.")
                .objectType("task")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.requiredString("title", "The task's title."))
                .operand(Operand.of("project_id", OperandType.STRING))
                .category(ChangeCategory.ALWAYS_MINTS)
                .build());
    return ActionSet.of(List.of(due, complete, status, move, archive, create));
  }
}
