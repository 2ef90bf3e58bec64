package dev.agentkit.drift;

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
    StringBuilder sb =
        new StringBuilder("[DriftBreaking] ")
            .append(agent.isEmpty() ? "the agent" : agent)
            .append(" cannot bind to the live ")
            .append(contract)
            .append(" contract: ")
            .append(failing.size())
            .append(failing.size() == 1 ? " breaking change" : " breaking changes")
            .append(" since the snapshot it was compiled against");
    for (DriftItem i : failing) {
      sb.append("\n  - ").append(i.rule().id()).append(": ").append(i.sentence());
    }
    for (String note : verdict.notes()) {
      sb.append("\n  - ").append(note);
    }
    sb.append(
        "\nRegenerate the snapshot (mvn agentkit:snapshot), rebuild to see the compile errors,"
            + " and fix the agent; or acknowledge a reviewed item in the drift policy with an"
            + " expiry date.");
    return sb.toString();
  }
}
