package dev.agentkit.inbox;

import dev.agentkit.Call;
import dev.agentkit.Outcome;
import java.util.ArrayList;
import java.util.List;

/** The outcome of an accept's ops in words, as recorded on the proposal and in its audit trail. */
final class Outcomes {
  private static final int VALUE_LIMIT = 200;

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
        parts.add(op + " failed: " + outcomes.get(i).failure());
      }
    }
    return String.join("; ", parts);
  }

  private static String value(Outcome o) {
    String v = o.value().map(String::valueOf).orElse("");
    if (v.isEmpty()) {
      return "";
    }
    return ": " + (v.length() > VALUE_LIMIT ? v.substring(0, VALUE_LIMIT - 3) + "..." : v);
  }
}
