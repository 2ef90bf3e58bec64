package dev.agentkit.processor;

import java.util.ArrayList;
import java.util.List;

/**
 * A Java expression to write, as a tree of calls, so that one too long for a line is broken as
 * google-java-format breaks it: a call's arguments one a line, a method chain one call a line, each
 * one continuation (4 spaces) deeper.
 *
 * @param text a whole expression ({@link #of}), or a call's head ({@code new Operand}, {@code
 *     .operand}) when {@code args} is not null
 * @param args the call's arguments; null for a whole expression
 * @param chain the calls that follow it, each with a head starting with a dot
 */
record Code(String text, List<Code> args, List<Code> chain) {
  Code {
    args = args == null ? null : List.copyOf(args);
    chain = List.copyOf(chain);
  }

  /** An expression written as given, never broken. */
  static Code of(String text) {
    return new Code(text, null, List.of());
  }

  /** {@code head(args…)}. */
  static Code call(String head, List<Code> args) {
    return new Code(head, args, List.of());
  }

  /** {@code head(args…)}. */
  static Code call(String head, Code... args) {
    return call(head, List.of(args));
  }

  /** This expression followed by the calls of {@code more}, which start with a dot. */
  Code then(List<Code> more) {
    List<Code> all = new ArrayList<>(chain);
    all.addAll(more);
    return new Code(text, args, all);
  }

  /** The expression on one line. */
  String flat() {
    StringBuilder b = new StringBuilder(head());
    for (Code c : chain) {
      b.append(c.flat());
    }
    return b.toString();
  }

  private String head() {
    if (args == null) {
      return text;
    }
    List<String> flat = new ArrayList<>(args.size());
    for (Code a : args) {
      flat.add(a.flat());
    }
    return text + "(" + String.join(", ", flat) + ")";
  }

  /** Writes {@code lead}, the expression and {@code tail}: on one line when it fits. */
  void write(SourceWriter w, String lead, String tail) {
    if (w.fits(lead + flat() + tail, 0)) {
      w.line(lead + flat() + tail);
      return;
    }
    if (chain.isEmpty()) {
      writeHead(w, lead, tail);
      return;
    }
    writeHead(w, lead, "");
    w.indent(4);
    for (int i = 0; i < chain.size(); i++) {
      chain.get(i).write(w, "", i == chain.size() - 1 ? tail : "");
    }
    w.indent(-4);
  }

  private void writeHead(SourceWriter w, String lead, String tail) {
    if (args == null || args.isEmpty() || w.fits(lead + head() + tail, 0)) {
      w.line(lead + head() + tail);
      return;
    }
    w.line(lead + text + "(");
    w.indent(4);
    for (int i = 0; i < args.size(); i++) {
      args.get(i).write(w, "", i == args.size() - 1 ? ")" + tail : ",");
    }
    w.indent(-4);
  }
}
