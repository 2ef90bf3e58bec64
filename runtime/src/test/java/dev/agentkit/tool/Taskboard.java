package dev.agentkit.tool;

import dev.agentkit.ActionSet;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** The acts of a task-board agent, covering every operand shape a tool schema can take. */
final class Taskboard {
  private Taskboard() {}

  static final Operand TASK_ID = Operand.requiredString("task_id", "The task's id.");

  static List<Use<Map<String, String>>> acts() {
    List<Use<Map<String, String>>> acts = new ArrayList<>();
    acts.add(
        Use.<Map<String, String>>local(
                Op.builder("set_task_due_date")
                    .description("Set or move a task's due date.")
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
            .reader((state, call) -> state.get(call.arg("task_id")))
            .build());
    acts.add(
        Use.<Map<String, String>>local(
                Op.builder("set_status")
                    .description("Set a task's status.")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(
                        Operand.enumOf("status", true, "todo", "doing", "blocked", "done")
                            .withDescription("Where the task stands."))
                    .build(),
                ChangeCategory.SCALAR_SET)
            .input("status")
            .reader((state, call) -> "")
            .build());
    acts.add(
        Use.<Map<String, String>>local(
                Op.builder("tag_task")
                    .description("Add labels to a task.")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(Operand.requiredString("labels", "Labels to add.").withList(true))
                    .build(),
                ChangeCategory.MERGE)
            .build());
    acts.add(
        Use.<Map<String, String>>local(
                Op.builder("set_estimate")
                    .description("Estimate a task's remaining work.")
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
            .reader((state, call) -> "")
            .build());
    acts.add(
        Use.<Map<String, String>>local(
                Op.builder("create_task")
                    .description("Create a task.")
                    .tier(Tier.REVERSIBLE)
                    .operand(Operand.requiredString("title", "The task's title."))
                    .operand(Operand.of("project_id", OperandType.STRING))
                    .operand(
                        Operand.of("fields", OperandType.STRING)
                            .withDescription("Custom fields, keyed by field name."))
                    .build(),
                ChangeCategory.ALWAYS_MINTS)
            .structured("fields")
            .build());
    acts.add(
        Use.<Map<String, String>>local(
                Op.builder("archive_project")
                    .description("Archive a project and everything in it.")
                    .tier(Tier.IRREVERSIBLE)
                    .operand(Operand.requiredString("project_id", "The project's id."))
                    .build(),
                ChangeCategory.TERMINAL)
            .terminalStates("archived")
            .ask(call -> "Archive this project?")
            .reader((state, call) -> "")
            .build());
    acts.add(
        Use.<Map<String, String>>local(
                Op.builder("plan_review")
                    .description("Plan review sessions.")
                    .tier(Tier.REVERSIBLE)
                    .operand(new Operand("dates", "", OperandType.DATE, true, List.of(), true))
                    .operand(Operand.enumOf("reviewers", false, "cy", "ana", "bo").withList(true))
                    .build(),
                ChangeCategory.ALWAYS_MINTS)
            .build());
    return acts;
  }

  static ActionSet<Map<String, String>> actions() {
    return ActionSet.of(acts());
  }

  static ActionSet<Map<String, String>> reversed() {
    List<Use<Map<String, String>>> acts = acts();
    Collections.reverse(acts);
    return ActionSet.of(acts);
  }
}
