package dev.agentkit.inbox;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.UserSlot;
import dev.agentkit.source.ContractSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A small backend for the inbox tests: tasks with a priority, projects that can be archived, a
 * contract it serves (and can change), and a log of every op applied to it.
 */
final class Desk implements Labeler {
  final Map<String, String> priorities = new ConcurrentHashMap<>();
  final Map<String, String> projects = new ConcurrentHashMap<>();
  final Map<String, String> budgets = new ConcurrentHashMap<>();
  final List<Call> applied = new CopyOnWriteArrayList<>();
  final AtomicReference<Contract> contract = new AtomicReference<>(contract("urgent"));
  final java.util.concurrent.atomic.AtomicBoolean down =
      new java.util.concurrent.atomic.AtomicBoolean();
  final ContractSource source =
      new ContractSource() {
        @Override
        public Contract fetch() throws dev.agentkit.source.ContractSourceException {
          if (down.get()) {
            throw new dev.agentkit.source.ContractSourceException("the test desk is down");
          }
          return contract.get();
        }

        @Override
        public String describe() {
          return "the test desk";
        }
      };

  Desk() {
    for (int i = 0; i < 100; i++) {
      priorities.put("t" + i, "low");
      projects.put("p" + i, "Project " + i);
    }
  }

  static Contract contract(String... extraPriorities) {
    List<String> values = new java.util.ArrayList<>(List.of("low", "normal"));
    values.addAll(List.of(extraPriorities));
    Op priority =
        op(
                "set_priority",
                "Set a task's priority.",
                "task",
                Tier.EXTERNAL_REVERSIBLE,
                new Operand("priority", "The priority.", OperandType.ENUM, true, values, false))
            .build();
    Op archive =
        op(
                "archive_project",
                "Archive a project.",
                "project",
                Tier.IRREVERSIBLE,
                new Operand("until", "Archive until.", OperandType.DATE, true, List.of(), false))
            .operand(Operand.of("note", OperandType.STRING))
            .build();
    Op budget =
        op(
                "set_budget",
                "Set a project's budget.",
                "project",
                Tier.EXTERNAL_REVERSIBLE,
                new Operand("amount", "The budget.", OperandType.INTEGER, true, List.of(), false))
            .build();
    return Contract.of("desk", List.of(priority, archive, budget));
  }

  /** An op on one {@code object}, named by its required id operand, then {@code operand}. */
  private static Op.Builder op(
      String name, String description, String object, Tier tier, Operand operand) {
    return Op.builder(name)
        .description(description)
        .objectType(object)
        .tier(tier)
        .operand(Operand.requiredString(object + "_id", "The " + object + "."))
        .operand(operand);
  }

  /** The agent's uses: both ops are withheld, so both have ask wording and no run handler. */
  static List<Use<Desk>> uses() {
    return List.of(
        Use.<Desk>of("set_priority", ChangeCategory.SCALAR_SET)
            .input("priority")
            .reader((desk, call) -> desk.priorities.get(call.arg("task_id")))
            .ask(call -> "Make this task " + call.arg("priority") + "?")
            .build(),
        Use.<Desk>of("archive_project", ChangeCategory.ALWAYS_MINTS)
            .ask(call -> "Archive this project?")
            .build(),
        Use.<Desk>of("set_budget", ChangeCategory.ALWAYS_MINTS)
            .ask(call -> "Set this project's budget?")
            .build());
  }

  ActionSet<Desk> actions() {
    return ActionSet.bind(source, uses());
  }

  /** Applies an accepted op, as the backend's client would. */
  Object apply(Call call) throws CallFailedException {
    applied.add(call);
    if (call.opcode().equals("set_priority")) {
      priorities.put(call.arg("task_id"), call.arg("priority"));
      return "priority " + call.arg("priority");
    }
    if (call.opcode().equals("set_budget")) {
      budgets.put(call.arg("project_id"), call.arg("amount"));
      return "budget " + call.arg("amount");
    }
    if (projects.remove(call.arg("project_id")) == null) {
      throw new CallFailedException("project " + call.arg("project_id") + " does not exist");
    }
    return null;
  }

  /** The idempotency keys of every call the backend was sent, in order, with whether a retry. */
  final List<String> keysSent = new CopyOnWriteArrayList<>();

  private final Map<String, Object> resultsByKey = new ConcurrentHashMap<>();

  /**
   * Applies a call as a backend that honours idempotency keys does: a key seen before is answered
   * with the first result and applies nothing.
   */
  Object applyOnce(Call call, RunContext run) throws CallFailedException {
    keysSent.add(run.idempotencyKey() + (run.retry() ? " (retry)" : ""));
    Object seen = resultsByKey.get(run.idempotencyKey());
    if (seen != null) {
      return seen;
    }
    Object result = apply(call);
    resultsByKey.put(run.idempotencyKey(), result == null ? "" : result);
    return result;
  }

  long runs(String opcode, String objectId) {
    return applied.stream()
        .filter(c -> c.opcode().equals(opcode))
        .filter(c -> c.args().containsValue(objectId))
        .count();
  }

  @Override
  public Optional<String> label(String kind, String id) {
    if (kind.equals("task") && priorities.containsKey(id)) {
      return Optional.of("Task " + id.substring(1));
    }
    return Optional.ofNullable(kind.equals("project") ? projects.get(id) : null);
  }

  Proposal priority(String agent, String task, String priority) {
    Call call = Call.of("set_priority", Map.of("task_id", task, "priority", priority));
    return draft(agent, "task", task, actions().ask(call), call).build();
  }

  /** A budget proposal whose amount is the agent's argument. */
  Proposal budget(String project, String amount) {
    Call call = Call.of("set_budget", Map.of("project_id", project, "amount", amount));
    return draft("triage", "project", project, "Set this project's budget?", call).build();
  }

  /** A budget proposal whose amount the person fills, drafted by the agent. */
  Proposal budgetDrafted(String project, String drafted) {
    Call call = Call.of("set_budget", Map.of("project_id", project));
    return draft("triage", "project", project, "Set this project's budget?", call)
        .slot(UserSlot.required("amount", drafted))
        .build();
  }

  /** An archive proposal whose "until" date the person fills (drafted or not). */
  Proposal archive(String agent, String project, String draftedUntil) {
    Call call = Call.of("archive_project", Map.of("project_id", project));
    return draft(agent, "project", project, "Archive this project?", call)
        .slot(UserSlot.required("until", draftedUntil))
        .slot(UserSlot.optional("note", ""))
        .build();
  }

  /** A proposal of {@code call} on the desk's acts, asked as {@code question}, not yet built. */
  private Proposal.Builder draft(
      String agent, String anchorKind, String anchorId, String question, Call call) {
    return Proposal.builder(agent)
        .labeler(this)
        .anchor(anchorKind, anchorId)
        .question(question)
        .op(actions(), call);
  }
}
