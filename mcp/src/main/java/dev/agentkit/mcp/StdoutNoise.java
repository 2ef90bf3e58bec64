package dev.agentkit.mcp;

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
   * secret is cut in two before it is recognised), then control, format and line-separator
   * characters written as {@code \n}, {@code \t}, {@code \r} or {@code \}{@code uXXXX}, then cut to
   * {@value #SHOWN_CHARS} characters and marked "…" when anything was left out.
   */
  String excerpt(Redactor redactor) {
    String text = redactor.redact(start).strip();
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      String piece = escaped(cp);
      if (out.length() + piece.length() > SHOWN_CHARS) {
        return out.append('…').toString();
      }
      out.append(piece);
      i += Character.charCount(cp);
    }
    return longer ? out.append('…').toString() : out.toString();
  }

  private static String escaped(int cp) {
    switch (cp) {
      case '\n':
        return "\\n";
      case '\r':
        return "\\r";
      case '\t':
        return "\\t";
      default:
        break;
    }
    if (!hidden(cp)) {
      return new String(Character.toChars(cp));
    }
    StringBuilder out = new StringBuilder();
    for (char unit : Character.toChars(cp)) {
      out.append(String.format("\\u%04x", (int) unit));
    }
    return out.toString();
  }

  /** Characters that would act on a terminal or a log rather than show: escaped. */
  private static boolean hidden(int cp) {
    return switch (Character.getType(cp)) {
      case Character.CONTROL,
          Character.FORMAT,
          Character.LINE_SEPARATOR,
          Character.PARAGRAPH_SEPARATOR,
          Character.SURROGATE,
          Character.PRIVATE_USE,
          Character.UNASSIGNED ->
          true;
      default -> false;
    };
  }
}
