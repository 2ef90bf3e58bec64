package dev.agentkit;

import dev.agentkit.contract.Problem;
import java.util.List;

/**
 * A program had at least one invalid call, so none of it was planned. The message names every bad
 * call with its position and every problem, in words a model can correct itself from.
 */
public class ProgramRejectedException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient List<CallProblems> calls;

  /**
   * The problems of one call.
   *
   * @param index the call's 0-based position in the program
   * @param opcode the call's opcode
   * @param problems every problem of the call
   */
  public record CallProblems(int index, String opcode, List<Problem> problems) {
    /** Copies the list. */
    public CallProblems {
      problems = List.copyOf(problems);
    }
  }

  ProgramRejectedException(int programSize, List<CallProblems> calls) {
    super(render(programSize, calls));
    this.calls = List.copyOf(calls);
  }

  /** Every bad call, in program order. */
  public List<CallProblems> calls() {
    return calls;
  }

  private static String render(int size, List<CallProblems> calls) {
    StringBuilder sb =
        new StringBuilder("the program was rejected and nothing in it ran: ")
            .append(calls.size())
            .append(" of ")
            .append(size)
            .append(size == 1 ? " call" : " calls")
            .append(calls.size() == 1 ? " is" : " are")
            .append(" invalid");
    for (CallProblems c : calls) {
      for (Problem p : c.problems()) {
        sb.append("\n  - call ")
            .append(c.index() + 1)
            .append(" (")
            .append(c.opcode().isEmpty() ? "no opcode" : c.opcode())
            .append("): ")
            .append(p.message());
      }
    }
    return sb.toString();
  }
}
