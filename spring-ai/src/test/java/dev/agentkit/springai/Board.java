package dev.agentkit.springai;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.ObjectRef;
import java.io.IOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** An in-memory task board and the acts of a triage agent over it. */
final class Board implements Labeler {
  static final class Task {
    final String title;
    String status = "todo";
    String due = "";
    final List<String> labels = new ArrayList<>();

    Task(String title) {
      this.title = title;
    }
  }

  /** What create_task returns: a record, sent to the model as JSON. */
  record Created(String id, LocalDate created) {}

  final Map<String, Task> tasks = new LinkedHashMap<>();
  final Map<String, String> projects = new LinkedHashMap<>();
  final Map<String, String> projectStates = new LinkedHashMap<>();
  int runs;

  Board() {
    tasks.put("t1", new Task("Write report"));
    tasks.put("t2", new Task("Draft the launch checklist"));
    projects.put("p1", "Launch");
    projectStates.put("p1", "active");
  }

  @Override
  public Optional<String> label(String kind, String id) {
    if (kind.equals("task")) {
      return Optional.ofNullable(tasks.get(id)).map(t -> t.title);
    }
    if (kind.equals("project")) {
      return Optional.ofNullable(projects.get(id));
    }
    return Optional.empty();
  }

  Task task(Call call) {
    Task t = tasks.get(call.arg("task_id"));
    if (t == null) {
      throw new IllegalStateException("there is no task " + call.arg("task_id"));
    }
    return t;
  }

  /** What a withheld call acts on: its project or its task. */
  static ObjectRef anchor(Call call) {
    if (call.op().objectType().equals("project")) {
      return ObjectRef.of("project", call.arg("project_id"));
    }
    return ObjectRef.of("task", call.arg("task_id"));
  }

  static final Operand TASK_ID = Operand.requiredString("task_id", "The task's id.");

  static Op setStatusOp() {
    return Op.builder("set_status")
        .description("Set a task's status.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(TASK_ID)
        .operand(
            Operand.enumOf("status", true, "todo", "doing", "blocked", "done")
                .withDescription("Where the task stands."))
        .build();
  }

  static Use.Builder<Board> setStatus(Use.Builder<Board> b) {
    return b.input("status")
        .reader((board, call) -> board.task(call).status)
        .run(
            (board, call) -> {
              board.runs++;
              board.task(call).status = call.arg("status");
              return null;
            });
  }

  /**
   * {@link #acts()}, but {@code tag_task}'s run handler fails in words the model may read: "the
   * task is locked by its owner".
   */
  static List<Use<Board>> actsWithTagLocked() {
    List<Use<Board>> uses = new ArrayList<>(acts());
    uses.replaceAll(
        u ->
            u.opcode().equals("tag_task")
                ? Use.<Board>local(u.local(), ChangeCategory.MERGE)
                    .run(
                        (b, c) -> {
                          throw new CallFailedException("the task is locked by its owner");
                        })
                    .build()
                : u);
    return uses;
  }

  static List<Use<Board>> acts() {
    List<Use<Board>> acts = new ArrayList<>();
    acts.add(setStatus(Use.local(setStatusOp(), ChangeCategory.SCALAR_SET)).build());
    acts.add(
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
            .reader((board, call) -> board.task(call).due)
            .run(
                (board, call) -> {
                  board.runs++;
                  board.task(call).due = call.arg("due_date");
                  return null;
                })
            .build());
    acts.add(
        Use.<Board>local(
                Op.builder("tag_task")
                    .description("Add labels to a task.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(Operand.requiredString("labels", "Labels to add.").withList(true))
                    .build(),
                ChangeCategory.MERGE)
            .run(
                (board, call) -> {
                  board.runs++;
                  board.task(call).labels.add(call.arg("labels"));
                  return null;
                })
            .build());
    acts.add(
        Use.<Board>local(
                Op.builder("create_task")
                    .description("Create a task.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(Operand.requiredString("title", "The task's title."))
                    .build(),
                ChangeCategory.ALWAYS_MINTS)
            .run(
                (board, call) -> {
                  board.runs++;
                  String id = "t" + (board.tasks.size() + 1);
                  board.tasks.put(id, new Task(call.arg("title")));
                  return new Created(id, LocalDate.of(2026, 11, 30));
                })
            .build());
    acts.add(
        Use.<Board>local(
                Op.builder("archive_project")
                    .description("Archive a project and everything in it.")
                    .objectType("project")
                    .tier(Tier.IRREVERSIBLE)
                    .operand(Operand.requiredString("project_id", "The project's id."))
                    .build(),
                ChangeCategory.TERMINAL)
            .terminalStates("archived")
            .ask(call -> "Archive this project?")
            .reader((board, call) -> board.projectStates.get(call.arg("project_id")))
            .build());
    acts.add(
        Use.<Board>local(
                Op.builder("sync_task")
                    .description("Push a task to the team's calendar.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .build(),
                ChangeCategory.ALWAYS_MINTS)
            .run(
                (board, call) -> {
                  throw new IOException("connection refused: calendar-db.internal:5432");
                })
            .build());
    return acts;
  }

  static ActionSet<Board> actions() {
    return ActionSet.of(acts());
  }
}
