package dev.agentkit.mcp;

import dev.agentkit.source.Redactor;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The last lines a server child process wrote to stderr, for the message when it does not answer: a
 * crash's last words are usually the reason. Bounded in lines and characters. Thread-safe.
 */
final class StderrTail {
  private static final int LINES = 5;
  private static final int LINE_CHARS = 200;
  private final Deque<String> lines = new ArrayDeque<>();

  synchronized void add(String line) {
    if (line == null || line.isBlank()) {
      return;
    }
    String l = line.strip();
    lines.addLast(l.length() > LINE_CHARS ? l.substring(0, LINE_CHARS) + "…" : l);
    while (lines.size() > LINES) {
      lines.removeFirst();
    }
  }

  /** The lines joined with " | ", secrets blanked; empty when there are none. */
  synchronized String excerpt(Redactor redactor) {
    return lines.isEmpty() ? "" : redactor.redact(String.join(" | ", lines));
  }
}
