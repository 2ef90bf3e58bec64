package dev.agentkit.drift;

import dev.agentkit.internal.text.RuntimeMessage;
import java.util.List;

/**
 * The live contract drifted from the one an agent was compiled against in a way the drift policy
 * does not accept. The message names every failing item and every expired acknowledgement; {@link
 * #report()} has the whole report.
 */
public class DriftException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient DriftReport report;

  public DriftException(
      String agent, String contract, DriftReport report, DriftPolicy.Verdict verdict) {
    super(render(agent, contract, verdict));
    this.report = report;
  }

  /** The whole drift report. */
  public DriftReport report() {
    return report;
  }

  private static String render(String agent, String contract, DriftPolicy.Verdict verdict) {
    List<DriftItem> failing = verdict.failing();
    StringBuilder items = new StringBuilder();
    for (DriftItem i : failing) {
      items.append("\n  - ").append(i.rule().id()).append(": ").append(i.sentence());
    }
    for (String note : verdict.notes()) {
      items.append("\n  - ").append(note);
    }
    return RuntimeMessage.DRIFT_BREAKING.format(
        agent.isEmpty() ? "the agent" : agent,
        contract,
        failing.size() + (failing.size() == 1 ? " breaking change" : " breaking changes"),
        items);
  }
}
