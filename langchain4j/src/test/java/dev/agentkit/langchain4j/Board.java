package dev.agentkit.langchain4j;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.ObjectRef;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An in-memory task board and the acts of a triage agent over it, covering every operand shape: a
 * string, a number, a date, an enum, lists of strings, dates and enum values, and a structured
 * operand.
 */
final class Board implements Labeler {
  static final class Task {
    final String title;
    String status = "todo";
    String due = "";
    String hours = "";
    String fields = "";
    final List<String> labels = new ArrayList<>();

    Task(String title) {
      this.title = title;
    }
  }

  final Map<String, Task> tasks = new LinkedHashMap<>();
  final Map<String, String> projects = new LinkedHashMap<>();
  final Map<String, String> projectStates = new LinkedHashMap<>();

  Board() {
    tasks.put("t1", new Task("Write report"));
    tasks.put("t2", new Task("Draft the launch checklist"));
    projects.put("p1", "Launch");
    projectStates.put("p1", "active");
    projects.put("p2", "Old site");
    projectStates.put("p2", "archived");
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

  Task task(Call act) {
    Task t = tasks.get(act.arg("task_id"));
    if (t == null) {
      throw new IllegalStateException("no task " + act.arg("task_id"));
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

  static List<Use<Board>> acts() {
    List<Use<Board>> acts = new ArrayList<>();
    acts.add(
        Use.<Board>local(
                Op.builder("set_status")
                    .description("Set a task's status.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(
                        Operand.enumOf("status", true, "todo", "doing", "blocked", "done")
                            .withDescription("Where the task stands."))
                    .build(),
                ChangeCategory.SCALAR_SET)
            .input("status")
            .reader((board, act) -> board.task(act).status)
            .run(
                (board, act) -> {
                  board.task(act).status = act.arg("status");
                  return null;
                })
            .build());
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
            .reader((board, act) -> board.task(act).due)
            .run(
                (board, act) -> {
                  board.task(act).due = act.arg("due_date");
                  return null;
                })
            .build());
    acts.add(
        Use.<Board>local(
                Op.builder("set_estimate")
                    .description("Estimate a task's remaining work.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(
                        new Operand(
                            "hours",
                            "Hours of work left.",
                            OperandType.NUMBER,
                            true,
                            List.of(),
                            false))
                    .operand(Operand.of("note", OperandType.STRING).withDescription("Why."))
                    .build(),
                ChangeCategory.SCALAR_SET)
            .input("hours")
            .reader((board, act) -> board.task(act).hours)
            .run(
                (board, act) -> {
                  board.task(act).hours = act.arg("hours");
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
                (board, act) -> {
                  board.task(act).labels.add(act.arg("labels"));
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
                    .operand(
                        Operand.of("fields", OperandType.STRING)
                            .withDescription("Custom fields, keyed by field name."))
                    .build(),
                ChangeCategory.ALWAYS_MINTS)
            .structured("fields")
            .run(
                (board, act) -> {
                  Task t = new Task(act.arg("title"));
                  t.fields = act.arg("fields");
                  String id = "t" + (board.tasks.size() + 1);
                  board.tasks.put(id, t);
                  return id;
                })
            .build());
    acts.add(
        Use.<Board>local(
                Op.builder("plan_review")
                    .description("Plan review sessions for a task.")
                    .objectType("task")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(new Operand("dates", "", OperandType.DATE, true, List.of(), true))
                    .operand(Operand.enumOf("reviewers", false, "cy", "ana", "bo").withList(true))
                    .build(),
                ChangeCategory.ALWAYS_MINTS)
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
            .ask(act -> "Archive this project?")
            .reader((board, act) -> board.projectStates.get(act.arg("project_id")))
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
                (board, act) -> {
                  throw new IOException("connection refused: calendar-db.internal:5432");
                })
            .build());
    return acts;
  }

  static ActionSet<Board> actions() {
    return ActionSet.of(acts());
  }
}
