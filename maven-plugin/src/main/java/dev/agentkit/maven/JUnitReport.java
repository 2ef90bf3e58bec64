package dev.agentkit.maven;

import dev.agentkit.drift.DriftItem;
import dev.agentkit.internal.text.LineText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes drift results as JUnit XML, so CI systems show them beside the tests: one test case per
 * contract (and agent), failing when the drift fails the build.
 */
final class JUnitReport {
  /**
   * One test case.
   *
   * @param message the failure's one-line message
   */
  record Case(String name, boolean failed, List<DriftItem> items, String detail, String message) {
    /** A case of a drift check: its message counts the failing items. */
    Case(String name, boolean failed, List<DriftItem> items, String detail) {
      this(
          name,
          failed,
          items,
          detail,
          items.size()
              + (items.size() == 1 ? " drift item fails" : " drift items fail")
              + " the check");
    }
  }

  private JUnitReport() {}

  static void write(Path file, String suite, List<Case> cases) throws IOException {
    long failures = cases.stream().filter(Case::failed).count();
    StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sb.append("<testsuite name=\"")
        .append(attribute(suite))
        .append("\" tests=\"")
        .append(cases.size())
        .append("\" failures=\"")
        .append(failures)
        .append("\" errors=\"0\" skipped=\"0\">\n");
    for (Case c : cases) {
      sb.append("  <testcase classname=\"")
          .append(attribute(suite))
          .append("\" name=\"")
          .append(attribute(c.name()))
          .append("\"");
      if (!c.failed()) {
        sb.append("/>\n");
        continue;
      }
      sb.append(">\n    <failure message=\"")
          .append(attribute(c.message()))
          .append("\" type=\"agentkit.drift\">");
      sb.append(escape(c.detail()));
      sb.append("</failure>\n  </testcase>\n");
    }
    sb.append("</testsuite>\n");
    Files.createDirectories(file.getParent());
    Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
  }

  /**
   * The text as XML 1.0 element content: markup characters as entities, and every character XML 1.0
   * forbids (control characters but tab, line feed and carriage return; {@code U+FFFE}, {@code
   * U+FFFF}; a lone surrogate) written visibly as its escape ({@code \\uffff}), so the report is
   * well-formed whatever a backend served.
   */
  static String escape(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      i += Character.charCount(cp);
      switch (cp) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        default ->
            sb.append(xmlChar(cp) ? new String(Character.toChars(cp)) : LineText.escaped(cp));
      }
    }
    return sb.toString();
  }

  /** An attribute value: on one line, every character a line or XML cannot show escaped. */
  static String attribute(String s) {
    return escape(LineText.of(s));
  }

  /** Whether XML 1.0 allows the character (its production {@code Char}). */
  static boolean xmlChar(int cp) {
    return cp == 0x9
        || cp == 0xA
        || cp == 0xD
        || (cp >= 0x20 && cp <= 0xD7FF)
        || (cp >= 0xE000 && cp <= 0xFFFD)
        || cp >= 0x10000;
  }
}
