package dev.agentkit.maven;

import dev.agentkit.drift.DriftItem;
import dev.agentkit.internal.text.LineText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Writes a drift summary to the log, a text file and a JUnit XML file. */
final class Reports {
  private Reports() {}

  static void write(
      GoalLog log, Path dir, DriftSummary summary, String what, List<DriftItem> failing)
      throws IOException {
    boolean failed = !failing.isEmpty();
    List<String> lines = new ArrayList<>();
    String head =
        "agentkit: "
            + summary.contract
            + ": "
            + (summary.report.isEmpty() ? "no drift" : summary.counts())
            + " ("
            + what
            + ")";
    lines.add(LineText.of(head));
    lines.addAll(summary.lines());
    for (String l : lines) {
      if (failed) {
        log.error(l);
      } else {
        log.info(l);
      }
    }
    Files.createDirectories(dir);
    Files.writeString(
        dir.resolve("agentkit-" + summary.contract + ".txt"),
        String.join("\n", lines) + "\n",
        StandardCharsets.UTF_8);
    List<JUnitReport.Case> cases = new ArrayList<>();
    String detail = String.join("\n", lines);
    cases.add(new JUnitReport.Case(summary.contract, failed, failing, detail));
    JUnitReport.write(
        dir.resolve("TEST-agentkit-" + summary.contract + ".xml"), "agentkit.drift", cases);
  }
}
