package dev.agentkit.drift;

import dev.agentkit.drift.DriftReport.ActUse;
import dev.agentkit.drift.DriftReport.Usage;
import java.util.List;
import java.util.Map;

/**
 * The differences found in one op, graded and worded by their {@link DriftRule}: an op no agent in
 * view uses is only informational.
 */
final class Findings {
  final String opcode;
  final boolean used;
  final ActUse use;
  final String useNote;
  final boolean handlersKnown;
  final List<DriftItem> items;

  Findings(String opcode, boolean used, ActUse use, Usage usage, List<DriftItem> items) {
    this.opcode = opcode;
    this.used = used;
    this.use = use;
    this.useNote = used && !usage.agent().isEmpty() ? ", which " + usage.agent() + " uses" : "";
    this.handlersKnown = usage.acts() != null;
    this.items = items;
  }

  private Findings(String opcode) {
    this.opcode = opcode;
    this.used = true;
    this.use = null;
    this.useNote = "";
    this.handlersKnown = false;
    this.items = new java.util.ArrayList<>();
  }

  /** Findings of this op graded as if it were used, kept apart: to ask whether a change breaks. */
  Findings scratch() {
    return new Findings(opcode);
  }

  /** Whether any finding so far is breaking. */
  boolean anyBreaking() {
    for (DriftItem i : items) {
      if (i.severity() == DriftSeverity.BREAKING) {
        return true;
      }
    }
    return false;
  }

  void add(DriftRule rule) {
    add(rule, "", "", "", "", "");
  }

  void add(DriftRule rule, String operand, String from, String to, String value, String note) {
    add(rule, grade(rule.defaultSeverity()), operand, from, to, value, note);
  }

  /** The severity for this op: as given when an agent in view uses it, else informational. */
  DriftSeverity grade(DriftSeverity severity) {
    return used ? severity : DriftSeverity.INFO;
  }

  /** Adds a finding graded {@code severity}, as it stands. */
  void add(
      DriftRule rule,
      DriftSeverity severity,
      String operand,
      String from,
      String to,
      String value,
      String note) {
    Map<String, String> fill =
        Map.of(
            "op", opcode,
            "target", operand.isEmpty() ? opcode : opcode + "." + operand,
            "from", from,
            "to", to,
            "value", value,
            "use", useNote,
            "note", note);
    items.add(new DriftItem(rule, severity, opcode, operand, value, rule.sentence(fill, used)));
  }
}
