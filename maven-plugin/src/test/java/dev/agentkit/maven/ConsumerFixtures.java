package dev.agentkit.maven;

import dev.agentkit.Fixtures;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.UseFixture;
import dev.agentkit.internal.UsesManifest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** The task board contract and its consumers' manifests, shared by the consumers' tests. */
final class ConsumerFixtures {
  private ConsumerFixtures() {}

  /** The contract the backend serves now: the runtime tests' task board ops. */
  static Contract taskboard() {
    return Contract.of(
        "taskboard",
        "http://127.0.0.1/contract",
        List.of(Fixtures.setDueDate(), Fixtures.setStatus(), Fixtures.archiveProject()));
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

  /** An agent that sets due dates live. */
  static UsesManifest live() {
    return manifest(
        "it.LiveAgent",
        UseFixture.use("set_task_due_date", ChangeCategory.SCALAR_SET, "due_date").runs().build());
  }

  /** An agent that only asks a person to set due dates. */
  static UsesManifest asks() {
    return manifest(
        "it.AskingAgent",
        UseFixture.use("set_task_due_date", ChangeCategory.SCALAR_SET, "due_date").asks().build());
  }

  static UsesManifest manifest(String agent, UsesManifest.Use... uses) {
    return new UsesManifest("taskboard", agent, taskboard().digest(), List.of(uses), List.of());
  }
}
