package dev.agentkit.mcp;

import dev.agentkit.internal.text.LineText;
import dev.agentkit.source.Redactor;

/**
 * A child wrote a line on stdout that is not a JSON-RPC message: typically its logging backend
 * logging to stdout. Carries the line's start, to quote in the message as {@link #excerpt} does:
 * secrets blanked, control characters escaped, bounded in length.
 */
final class StdoutNoise extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** How much of the line is kept: far more than is shown, so a secret at the cut is blanked. */
  static final int KEPT_CHARS = 4096;

  /** The most characters an excerpt shows, escapes included, before its "…". */
  static final int SHOWN_CHARS = 160;

  private final String start;
  private final boolean longer;

  StdoutNoise(String line) {
    super(null, null, false, false);
    this.longer = line.length() > KEPT_CHARS;
    this.start = longer ? line.substring(0, KEPT_CHARS) : line;
  }

  /**
   * The line as a message may quote it: secrets blanked first (on far more than is shown, so no
   * secret is cut in two before it is recognised), then each character as {@link LineText} shows it
   * (control, format and line-separator characters escaped), then cut to {@value #SHOWN_CHARS}
   * characters and marked "…" when anything was left out.
   */
  String excerpt(Redactor redactor) {
    String text = redactor.redact(start).strip();
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      String piece = LineText.escaped(cp);
      if (out.length() + piece.length() > SHOWN_CHARS) {
        return out.append('…').toString();
      }
      out.append(piece);
      i += Character.charCount(cp);
    }
    return longer ? out.append('…').toString() : out.toString();
  }
}
