package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.drift.DriftSeverity;
import dev.agentkit.internal.text.LineText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The drift between a committed and a live (or second) contract, as the goals report it: one
 * verdict per difference ({@link DriftReport#compareForAgents}), graded for this project's agents
 * when it has any, printed grouped by severity, then listed again under each agent whose acts it
 * touches, with the same severity.
 */
final class DriftSummary {
  final String contract;
  final DriftReport report;
  final Map<String, DriftReport.Usage> agents;

  private DriftSummary(String contract, DriftReport report, Map<String, DriftReport.Usage> agents) {
    this.contract = contract;
    this.report = report;
    this.agents = agents;
  }

  static DriftSummary of(
      String contract, Contract before, Contract after, Map<String, DriftReport.Usage> agents) {
    DriftReport report = DriftReport.compareForAgents(before, after, agents.values());
    return new DriftSummary(contract, report, agents);
  }

  /** The items that fail the goal under {@code failOn}, in report order. */
  List<DriftItem> failing(FailOn failOn) {
    List<DriftItem> out = new ArrayList<>();
    for (DriftItem i : report.items()) {
      if (failOn == FailOn.ANY
          || (failOn == FailOn.BREAKING && i.severity() == DriftSeverity.BREAKING)) {
        out.add(i);
      }
    }
    return out;
  }

  boolean fails(FailOn failOn) {
    return !failing(failOn).isEmpty();
  }

  /**
   * Text lines: the items grouped by severity, then the affected acts of each agent. Each is one
   * line ({@link LineText}): a name a backend served cannot start a line of its own.
   */
  List<String> lines() {
    List<String> out = new ArrayList<>();
    for (DriftSeverity s : DriftSeverity.values()) {
      List<DriftItem> items = report.items(s);
      if (items.isEmpty()) {
        continue;
      }
      out.add("  " + s.label() + " (" + items.size() + "):");
      for (DriftItem i : items) {
        out.add(LineText.of("    - " + i.rule().id() + ": " + i.sentence()));
      }
    }
    if (agents.isEmpty()) {
      return out;
    }
    List<String> affected = new ArrayList<>();
    for (Map.Entry<String, DriftReport.Usage> e : agents.entrySet()) {
      for (DriftItem i : report.items()) {
        if (i.severity() != DriftSeverity.INFO && e.getValue().acts().containsKey(i.opcode())) {
          affected.add(
              LineText.of(
                  "    - "
                      + e.getKey()
                      + ": "
                      + i.severity().label()
                      + " "
                      + i.rule().id()
                      + " of "
                      + i.target()));
        }
      }
    }
    if (affected.isEmpty()) {
      out.add(
          LineText.of(
              "  no act of this project's agents ("
                  + String.join(", ", agents.keySet())
                  + ") is affected"));
    } else {
      out.add("  affected acts in this project:");
      out.addAll(affected);
    }
    return out;
  }

  /** Counts like "1 breaking, 2 compatible, 0 informational". */
  String counts() {
    return report.items(DriftSeverity.BREAKING).size()
        + " breaking, "
        + report.items(DriftSeverity.COMPATIBLE).size()
        + " compatible, "
        + report.items(DriftSeverity.INFO).size()
        + " informational";
  }
}
