package dev.agentkit;

import dev.agentkit.contract.Problem;
import java.util.List;

/**
 * Acts could not be bound into a valid set. Carries every problem found, not only the first; the
 * message lists them one per line.
 */
public class BindException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient List<Problem> problems;

  /** An exception with a headline and the problems found. */
  public BindException(String headline, List<Problem> problems) {
    this(headline, problems, null);
  }

  /** An exception with a headline, the problems found and the cause. */
  public BindException(String headline, List<Problem> problems, Throwable cause) {
    super(render(headline, problems), cause);
    this.problems = List.copyOf(problems);
  }

  /** Every problem found, in a deterministic order. */
  public List<Problem> problems() {
    return problems;
  }

  static String render(String headline, List<Problem> problems) {
    StringBuilder sb = new StringBuilder(headline);
    for (Problem p : problems) {
      sb.append("\n  - ").append(p.message());
    }
    return sb.toString();
  }
}
