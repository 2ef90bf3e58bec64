package dev.agentkit.tool;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.CompiledAgent;
import dev.agentkit.LiveAgent;
import dev.agentkit.LoopbackBackend;
import dev.agentkit.Use;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.ObjectRef;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An in-memory task board and the acts of a triage agent over it, covering every operand shape (a
 * string, a number, a date, an enum, lists of strings, dates and enum values, a structured
 * operand), a run that fails, and a withheld act: the state the model-framework adapters' tests
 * drive (shared through the runtime's test jar). {@link #runs} counts the run handlers that ran.
 */
public final class Board implements Labeler {
  /** A task on the board. */
  public static final class Task {
    public final String title;
    public String status = "todo";
    public String due = "";
    public String hours = "";
    public String fields = "";
    public final List<String> labels = new ArrayList<>();

    Task(String title) {
      this.title = title;
    }
  }

  /** What create_task returns: a record, sent to the model as JSON. */
  public record Created(String id, LocalDate created) {}

  public final Map<String, Task> tasks = new LinkedHashMap<>();
  public final Map<String, String> projects = new LinkedHashMap<>();
  public final Map<String, String> projectStates = new LinkedHashMap<>();
  public int runs;

  public Board() {
    tasks.put("t1", new Task("Write report"));
    tasks.put("t2", new Task("Draft the launch checklist"));
    projects.put("p1", "Launch");
    projectStates.put("p1", "active");
    projects.put("p2", "Old site");
    projectStates.put("p2", "archived");
  }

  @Override
  public Optional<String> label(String kind, String id) {
    return switch (kind) {
      case "task" -> Optional.ofNullable(tasks.get(id)).map(t -> t.title);
      case "project" -> Optional.ofNullable(projects.get(id));
      default -> Optional.empty();
    };
  }

  /** The task a call names by {@code task_id}. */
  public Task task(Call call) {
    Task t = tasks.get(call.arg("task_id"));
    if (t == null) {
      throw new IllegalStateException("there is no task " + call.arg("task_id"));
    }
    return t;
  }

  /** What a withheld call acts on: its project or its task. */
  public static ObjectRef anchor(Call call) {
    if (call.op().objectType().equals("project")) {
      return ObjectRef.of("project", call.arg("project_id"));
    }
    return ObjectRef.of("task", call.arg("task_id"));
  }

  /**
   * The settings the adapters' tests give their tools over this board: ceiling {@code AUTO}, each
   * call anchored on the object it acts on ({@link #anchor}), objects labelled by this board.
   */
  public <B extends ToolCallFlow.Builder<Board, B>> B triage(B builder) {
    return builder.ceiling(AutonomyRung.AUTO).anchor(Board::anchor).labeler(this);
  }

  public static final Operand TASK_ID = Operand.requiredString("task_id", "The task's id.");

  public static Op setStatusOp() {
    return taskOp("set_status", "Set a task's status.")
        .operand(
            Operand.enumOf("status", true, "todo", "doing", "blocked", "done")
                .withDescription("Where the task stands."))
        .build();
  }

  /** set_status's premise and run handler on {@code b}. */
  public static Use.Builder<Board> setStatus(Use.Builder<Board> b) {
    return b.input("status")
        .reader((board, call) -> board.task(call).status)
        .run(ran((board, call) -> board.task(call).status = call.arg("status")));
  }

  /** The contract the live tests' backend serves first: set_status alone. */
  public static final Contract LIVE_CONTRACT = Contract.of("taskboard", List.of(setStatusOp()));

  /**
   * The live tests' agent ("triage", compiled against {@link #LIVE_CONTRACT}) running set_status,
   * bound to what {@code backend} serves through a cache that refreshes every 20 ms, on a fixed
   * day; a breaking change pauses it.
   */
  public static LiveAgent<Board> liveAgent(LoopbackBackend backend) {
    return LiveAgent.bind(
        new CompiledAgent("triage", LIVE_CONTRACT, LIVE_CONTRACT.digest()),
        backend.cache(Duration.ofMillis(20), Duration.ofMinutes(1)),
        List.of(setStatus(Use.of("set_status", ChangeCategory.SCALAR_SET)).build()),
        DriftPolicy.failOnBreaking(),
        Clock.fixed(Instant.parse("2026-11-30T12:00:00Z"), ZoneOffset.UTC));
  }

  /** The acts, in a fixed order. */
  public static List<Use<Board>> acts() {
    List<Use<Board>> acts = new ArrayList<>();
    acts.add(setStatus(Use.local(setStatusOp(), ChangeCategory.SCALAR_SET)).build());
    acts.add(
        Use.<Board>local(
                taskOp("set_task_due_date", "Set or move a task's due date.")
                    .operand(scalar("due_date", "The new due date.", OperandType.DATE))
                    .build(),
                ChangeCategory.SCALAR_SET)
            .input("due_date")
            .reader((board, call) -> board.task(call).due)
            .run(ran((board, call) -> board.task(call).due = call.arg("due_date")))
            .build());
    acts.add(
        Use.<Board>local(
                taskOp("set_estimate", "Estimate a task's remaining work.")
                    .operand(scalar("hours", "Hours of work left.", OperandType.NUMBER))
                    .operand(Operand.of("note", OperandType.STRING).withDescription("Why."))
                    .build(),
                ChangeCategory.SCALAR_SET)
            .input("hours")
            .reader((board, call) -> board.task(call).hours)
            .run(ran((board, call) -> board.task(call).hours = call.arg("hours")))
            .build());
    acts.add(
        Use.<Board>local(
                taskOp("tag_task", "Add labels to a task.")
                    .operand(Operand.requiredString("labels", "Labels to add.").withList(true))
                    .build(),
                ChangeCategory.MERGE)
            .run(ran((board, call) -> board.task(call).labels.add(call.arg("labels"))))
            .build());
    acts.add(createTask());
    acts.add(
        Use.<Board>local(
                taskOp("plan_review", "Plan review sessions for a task.")
                    .operand(new Operand("dates", "", OperandType.DATE, true, List.of(), true))
                    .operand(Operand.enumOf("reviewers", false, "cy", "ana", "bo").withList(true))
                    .build(),
                ChangeCategory.ALWAYS_MINTS)
            .build());
    acts.add(archiveProject());
    acts.add(
        Use.<Board>local(
                taskOp("sync_task", "Push a task to the team's calendar.").build(),
                ChangeCategory.ALWAYS_MINTS)
            .run(
                (board, call) -> {
                  throw new IOException("connection refused: calendar-db.internal:5432");
                })
            .build());
    return acts;
  }

  public static ActionSet<Board> actions() {
    return ActionSet.of(acts());
  }

  /**
   * {@link #acts()}, but {@code tag_task}'s run handler fails in words the model may read: "the
   * task is locked by its owner".
   */
  public static List<Use<Board>> actsWithTagLocked() {
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

  private static Use<Board> createTask() {
    return Use.<Board>local(
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
            (board, call) -> {
              board.runs++;
              Task t = new Task(call.arg("title"));
              t.fields = call.arg("fields");
              String id = "t" + (board.tasks.size() + 1);
              board.tasks.put(id, t);
              return new Created(id, LocalDate.of(2026, 11, 30));
            })
        .build();
  }

  private static Use<Board> archiveProject() {
    return Use.<Board>local(
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
        .build();
  }

  /** An op on a task: reversible, its first operand {@link #TASK_ID}. */
  private static Op.Builder taskOp(String opcode, String description) {
    return Op.builder(opcode)
        .description(description)
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(TASK_ID);
  }

  private static Operand scalar(String name, String description, OperandType type) {
    return new Operand(name, description, type, true, List.of(), false);
  }

  /** A run handler that counts its run and returns nothing. */
  private static dev.agentkit.RunHandler<Board> ran(
      java.util.function.BiConsumer<Board, Call> act) {
    return (board, call) -> {
      board.runs++;
      act.accept(board, call);
      return null;
    };
  }
}
