package dev.agentkit.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;

/**
 * Splits a child's output into lines, in bounded memory: a line longer than the limit is handed
 * over cut at the limit the moment it passes it, and the rest of it is skipped. A line's trailing
 * {@code \r} is dropped. Malformed UTF-8 becomes U+FFFD.
 */
final class Lines {
  private Lines() {}

  /** Receives each line. */
  interface Sink {
    /**
     * One line; {@code cut} when it was longer than the limit and this is its start.
     *
     * @return whether to read on
     */
    boolean line(String line, boolean cut);
  }

  /** Reads {@code in} to its end, or until the sink says stop. */
  static void read(InputStream in, int limit, Sink sink) throws IOException {
    Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8);
    char[] buffer = new char[8192];
    StringBuilder line = new StringBuilder();
    boolean skipping = false;
    for (int n; (n = reader.read(buffer)) >= 0; ) {
      for (int i = 0; i < n; i++) {
        char c = buffer[i];
        if (c == '\n') {
          if (!skipping && !sink.line(withoutCr(line), false)) {
            return;
          }
          line.setLength(0);
          skipping = false;
        } else if (skipping) {
          continue;
        } else if (line.length() < limit) {
          line.append(c);
        } else {
          if (!sink.line(line.toString(), true)) {
            return;
          }
          skipping = true; // the line is cleared at its end, which skipping waits for
        }
      }
    }
    if (!skipping && line.length() > 0) {
      sink.line(withoutCr(line), false);
    }
  }

  private static String withoutCr(StringBuilder line) {
    int end = line.length();
    return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
  }
}
