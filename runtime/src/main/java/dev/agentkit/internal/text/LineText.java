package dev.agentkit.internal.text;

import java.util.Map;

/**
 * Text from a contract (a name, a description, a value a backend served) as one line of a message
 * or a log may show it: every character that would act on a terminal or a log instead of showing
 * (line breaks, other control characters, format characters such as bidi overrides, lone
 * surrogates, unassigned and private-use code points) is written as an escape, {@code \n}, {@code
 * \r}, {@code \t} or {@code \}{@code uXXXX}. So no served text can start a line of its own and
 * forge, say, a {@code [INFO] BUILD SUCCESS} line.
 */
public final class LineText {
  private LineText() {}

  /** The text with every character that is not shown as itself escaped; null reads as "null". */
  public static String of(String text) {
    if (text == null) {
      return "null";
    }
    if (plain(text)) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      out.append(escaped(cp));
      i += Character.charCount(cp);
    }
    return out.toString();
  }

  /** {@link #of}, quoted: {@code "name"}. */
  public static String quoted(String text) {
    return "\"" + of(text) + "\"";
  }

  /** One code point as a line shows it: itself, or its escape. */
  public static String escaped(int cp) {
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

  private static boolean plain(String text) {
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      if (cp == '\t' || hidden(cp)) {
        return false;
      }
      i += Character.charCount(cp);
    }
    return true;
  }

  /**
   * The first code point of {@code name} that no name may hold, or -1: a control character (line
   * breaks included), a format character (bidi overrides and isolates, zero-width characters), a
   * line or paragraph separator, or a lone surrogate. These either act on the line that shows the
   * name or make two different names look the same. (Unassigned and private-use code points are
   * escaped when shown but not refused: which code points are assigned depends on the JDK's Unicode
   * version, and a contract must be valid or not on every JDK alike.)
   */
  public static int unreadableInName(String name) {
    for (int i = 0; i < name.length(); ) {
      char c = name.charAt(i);
      if (c >= ' ' && c < 0x7f) {
        i++; // printable ASCII, what nearly every name is made of
        continue;
      }
      int cp = name.codePointAt(i);
      if (NAME_REFUSED.containsKey(Character.getType(cp))) {
        return cp;
      }
      i += Character.charCount(cp);
    }
    return -1;
  }

  /**
   * What kind of character {@link #unreadableInName} found: {@code U+202E (a format character…)}.
   */
  public static String unreadableKind(int cp) {
    return String.format("U+%04X (%s)", cp, NAME_REFUSED.get(Character.getType(cp)));
  }

  private static final Map<Integer, String> NAME_REFUSED =
      Map.of(
          (int) Character.CONTROL, "a control character",
          (int) Character.FORMAT, "an invisible format character, such as a bidi override",
          (int) Character.LINE_SEPARATOR, "a line separator",
          (int) Character.PARAGRAPH_SEPARATOR, "a paragraph separator",
          (int) Character.SURROGATE, "half of a character, a lone surrogate");

  /** Characters that would act on a terminal or a log rather than show. */
  static boolean hidden(int cp) {
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
