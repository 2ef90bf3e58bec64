package dev.agentkit.inbox;

import dev.agentkit.Call;
import dev.agentkit.Outcome;
import java.util.ArrayList;
import java.util.List;

/**
 * The outcome of an accept's ops in words, as recorded on the proposal and in its audit trail: a
 * result cut to {@value Limits#RESULT} characters, a failure to {@value Limits#FAILURE}, with a
 * marker saying how long it was (the store then escapes it and cuts the whole to its column).
 */
final class Outcomes {
  private Outcomes() {}

  static String describe(List<Call> ops, List<Outcome> outcomes) {
    List<String> parts = new ArrayList<>(ops.size());
    for (int i = 0; i < ops.size(); i++) {
      String op = "op " + i + " (" + ops.get(i).opcode() + ")";
      if (i >= outcomes.size()) {
        parts.add(op + " did not run");
      } else if (outcomes.get(i).done()) {
        parts.add(op + " done" + value(outcomes.get(i)));
      } else {
        parts.add(op + " failed: " + Text.cut(outcomes.get(i).failure(), Limits.FAILURE));
      }
    }
    return String.join("; ", parts);
  }

  private static String value(Outcome o) {
    String v = o.value().map(String::valueOf).orElse("");
    if (v.isEmpty()) {
      return "";
    }
    return ": " + Text.cut(v, Limits.RESULT);
  }
}
