package dev.agentkit.internal.text;

/** JSON string literals written one way everywhere, so canonical output is stable. */
public final class JsonText {
  private JsonText() {}

  /**
   * Appends a JSON string; escapes only what JSON requires (and lone surrogates, which UTF-8 cannot
   * carry), so output is stable.
   */
  public static void string(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        case '\b' -> sb.append("\\b");
        case '\f' -> sb.append("\\f");
        default -> {
          if (c < 0x20 || isLoneSurrogate(s, i)) {
            // A lone surrogate has no UTF-8 form; escaped, it survives a write and a read.
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }

  /**
   * A name a contract served or a value a model gave, for a message: a JSON string literal, so no
   * quote, control character or line break in it can end the sentence, with every other character a
   * line would not show as itself (bidi overrides, zero-width characters, separators) escaped as
   * {@link LineText} does, cut to 80 characters with {@code ...}.
   */
  public static String shown(String s) {
    String cut = s.length() > 80 ? s.substring(0, 77) + "..." : s;
    StringBuilder sb = new StringBuilder(cut.length() + 2);
    string(sb, cut);
    return LineText.of(sb.toString());
  }

  private static boolean isLoneSurrogate(String s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1));
    }
    if (Character.isLowSurrogate(c)) {
      return i == 0 || !Character.isHighSurrogate(s.charAt(i - 1));
    }
    return false;
  }
}
