package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.drift.DriftSeverity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The drift between a committed and a live (or second) contract, as the goals report it: the
 * whole-contract report grouped by severity, plus, per agent of this project, the items that touch
 * the acts it uses.
 */
final class DriftSummary {
  final String contract;
  final DriftReport whole;
  final Map<String, DriftReport> perAgent;

  private DriftSummary(String contract, DriftReport whole, Map<String, DriftReport> perAgent) {
    this.contract = contract;
    this.whole = whole;
    this.perAgent = perAgent;
  }

  static DriftSummary of(
      String contract, Contract before, Contract after, Map<String, DriftReport.Usage> agents) {
    DriftReport whole = DriftReport.compare(before, after, DriftReport.Usage.wholeContract());
    Map<String, DriftReport> per = new java.util.LinkedHashMap<>();
    for (Map.Entry<String, DriftReport.Usage> e : agents.entrySet()) {
      per.put(e.getKey(), DriftReport.compare(before, after, e.getValue()));
    }
    return new DriftSummary(contract, whole, per);
  }

  /**
   * The items that decide a failure: when the project's agents are known, their graded items (a
   * change to an op no agent uses is informational); otherwise the whole-contract items.
   */
  List<DriftItem> decisive() {
    if (perAgent.isEmpty()) {
      return whole.items();
    }
    List<DriftItem> out = new ArrayList<>();
    for (DriftReport r : perAgent.values()) {
      out.addAll(r.items());
    }
    return out;
  }

  /** The items that fail the goal under {@code failOn}, in report order. */
  List<DriftItem> failing(FailOn failOn) {
    List<DriftItem> out = new ArrayList<>();
    if (failOn == FailOn.NONE) {
      return out;
    }
    for (DriftItem i : failOn == FailOn.ANY ? whole.items() : decisive()) {
      if (failOn == FailOn.ANY || i.severity() == DriftSeverity.BREAKING) {
        out.add(i);
      }
    }
    return out;
  }

  boolean fails(FailOn failOn) {
    return !failing(failOn).isEmpty();
  }

  /** Text lines: grouped whole-contract items, then the affected acts of each agent. */
  List<String> lines() {
    List<String> out = new ArrayList<>();
    for (DriftSeverity s : DriftSeverity.values()) {
      List<DriftItem> items = whole.items(s);
      if (items.isEmpty()) {
        continue;
      }
      out.add("  " + s.label() + " (" + items.size() + "):");
      for (DriftItem i : items) {
        out.add("    - " + i.rule().id() + ": " + i.sentence());
      }
    }
    List<String> affected = new ArrayList<>();
    for (Map.Entry<String, DriftReport> e : perAgent.entrySet()) {
      for (DriftItem i : e.getValue().items()) {
        if (i.severity() != DriftSeverity.INFO) {
          affected.add(
              "    - "
                  + e.getKey()
                  + ": "
                  + i.severity().label()
                  + " "
                  + i.rule().id()
                  + ": "
                  + i.sentence());
        }
      }
    }
    if (!perAgent.isEmpty()) {
      if (affected.isEmpty()) {
        out.add(
            "  no act of this project's agents ("
                + String.join(", ", perAgent.keySet())
                + ") is affected");
      } else {
        out.add("  affected acts in this project:");
        out.addAll(affected);
      }
    }
    return out;
  }

  /** Counts like "1 breaking, 2 compatible, 0 informational". */
  String counts() {
    return whole.items(DriftSeverity.BREAKING).size()
        + " breaking, "
        + whole.items(DriftSeverity.COMPATIBLE).size()
        + " compatible, "
        + whole.items(DriftSeverity.INFO).size()
        + " informational";
  }
}
