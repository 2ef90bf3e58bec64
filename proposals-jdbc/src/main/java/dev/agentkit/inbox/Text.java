package dev.agentkit.inbox;

import java.util.Locale;

/**
 * Text the inbox writes, made writable: PostgreSQL refuses NUL in text columns, and a lone
 * surrogate has no UTF-8 form (the driver would write {@code ?} in its place). Descriptive text
 * (outcomes, reasons, audit entries) is escaped and cut to its column; text that runs or that a
 * person reads as asked (arguments, questions) is never changed: {@link #unstorable} finds what
 * would be, so the inbox can refuse it.
 */
final class Text {
  private Text() {}

  /** A number as the messages write it, with thousands separators: {@code 1,048,576}. */
  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /**
   * The text with NUL and lone surrogates written as {@code \u0000}, {@code \uD800}, cut to at most
   * {@code max} characters with a marker saying how many were left out.
   */
  static String recordable(String text, int max) {
    return cut(escaped(text == null ? "" : text), max);
  }

  static String escaped(String text) {
    if (unstorable(text, true) < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch == 0 || lone(text, i)) {
        out.append(String.format(Locale.ROOT, "\\u%04X", (int) ch));
      } else {
        out.append(ch);
      }
    }
    return out.toString();
  }

  /** The text cut to at most {@code max} characters, never inside a surrogate pair. */
  static String cut(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    String marker = " … [" + count(text.length()) + " characters in all; the rest not recorded]";
    int keep = Math.max(0, max - marker.length());
    if (keep > 0 && Character.isHighSurrogate(text.charAt(keep - 1))) {
      keep--;
    }
    return text.substring(0, keep) + marker;
  }

  /**
   * The index of the first character no column stores as it is: a lone surrogate, and with {@code
   * nul} also NUL; -1 when there is none.
   */
  static int unstorable(String text, boolean nul) {
    for (int i = 0; i < text.length(); i++) {
      if ((nul && text.charAt(i) == 0) || lone(text, i)) {
        return i;
      }
    }
    return -1;
  }

  /** Whether the character at {@code i} is half of a surrogate pair without its other half. */
  private static boolean lone(String text, int i) {
    char ch = text.charAt(i);
    if (Character.isHighSurrogate(ch)) {
      return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
    }
    return Character.isLowSurrogate(ch)
        && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
  }

  /** What the character at {@code i} is, for a sentence: "a NUL character (at index 5)". */
  static String describeAt(String text, int i) {
    char ch = text.charAt(i);
    return ch == 0
        ? "a NUL character (at index " + i + "), which PostgreSQL cannot store"
        : String.format(
            Locale.ROOT,
            "a lone surrogate (\\u%04X at index %d), which has no UTF-8 form, so no database"
                + " column or request would carry it as it is",
            (int) ch,
            i);
  }
}
