package dev.agentkit.maven;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.UsesManifest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** The task board contract and its consumers' manifests, shared by the consumers' tests. */
final class ConsumerFixtures {
  private ConsumerFixtures() {}

  /** The contract the backend serves now. */
  static Contract taskboard() {
    return Contract.of(
        "taskboard",
        "http://127.0.0.1/contract",
        List.of(
            Op.builder("set_task_due_date")
                .description("Set when a task is due.")
                .objectType("task")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.requiredString("task_id", "The task."))
                .operand(
                    Operand.of("due_date", OperandType.DATE)
                        .withDescription("The due date.")
                        .withRequired(true))
                .build(),
            Op.builder("set_status")
                .description("Set a task's status.")
                .objectType("task")
                .tier(Tier.REVERSIBLE)
                .operand(Operand.requiredString("task_id", "The task."))
                .operand(Operand.enumOf("status", true, "todo", "in_progress", "done", "archived"))
                .build(),
            Op.builder("archive_project")
                .description("Archive a project.")
                .objectType("project")
                .tier(Tier.IRREVERSIBLE)
                .operand(Operand.requiredString("project_id", "The project."))
                .build()));
  }

  /** The contract with one op changed. */
  static Contract changed(String opcode, UnaryOperator<Op> change) {
    List<Op> ops = new ArrayList<>();
    for (Op op : taskboard().ops()) {
      ops.add(op.opcode().equals(opcode) ? change.apply(op) : op);
    }
    return Contract.of("taskboard", "http://127.0.0.1/contract", ops);
  }

  /** The contract with one op's tier set. */
  static Contract tier(String opcode, Tier tier) {
    return changed(opcode, op -> op.toBuilder().tier(tier).build());
  }

  /** The contract with another op added. */
  static Contract with(Op op) {
    List<Op> ops = new ArrayList<>(taskboard().ops());
    ops.add(op);
    return Contract.of("taskboard", "http://127.0.0.1/contract", ops);
  }

  static UsesManifest.Use use(
      String opcode, ChangeCategory category, String input, boolean run, boolean ask) {
    return new UsesManifest.Use(
        opcode, category, input, List.of(), List.of(), run, ask, null, null, Map.of());
  }

  /** An agent that sets due dates live. */
  static UsesManifest live() {
    return manifest(
        "it.LiveAgent",
        use("set_task_due_date", ChangeCategory.SCALAR_SET, "due_date", true, false));
  }

  /** An agent that only asks a person to set due dates. */
  static UsesManifest asks() {
    return manifest(
        "it.AskingAgent",
        use("set_task_due_date", ChangeCategory.SCALAR_SET, "due_date", false, true));
  }

  static UsesManifest manifest(String agent, UsesManifest.Use... uses) {
    return new UsesManifest("taskboard", agent, taskboard().digest(), List.of(uses), List.of());
  }
}
