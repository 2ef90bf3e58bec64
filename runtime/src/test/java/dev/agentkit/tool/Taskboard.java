package dev.agentkit.tool;

import dev.agentkit.Act;
import dev.agentkit.Action;
import dev.agentkit.ActionSet;
import dev.agentkit.ChangeCategory;
import dev.agentkit.Operand;
import dev.agentkit.OperandType;
import dev.agentkit.Tier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** The acts of a task-board agent, covering every operand shape a tool schema can take. */
final class Taskboard {
  private Taskboard() {}

  static final Operand TASK_ID = Operand.requiredString("task_id", "The task's id.");

  static List<Act<Map<String, String>>> acts() {
    List<Act<Map<String, String>>> acts = new ArrayList<>();
    acts.add(
        Act.<Map<String, String>>of(
                Action.builder("set_task_due_date")
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
                    .category(ChangeCategory.SCALAR_SET)
                    .input("due_date")
                    .build())
            .withReader((state, act) -> state.get(act.arg("task_id"))));
    acts.add(
        Act.<Map<String, String>>of(
                Action.builder("set_status")
                    .description("Set a task's status.")
                    .tier(Tier.REVERSIBLE)
                    .operand(TASK_ID)
                    .operand(
                        Operand.enumOf("status", true, "todo", "doing", "blocked", "done")
                            .withDescription("Where the task stands."))
                    .category(ChangeCategory.SCALAR_SET)
                    .input("status")
                    .build())
            .withReader((state, act) -> ""));
    acts.add(
        Act.of(
            Action.builder("tag_task")
                .description("Add labels to a task.")
                .tier(Tier.REVERSIBLE)
                .operand(TASK_ID)
                .operand(Operand.requiredString("labels", "Labels to add.").withList(true))
                .category(ChangeCategory.MERGE)
                .build()));
    acts.add(
        Act.<Map<String, String>>of(
                Action.builder("set_estimate")
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
                    .category(ChangeCategory.SCALAR_SET)
                    .input("hours")
                    .build())
            .withReader((state, act) -> ""));
    acts.add(
        Act.of(
            Action.builder("create_task")
                .description("Create a task.")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.requiredString("title", "The task's title."))
                .operand(Operand.of("project_id", OperandType.STRING))
                .operand(
                    Operand.of("fields", OperandType.STRING)
                        .withDescription("Custom fields, keyed by field name."))
                .structured("fields")
                .category(ChangeCategory.ALWAYS_MINTS)
                .build()));
    acts.add(
        Act.<Map<String, String>>of(
                Action.builder("archive_project")
                    .description("Archive a project and everything in it.")
                    .tier(Tier.IRREVERSIBLE)
                    .operand(Operand.requiredString("project_id", "The project's id."))
                    .category(ChangeCategory.TERMINAL)
                    .terminalStates("archived")
                    .build())
            .withAsk(act -> "Archive this project?")
            .withReader((state, act) -> ""));
    acts.add(
        Act.of(
            Action.builder("plan_review")
                .description("Plan review sessions.")
                .tier(Tier.REVERSIBLE)
                .operand(new Operand("dates", "", OperandType.DATE, true, List.of(), true))
                .operand(Operand.enumOf("reviewers", false, "cy", "ana", "bo").withList(true))
                .category(ChangeCategory.ALWAYS_MINTS)
                .build()));
    return acts;
  }

  static ActionSet<Map<String, String>> actions() {
    return ActionSet.of(acts());
  }

  static ActionSet<Map<String, String>> reversed() {
    List<Act<Map<String, String>>> acts = acts();
    Collections.reverse(acts);
    return ActionSet.of(acts);
  }
}
