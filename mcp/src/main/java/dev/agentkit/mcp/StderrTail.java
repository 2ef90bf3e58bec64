package dev.agentkit.mcp;

import dev.agentkit.source.Redactor;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;

/**
 * The last lines a server child process wrote to stderr, for the message when it does not answer: a
 * crash's last words are usually the reason. Bounded in lines and characters. Thread-safe.
 */
final class StderrTail {
  private static final int LINES = 5;
  private static final int LINE_CHARS = 200;
  private final Deque<String> lines = new ArrayDeque<>();
  private long added;

  synchronized void add(String line) {
    if (line == null || line.isBlank()) {
      return;
    }
    added++;
    String l = line.strip();
    lines.addLast(l.length() > LINE_CHARS ? l.substring(0, LINE_CHARS) + "…" : l);
    while (lines.size() > LINES) {
      lines.removeFirst();
    }
  }

  /**
   * Waits, at most half a second, until no line has arrived for 50 ms: the lines a child wrote just
   * before it exited are read by another thread, and may still be on their way.
   */
  void awaitQuiet() {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(500);
    long seen = -1;
    while (System.nanoTime() < deadline) {
      long now = added();
      if (now == seen) {
        return;
      }
      seen = now;
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private synchronized long added() {
    return added;
  }

  /** The lines joined with " | ", secrets blanked; empty when there are none. */
  synchronized String excerpt(Redactor redactor) {
    return lines.isEmpty() ? "" : redactor.redact(String.join(" | ", lines));
  }
}
