package dev.agentkit.inbox;

import dev.agentkit.Call;
import dev.agentkit.Outcome;

/**
 * The outcome of an accept's ops in words, one part per op, as recorded on the proposal and in its
 * audit trail: a result cut to {@value Limits#RESULT} characters, a failure to {@value
 * Limits#FAILURE}, with a marker saying how long it was (the store then escapes it and cuts the
 * whole to its column).
 */
final class Outcomes {
  private Outcomes() {}

  /** What running op {@code i} came to: "op 0 (archive_project) done: ...". */
  static String part(int i, Call call, Outcome o) {
    String op = name(i, call);
    return o.done()
        ? op + " done" + value(o)
        : op + " failed: " + Text.cut(o.failure(), Limits.FAILURE);
  }

  /** The parts of ops {@code from} to the last, which did not run. */
  static String notRun(java.util.List<Call> ops, int from) {
    java.util.List<String> parts = new java.util.ArrayList<>();
    for (int i = from; i < ops.size(); i++) {
      parts.add(name(i, ops.get(i)) + " did not run");
    }
    return String.join("; ", parts);
  }

  static String name(int i, Call call) {
    return "op " + i + " (" + call.opcode() + ")";
  }

  /** Parts joined, leaving out empty ones. */
  static String join(String... parts) {
    java.util.List<String> out = new java.util.ArrayList<>();
    for (String p : parts) {
      if (!p.isEmpty()) {
        out.add(p);
      }
    }
    return String.join("; ", out);
  }

  private static String value(Outcome o) {
    String v = o.value().map(String::valueOf).orElse("");
    if (v.isEmpty()) {
      return "";
    }
    return ": " + Text.cut(v, Limits.RESULT);
  }
}
