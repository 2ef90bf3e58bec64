package dev.agentkit.processor;

import java.util.List;
import java.util.Locale;

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

  /** A Java string literal of {@code s}. */
  static String literal(String s) {
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
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
          if (Character.isISOControl(c)) {
            b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.append('"').toString();
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
