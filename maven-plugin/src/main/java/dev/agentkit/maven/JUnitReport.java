package dev.agentkit.maven;

import dev.agentkit.drift.DriftItem;
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
  /** One test case. */
  record Case(String name, boolean failed, List<DriftItem> items, String detail) {}

  private JUnitReport() {}

  static void write(Path file, String suite, List<Case> cases) throws IOException {
    long failures = cases.stream().filter(Case::failed).count();
    StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sb.append("<testsuite name=\"")
        .append(escape(suite))
        .append("\" tests=\"")
        .append(cases.size())
        .append("\" failures=\"")
        .append(failures)
        .append("\" errors=\"0\" skipped=\"0\">\n");
    for (Case c : cases) {
      sb.append("  <testcase classname=\"")
          .append(escape(suite))
          .append("\" name=\"")
          .append(escape(c.name()))
          .append("\"");
      if (!c.failed()) {
        sb.append("/>\n");
        continue;
      }
      sb.append(">\n    <failure message=\"")
          .append(
              escape(
                  c.items().size()
                      + (c.items().size() == 1 ? " drift item fails" : " drift items fail")
                      + " the check"))
          .append("\" type=\"agentkit.drift\">");
      sb.append(escape(c.detail()));
      sb.append("</failure>\n  </testcase>\n");
    }
    sb.append("</testsuite>\n");
    Files.createDirectories(file.getParent());
    Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
  }

  static String escape(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '&' -> sb.append("&amp;");
        case '<' -> sb.append("&lt;");
        case '>' -> sb.append("&gt;");
        case '"' -> sb.append("&quot;");
        default -> {
          if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') {
            sb.append(' ');
          } else {
            sb.append(c);
          }
        }
      }
    }
    return sb.toString();
  }
}
