package dev.agentkit.internal.text;

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
