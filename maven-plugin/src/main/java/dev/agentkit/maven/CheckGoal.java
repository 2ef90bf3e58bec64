package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.source.ContractSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code check}, as Maven and the command line run it: compares each committed snapshot with the
 * live contract, writes a text report and a JUnit XML report per contract, and fails on drift as
 * {@code failOn} says.
 */
final class CheckGoal {
  private final GoalContext context;

  CheckGoal(GoalContext context) {
    this.context = context;
  }

  /**
   * @param failOnText {@code failOn} as given, for the failure's sentence
   */
  void run(FailOn mode, String failOnText, Path reportDirectory)
      throws ConfigException, GoalException {
    List<String> failures = new ArrayList<>();
    try {
      for (Map.Entry<Integer, ContractConfig> e : context.selected()) {
        ContractConfig c = e.getValue();
        SourceFactory.Configured configured = context.sources().configure(c, e.getKey());
        ContractSource source = configured.source();
        Path file = context.snapshotDir().resolve(c.name + ".json");
        Contract committed = SourceFetch.readSnapshot(file, c.name, context.log());
        Contract live = SourceFetch.fetchWarning(configured, c.name, committed, context.log());
        DriftSummary summary =
            DriftSummary.of(c.name, committed, live, context.agents().of(c.name));
        boolean failed = summary.fails(mode);
        Reports.write(
            context.log(),
            reportDirectory,
            summary,
            "check of " + file + " against " + source.describe(),
            summary.failing(mode));
        if (failed) {
          failures.add(c.name);
        }
      }
    } catch (IOException e) {
      throw GoalException.error("could not write the drift report: " + e.getMessage(), e);
    }
    if (!failures.isEmpty()) {
      throw GoalException.failed(
          "agentkit: contract drift fails the check (failOn="
              + failOnText.trim()
              + ") for "
              + String.join(", ", failures)
              + "; see the report above and in "
              + reportDirectory
              + ". Regenerate the snapshot with "
              + context.log().command("snapshot")
              + ", rebuild, and fix the agents the compiler then points at.");
    }
  }
}
