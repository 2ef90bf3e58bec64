package dev.agentkit.examples;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The op contract the embedded task-board backend serves at {@code GET /contract}: fifteen ops over
 * tasks, projects and goals, in every tier, with enum, date, number, list and JSON operands, and
 * one nested operand: {@code create_task}'s {@code checklist}, a list of objects.
 *
 * <p>The backend owns this contract; the agent only ever sees it over HTTP (or as the committed
 * snapshot {@code contract-snapshots/taskboard.json}, which {@code mvn agentkit:snapshot} wrote
 * from it). The {@code with…} helpers derive drifted contracts for the demo and the drift tests.
 */
final class TaskboardContract {
  static final String NAME = "taskboard";

  static final List<String> PRIORITIES = List.of("low", "normal", "high", "urgent");
  static final List<String> STATUSES = List.of("todo", "doing", "blocked", "done");
  static final List<String> CHANNELS = List.of("email", "chat");
  static final List<String> AUDIENCES = List.of("team", "company");

  private TaskboardContract() {}

  /** The contract as the backend serves it when it starts. */
  static Contract initial() {
    return Contract.of(NAME, ops());
  }

  private static final Operand taskId =
      Operand.requiredString("task_id", "The id of the task, such as t1.");
  private static final Operand projectId =
      Operand.requiredString("project_id", "The id of the project, such as p1.");
  private static final Operand goalId =
      Operand.requiredString("goal_id", "The id of the goal, such as g1.");
  private static final Operand priority =
      new Operand("priority", "How urgent the task is.", OperandType.ENUM, true, PRIORITIES, false);
  private static final Operand labels =
      new Operand(
          "labels",
          "Short tags for the task, such as billing.",
          OperandType.STRING,
          false,
          List.of(),
          true);
  private static final Operand estimate =
      new Operand(
          "estimate_hours",
          "The estimated effort in hours.",
          OperandType.NUMBER,
          false,
          List.of(),
          false);
  private static final Operand dueDate =
      new Operand(
          "due_date",
          "When the task is due (ISO-8601).",
          OperandType.DATE,
          false,
          List.of(),
          false);

  /** The most items a task's checklist holds. */
  static final int MAX_CHECKLIST_ITEMS = 20;

  /** The most characters of one checklist item's text. */
  static final int MAX_ITEM_TEXT = 200;

  /** One item of a checklist: {@code {text, done?}}, nothing else. */
  static final Schema CHECKLIST_ITEM =
      new ObjectSchema(
          Facets.NONE,
          List.of(
              new Operand(
                  "text",
                  "What to do, such as Reproduce the crash.",
                  true,
                  new StringSchema(Facets.NONE, "", 1, MAX_ITEM_TEXT, "")),
              new Operand(
                  "done",
                  "Whether it is done already.",
                  false,
                  new BooleanSchema(new Facets("", "false", false)))),
          true,
          null);

  /** {@code create_task}'s checklist: up to {@value #MAX_CHECKLIST_ITEMS} items, in order. */
  static final Operand CHECKLIST =
      new Operand(
          "checklist",
          "The steps to finish the task, in order.",
          false,
          new ArraySchema(Facets.NONE, CHECKLIST_ITEM, null, MAX_CHECKLIST_ITEMS, false));

  private static List<Op> ops() {
    List<Op> ops = new ArrayList<>(directOps());
    ops.addAll(withheldAndAdminOps());
    return ops;
  }

  /** The board's own ops: reading it and changing tasks. */
  private static List<Op> directOps() {
    return List.of(
        Op.builder("get_board")
            .description("Read the whole board: every task, project and goal.")
            .tier(Tier.READ_ONLY)
            .build(),
        Op.builder("create_task")
            .description("Create a new task.")
            .objectType("task")
            .tier(Tier.REVERSIBLE)
            .operand(Operand.requiredString("title", "The task's title."))
            .operand(projectId.withRequired(false))
            .operand(priority.withRequired(false))
            .operand(dueDate)
            .operand(estimate)
            .operand(labels)
            .operand(CHECKLIST)
            .build(),
        Op.builder("set_task_due_date")
            .description("Set or change the due date of a task.")
            .objectType("task")
            .tier(Tier.REVERSIBLE)
            .operand(taskId)
            .operand(dueDate.withRequired(true))
            .build(),
        Op.builder("set_task_priority")
            .description("Change the priority of a task.")
            .objectType("task")
            .tier(Tier.REVERSIBLE)
            .operand(taskId)
            .operand(priority)
            .build(),
        Op.builder("set_task_status")
            .description("Move a task to another status.")
            .objectType("task")
            .tier(Tier.REVERSIBLE)
            .operand(taskId)
            .operand(
                new Operand("status", "The new status.", OperandType.ENUM, true, STATUSES, false))
            .build(),
        Op.builder("add_to_project")
            .description("Move a task into a project (a task belongs to at most one).")
            .objectType("task")
            .tier(Tier.REVERSIBLE)
            .operand(taskId)
            .operand(projectId)
            .build(),
        Op.builder("complete_task")
            .description("Mark a task done.")
            .objectType("task")
            .tier(Tier.REVERSIBLE)
            .operand(taskId)
            .build(),
        Op.builder("update_task")
            .description("Change several fields of a task at once; give only the fields to change.")
            .objectType("task")
            .tier(Tier.REVERSIBLE)
            .operand(taskId)
            .operand(Operand.of("title", OperandType.STRING).withDescription("The new title."))
            .operand(estimate)
            .build(),
        Op.builder("assign_task")
            .description("Give an unassigned task to a person.")
            .objectType("task")
            .tier(Tier.REVERSIBLE)
            .operand(taskId)
            .operand(Operand.requiredString("assignee", "The person's handle, such as dana."))
            .build(),
        Op.builder("add_labels")
            .description("Add labels to a task, keeping the ones it has.")
            .objectType("task")
            .tier(Tier.REVERSIBLE)
            .operand(taskId)
            .operand(labels.withRequired(true))
            .build());
  }

  /** Ops that reach people or cannot be undone, and project administration. */
  private static List<Op> withheldAndAdminOps() {
    return List.of(
        Op.builder("notify_assignee")
            .description("Send the task's assignee a message.")
            .objectType("task")
            .tier(Tier.EXTERNAL_REVERSIBLE)
            .operand(taskId)
            .operand(Operand.requiredString("message", "What to tell them."))
            .operand(
                new Operand(
                    "channel", "How to reach them.", OperandType.ENUM, true, CHANNELS, false))
            .build(),
        Op.builder("publish_goal")
            .description("Publish a goal's measurable target to an audience.")
            .objectType("goal")
            .tier(Tier.EXTERNAL_REVERSIBLE)
            .operand(goalId)
            .operand(
                Operand.requiredString(
                    "target",
                    "The target as a JSON object, such as {\"metric\": …, \"value\": …}."))
            .operand(
                new Operand(
                    "audience", "Who sees the goal.", OperandType.ENUM, true, AUDIENCES, false))
            .build(),
        Op.builder("archive_project")
            .description("Archive a project and everything in it; this cannot be undone.")
            .objectType("project")
            .tier(Tier.IRREVERSIBLE)
            .operand(projectId)
            .operand(
                Operand.of("reason", OperandType.STRING).withDescription("Why, for the record."))
            .build(),
        Op.builder("delete_task")
            .description("Delete a task for good.")
            .objectType("task")
            .tier(Tier.IRREVERSIBLE)
            .operand(taskId)
            .build(),
        Op.builder("create_project")
            .description("Create a new project.")
            .objectType("project")
            .tier(Tier.REVERSIBLE)
            .operand(Operand.requiredString("name", "The project's name."))
            .build());
  }

  /** The contract with one op replaced by {@code change} applied to it. */
  static Contract withOp(Contract contract, String opcode, UnaryOperator<Op> change) {
    List<Op> ops = new ArrayList<>();
    boolean found = false;
    for (Op op : contract.ops()) {
      if (op.opcode().equals(opcode)) {
        ops.add(change.apply(op));
        found = true;
      } else {
        ops.add(op);
      }
    }
    if (!found) {
      throw new IllegalArgumentException("the contract has no op " + opcode);
    }
    return Contract.of(contract.name(), contract.source(), ops);
  }

  /** The contract with one operand of one op replaced by {@code change} applied to it. */
  static Contract withOperand(
      Contract contract, String opcode, String operand, UnaryOperator<Operand> change) {
    return withOp(
        contract,
        opcode,
        op -> {
          List<Operand> operands = new ArrayList<>();
          for (Operand o : op.operands()) {
            operands.add(o.name().equals(operand) ? change.apply(o) : o);
          }
          if (op.operand(operand).isEmpty()) {
            throw new IllegalArgumentException(opcode + " has no operand " + operand);
          }
          return op.toBuilder().operands(operands).build();
        });
  }

  /** The contract without the enum value {@code value} of {@code opcode.operand}. */
  static Contract withoutEnumValue(Contract contract, String opcode, String operand, String value) {
    return withOperand(
        contract,
        opcode,
        operand,
        o -> {
          List<String> values = new ArrayList<>(o.enumValues());
          values.remove(value);
          return new Operand(o.name(), o.description(), o.type(), o.required(), values, o.list());
        });
  }
}
