package dev.agentkit.tool;

import dev.agentkit.Call;
import java.util.List;
import java.util.Objects;

/**
 * What {@link ToolCallGuard#check} made of a model's tool call: a verified call, or a correction.
 */
public sealed interface GuardResult permits GuardResult.Accepted, GuardResult.Correction {

  /** Whether the call was accepted. */
  boolean accepted();

  /**
   * A call that verified against the set, bound to its op: ready for {@link
   * dev.agentkit.ActionSet#gate}.
   *
   * @param call the opcode and its arguments as strings (lists as JSON arrays of strings,
   *     structured operands as compact JSON)
   */
  record Accepted(Call call) implements GuardResult {
    /** Checks the call is present. */
    public Accepted {
      Objects.requireNonNull(call, "call");
    }

    @Override
    public boolean accepted() {
      return true;
    }
  }

  /**
   * A call that was not accepted, with sentences a model can correct itself from.
   *
   * @param tool the tool the model called, as it wrote it
   * @param problems every problem, one sentence each, meant for the model: no stack traces, no
   *     class names, no internal policy
   * @param detail for the operator's log: the parser's own message and the rule tags; never send it
   *     to the model
   */
  record Correction(String tool, List<String> problems, String detail) implements GuardResult {
    /** Copies the problems; a null tool or detail becomes empty. */
    public Correction {
      tool = Objects.requireNonNullElse(tool, "");
      problems = List.copyOf(problems);
      detail = Objects.requireNonNullElse(detail, "");
    }

    @Override
    public boolean accepted() {
      return false;
    }

    /** The text to return to the model as the tool's result: every problem, one per line. */
    public String message() {
      return String.join("\n", problems);
    }
  }
}
