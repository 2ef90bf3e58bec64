package dev.agentkit.examples;

import dev.agentkit.annotation.Act;
import dev.agentkit.annotation.Agent;
import dev.agentkit.annotation.Ask;
import dev.agentkit.annotation.AssertedTier;
import dev.agentkit.annotation.LocalAct;
import dev.agentkit.annotation.Run;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.examples.TriageAgent_Wiring.AddLabels;
import dev.agentkit.examples.TriageAgent_Wiring.AddToProject;
import dev.agentkit.examples.TriageAgent_Wiring.ArchiveProject;
import dev.agentkit.examples.TriageAgent_Wiring.AssignTask;
import dev.agentkit.examples.TriageAgent_Wiring.CompleteTask;
import dev.agentkit.examples.TriageAgent_Wiring.CreateTask;
import dev.agentkit.examples.TriageAgent_Wiring.LeaveTriageNote;
import dev.agentkit.examples.TriageAgent_Wiring.NotifyAssignee;
import dev.agentkit.examples.TriageAgent_Wiring.PublishGoal;
import dev.agentkit.examples.TriageAgent_Wiring.SetTaskDueDate;
import dev.agentkit.examples.TriageAgent_Wiring.SetTaskPriority;
import dev.agentkit.examples.TriageAgent_Wiring.UpdateTask;
import java.util.ArrayList;
import java.util.List;

/**
 * Triages the task board: dates, priorities, projects, assignees and labels it changes itself;
 * notifying people, publishing goals and archiving projects it asks a person about.
 *
 * <p>It declares only what only the agent knows: which backend ops it uses, each op's change
 * premise and its handlers. Descriptions, tiers, operands and enum values come from the backend's
 * contract: at compile time from {@code contract-snapshots/taskboard.json}, at startup from the
 * live backend. The processor generates {@link TriageAgent_Wiring} from these annotations.
 *
 * <p>Readers and run handlers get the {@link Board}; run handlers apply through its {@code POST
 * /apply}. Withheld acts (external_reversible, irreversible) have ask wording and no run handler.
 */
@Agent(contract = "taskboard", state = Board.class)
// always_mints and merge read no state, so their @Act sits on the class.
@Act(opcode = "create_task", category = ChangeCategory.ALWAYS_MINTS)
@Act(opcode = "notify_assignee", category = ChangeCategory.ALWAYS_MINTS)
@Act(opcode = "add_labels", category = ChangeCategory.MERGE)
@Act(opcode = "publish_goal", category = ChangeCategory.MERGE, structured = "target")
@LocalAct(
    opcode = "leave_triage_note",
    description = "Keep a triage note about a task for the next person who triages the board.",
    objectType = "task",
    tier = Tier.REVERSIBLE,
    category = ChangeCategory.MERGE,
    operands = {
      @LocalAct.Operand(name = "task_id", description = "The task.", required = true),
      @LocalAct.Operand(name = "note", description = "The note.", required = true),
      @LocalAct.Operand(
          name = "tone",
          type = OperandType.ENUM,
          enumValues = {"fyi", "warning"})
    })
public final class TriageAgent {

  // ---- state readers (the premise of each act that reads state) ----

  @Act(
      opcode = "set_task_due_date",
      category = ChangeCategory.SCALAR_SET,
      input = "due_date",
      assertTier = AssertedTier.REVERSIBLE)
  String dueDate(Board board, SetTaskDueDate call) {
    return board.task(call.taskId()).orElseThrow().dueDate();
  }

  @Act(opcode = "set_task_priority", category = ChangeCategory.SCALAR_SET, input = "priority")
  String priority(Board board, SetTaskPriority call) {
    return board.task(call.taskId()).orElseThrow().priority();
  }

  @Act(opcode = "add_to_project", category = ChangeCategory.MEMBERSHIP, input = "project_id")
  String project(Board board, AddToProject call) {
    return board.task(call.taskId()).orElseThrow().projectId();
  }

  @Act(opcode = "complete_task", category = ChangeCategory.TERMINAL, terminalStates = "done")
  String status(Board board, CompleteTask call) {
    return board.task(call.taskId()).orElseThrow().status();
  }

  @Act(opcode = "archive_project", category = ChangeCategory.TERMINAL, terminalStates = "archived")
  String projectState(Board board, ArchiveProject call) {
    return board.project(call.projectId()).orElseThrow().state();
  }

  @Act(opcode = "assign_task", category = ChangeCategory.FILLS_SLOT, input = "assignee")
  String assignee(Board board, AssignTask call) {
    return board.task(call.taskId()).orElseThrow().assignee();
  }

  @Act(opcode = "update_task", category = ChangeCategory.MULTI_FIELD)
  static String field(Board board, UpdateTask call, String field) {
    Board.Task task = board.task(call.taskId()).orElseThrow();
    return switch (field) {
      case UpdateTask.TASK_ID -> task.id();
      case UpdateTask.TITLE -> task.title();
      case UpdateTask.ESTIMATE_HOURS -> task.estimateHours();
      default -> throw new IllegalArgumentException("update_task has no field " + field);
    };
  }

  // ---- run handlers (auto acts) ----

  /**
   * What {@code create_task} tells the model: the id the backend gave the new task, and its
   * checklist's steps as the typed view read them ({@code "Run the suite (done)"}).
   */
  public record CreatedTask(String taskId, List<String> steps) {
    /** Copies the steps. */
    public CreatedTask {
      steps = List.copyOf(steps);
    }
  }

  @Run("create_task")
  CreatedTask createTask(Board board, CreateTask call) throws Exception {
    String answer = board.apply(call.call());
    List<String> steps = new ArrayList<>();
    // The checklist reads as a list of records: one ChecklistItem per object the model wrote.
    for (CreateTask.ChecklistItem item : call.checklist()) {
      steps.add(item.text() + (item.done().orElse(false) ? " (done)" : ""));
    }
    return new CreatedTask(TaskboardBackend.JSON.readTree(answer).path("created").asText(), steps);
  }

  @Run("set_task_due_date")
  void setDueDate(Board board, SetTaskDueDate call) throws Exception {
    board.apply(call.call());
  }

  @Run("set_task_priority")
  void setPriority(Board board, SetTaskPriority call) throws Exception {
    board.apply(call.call());
  }

  @Run("add_to_project")
  void addToProject(Board board, AddToProject call) throws Exception {
    board.apply(call.call());
  }

  @Run("complete_task")
  void complete(Board board, CompleteTask call) throws Exception {
    board.apply(call.call());
  }

  @Run("assign_task")
  void assign(Board board, AssignTask call) throws Exception {
    board.apply(call.call());
  }

  @Run("update_task")
  void update(Board board, UpdateTask call) throws Exception {
    board.apply(call.call());
  }

  @Run("add_labels")
  void addLabels(Board board, AddLabels call) throws Exception {
    board.apply(call.call());
  }

  @Run("leave_triage_note")
  void leaveNote(Board board, LeaveTriageNote call) {
    board.note("[" + call.tone().wireName() + "] " + call.taskId() + ": " + call.note());
  }

  // ---- ask wording (withheld acts) ----

  @Ask("notify_assignee")
  String askNotify(NotifyAssignee call) {
    return "Send the assignee of this task a "
        + call.channel().wireName()
        + " message: \""
        + call.message()
        + "\"?";
  }

  @Ask("publish_goal")
  String askPublish(PublishGoal call) {
    return "Publish the new target of this goal to the " + call.audience().wireName() + "?";
  }

  @Ask("archive_project")
  String askArchive(ArchiveProject call) {
    String reason = call.reason().isBlank() ? "" : " (" + call.reason() + ")";
    return "Archive this project" + reason + "? It cannot be undone.";
  }
}
