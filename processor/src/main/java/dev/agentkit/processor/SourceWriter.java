package dev.agentkit.processor;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Lines of generated Java, indented as google-java-format would (2 spaces a block, 4 a
 * continuation), with javadoc wrapped at 100 columns. The writers of each part of the wiring append
 * to one; it names classes through the file's {@link Imports}.
 */
final class SourceWriter {
  static final int WIDTH = 100;

  private final StringBuilder out = new StringBuilder(16 * 1024);
  private final Imports imports;
  private int indent;

  SourceWriter(Imports imports) {
    this.imports = imports;
  }

  /** The name of a JDK or runtime class, imported when it can be. */
  String name(Class<?> type) {
    return imports.name(type);
  }

  /** The name of a class of the user's code, imported when it can be. */
  String name(TypeRef type) {
    return imports.name(type);
  }

  /** One line at the current indentation. */
  SourceWriter line(String text) {
    for (int i = 0; i < indent; i++) {
      out.append(' ');
    }
    out.append(text).append('\n');
    return this;
  }

  SourceWriter blank() {
    out.append('\n');
    return this;
  }

  /** The line {@code header} and an opening brace; the lines that follow go one block deeper. */
  SourceWriter open(String header) {
    line(header + " {");
    indent += 2;
    return this;
  }

  /** Ends the block {@link #open} began with a closing brace. */
  SourceWriter close() {
    indent -= 2;
    return line("}");
  }

  /** Adds {@code spaces} to the indentation (negative to take it away). */
  SourceWriter indent(int spaces) {
    indent += spaces;
    return this;
  }

  /** Whether {@code text} fits on one line at the current indentation, plus {@code more}. */
  boolean fits(String text, int more) {
    return indent + more + text.length() <= WIDTH;
  }

  /**
   * A method chain, a receiver then calls that each start with a dot, after {@code lead} and before
   * {@code tail}: on one line when it fits, else one call a line, one continuation deeper.
   */
  SourceWriter chain(String lead, List<String> parts, String tail) {
    String whole = lead + String.join("", parts) + tail;
    if (parts.size() == 1 || fits(whole, 0)) {
      return line(whole);
    }
    line(lead + parts.get(0));
    indent += 4;
    for (int i = 1; i < parts.size(); i++) {
      line(parts.get(i) + (i == parts.size() - 1 ? tail : ""));
    }
    indent -= 4;
    return this;
  }

  /**
   * {@code head(args)tail} on one line when it fits, else {@code head(} with the arguments filling
   * the lines that follow, one continuation deeper.
   */
  SourceWriter call(String head, List<String> args, String tail) {
    String whole = head + "(" + String.join(", ", args) + ")" + tail;
    if (fits(whole, 0)) {
      return line(whole);
    }
    line(head + "(");
    indent += 4;
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i) + (i == args.size() - 1 ? ")" + tail : ",");
      if (current.length() > 0 && !fits(current + " " + arg, 0)) {
        line(current.toString());
        current.setLength(0);
      }
      current.append(current.length() > 0 ? " " : "").append(arg);
    }
    line(current.toString());
    indent -= 4;
    return this;
  }

  /** The most bytes of modified UTF-8 one string constant of a class file holds. */
  static final int MAX_CONSTANT_BYTES = 65535;

  /** The most chars javac takes in one string constant (it refuses 65535 and more). */
  static final int MAX_CONSTANT_CHARS = 65534;

  /**
   * A Java expression of the string {@code s}: one literal, or, when the string is longer than a
   * class file's constant can hold, literals joined by {@code concat}. Only printable ASCII and
   * visible non-ASCII characters appear as themselves; a quote, a backslash and a control character
   * are escaped, and an invisible or unpaired character (a format character such as U+202E, a lone
   * surrogate, a line separator) is written as a unicode escape. The only backslashes in the result
   * are escapes this method writes, each preceded by an even number of backslashes, so none of the
   * string's own text can be read as a unicode escape; and an escaped high surrogate ends its
   * literal ({@code "…\\ud800" + "…"}), since javac miscounts the backslashes after one. Checked
   * against javac by {@code SourceWriterEscapingTest}.
   */
  static String literal(String s) {
    if (fitsConstant(s)) {
      return single(s, 0, s.length());
    }
    StringBuilder b = new StringBuilder();
    int from = 0;
    while (from < s.length()) {
      int to = chunkEnd(s, from);
      b.append(from == 0 ? "" : ".concat(")
          .append(single(s, from, to))
          .append(from == 0 ? "" : ")");
      from = to;
    }
    return b.toString();
  }

  /** Whether the string fits one class-file constant. */
  static boolean fitsConstant(String s) {
    return s.length() * 3 <= MAX_CONSTANT_BYTES
        || (s.length() <= MAX_CONSTANT_CHARS
            && constantBytes(s, 0, s.length()) <= MAX_CONSTANT_BYTES);
  }

  /** The end of the longest piece from {@code from} that fits a constant, never inside a pair. */
  private static int chunkEnd(String s, int from) {
    int bytes = 0;
    int i = from;
    while (i < s.length()) {
      int next =
          Character.isHighSurrogate(s.charAt(i))
                  && i + 1 < s.length()
                  && Character.isLowSurrogate(s.charAt(i + 1))
              ? i + 2
              : i + 1;
      bytes += constantBytes(s, i, next);
      if (bytes > MAX_CONSTANT_BYTES || next - from > MAX_CONSTANT_CHARS) {
        return i;
      }
      i = next;
    }
    return i;
  }

  /** The length of {@code s[from, to)} in the modified UTF-8 of class-file constants. */
  private static int constantBytes(String s, int from, int to) {
    int bytes = 0;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      bytes += c != 0 && c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    }
    return bytes;
  }

  private static String single(String s, int from, int to) {
    StringBuilder b = new StringBuilder(to - from + 2).append('"');
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '\b' -> b.append("\\b");
        case '\f' -> b.append("\\f");
        default -> {
          if (c < 0x20 || c == 0x7f) {
            b.append(String.format(Locale.ROOT, "\\%03o", (int) c));
          } else if (isVisible(s, i)) {
            b.append(c);
          } else {
            b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            if (Character.isHighSurrogate(c) && i + 1 < to) {
              // javac, reading an escaped high surrogate, looks at what follows for its low half;
              // a backslash it looks at and gives back is still counted, so "\\uXXXX" after it
              // would be read as a unicode escape. A new literal starts with a quote instead.
              b.append("\" + \"");
            }
          }
        }
      }
    }
    return b.append('"').toString();
  }

  /** Character types written as escapes: nothing shows them, or they reorder or break lines. */
  private static final Set<Integer> INVISIBLE =
      Set.of(
          (int) Character.CONTROL,
          (int) Character.FORMAT,
          (int) Character.SURROGATE,
          (int) Character.PRIVATE_USE,
          (int) Character.UNASSIGNED,
          (int) Character.LINE_SEPARATOR,
          (int) Character.PARAGRAPH_SEPARATOR,
          (int) Character.SPACE_SEPARATOR);

  /**
   * Whether the char at {@code i} may appear as itself: printable ASCII, or half of a surrogate
   * pair, or a BMP character, whose code point is visible.
   */
  private static boolean isVisible(String s, int i) {
    char c = s.charAt(i);
    if (c >= 0x20 && c < 0x7f) {
      return true;
    }
    int cp;
    if (Character.isHighSurrogate(c)
        && i + 1 < s.length()
        && Character.isLowSurrogate(s.charAt(i + 1))) {
      cp = Character.toCodePoint(c, s.charAt(i + 1));
    } else if (Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1))) {
      cp = Character.toCodePoint(s.charAt(i - 1), c);
    } else {
      cp = c;
    }
    return !INVISIBLE.contains(Character.getType(cp));
  }

  /**
   * Contract text as javadoc prose: {@code &}, {@code <}, {@code >}, {@code @} and every backslash
   * become HTML character references, so the text can start no tag, no inline tag and no unicode
   * escape; a {@code /} after a {@code *} becomes {@code &#47;}, so it cannot end the comment; line
   * breaks and tabs become spaces; and an invisible character is shown as {@code \\uXXXX} text.
   */
  static String doc(String s) {
    StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '@' -> b.append("&#64;");
        case '\\' -> b.append("&#92;");
        case '/' -> b.append(i > 0 && s.charAt(i - 1) == '*' ? "&#47;" : "/");
        case '\n', '\r', '\t' -> b.append(' ');
        default -> {
          if (c >= 0x20 && c != 0x7f && isVisible(s, i)) {
            b.append(c);
          } else {
            b.append(String.format(Locale.ROOT, "&#92;u%04x", (int) c));
          }
        }
      }
    }
    return b.toString();
  }

  /**
   * Contract text as code in javadoc: {@code {@code text}} when it is made only of ASCII letters,
   * digits, {@code _}, {@code -}, {@code .} and {@code :}, else {@code <code>} around {@link
   * #doc}'s rendering (inside {@code {@code}} no character reference would be decoded).
   */
  static String code(String s) {
    boolean plain = !s.isEmpty();
    for (int i = 0; i < s.length() && plain; i++) {
      char c = s.charAt(i);
      plain = c < 0x80 && (Character.isLetterOrDigit(c) || "_-.:".indexOf(c) >= 0);
    }
    return plain ? "{@code " + s + "}" : "<code>" + doc(s) + "</code>";
  }

  /**
   * A javadoc comment: one line when it fits, else a block wrapped at {@link #WIDTH}. Each block
   * tag ({@code @param}, {@code @return}, {@code @throws}) starts its own line after a blank one.
   */
  SourceWriter javadoc(String text, String... tags) {
    String single = "/** " + text + " */";
    if (tags.length == 0 && fits(single, 0)) {
      return line(single);
    }
    line("/**");
    for (String paragraph : text.split("\n", -1)) {
      wrap(paragraph);
    }
    if (tags.length > 0) {
      line(" *");
      for (String tag : tags) {
        wrap(tag);
      }
    }
    return line(" */");
  }

  /** Fills lines of {@code text} at the width; a block tag's later lines are indented 4. */
  private void wrap(String text) {
    String continuation = text.startsWith("@") ? "    " : "";
    int width = WIDTH - indent - 3;
    StringBuilder current = new StringBuilder();
    boolean empty = true;
    for (String word : text.split(" ")) {
      if (!empty && current.length() + 1 + word.length() > width) {
        line(" * " + current);
        current.setLength(0);
        current.append(continuation);
        empty = true;
      }
      if (!empty) {
        current.append(' ');
      }
      current.append(word);
      empty = false;
    }
    line(current.length() == 0 ? " *" : " * " + current);
  }

  /** The file: package, imports, then the lines written. */
  String file(String packageName) {
    StringBuilder file = new StringBuilder(out.length() + 2048);
    if (!packageName.isEmpty()) {
      file.append("package ").append(packageName).append(";\n\n");
    }
    for (String i : imports.imports()) {
      file.append("import ").append(i).append(";\n");
    }
    if (!imports.imports().isEmpty()) {
      file.append('\n');
    }
    return file.append(out).toString();
  }
}
