package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code diff}, as Maven and the command line run it: compares two snapshot files without any
 * network, and reports the drift as {@code check} does.
 */
final class DiffGoal {
  private DiffGoal() {}

  /**
   * @param agents the agents whose acts the drift is graded for
   * @param failOnText {@code failOn} as given, for the failure's sentence
   */
  static void run(
      Path from,
      Path to,
      FailOn mode,
      String failOnText,
      Path reportDirectory,
      GoalContext.Agents agents,
      GoalLog log)
      throws GoalException {
    Contract before = readFile(from, log);
    Contract after = readFile(to, log);
    if (!before.name().equals(after.name())) {
      log.warn(
          "agentkit: comparing different contracts: " + before.name() + " and " + after.name());
    }
    DriftSummary summary = DriftSummary.of(after.name(), before, after, agents.of(after.name()));
    boolean failed = summary.fails(mode);
    try {
      Reports.write(log, reportDirectory, summary, from + " -> " + to, summary.failing(mode));
    } catch (IOException e) {
      throw GoalException.error("could not write the drift report: " + e.getMessage(), e);
    }
    if (failed) {
      throw GoalException.failed(
          "agentkit: the drift from "
              + from
              + " to "
              + to
              + " fails the diff (failOn="
              + failOnText.trim()
              + ")");
    }
  }

  private static Contract readFile(Path f, GoalLog log) throws GoalException {
    try {
      return ContractSnapshot.read(f);
    } catch (ContractFormatException e) {
      throw GoalException.unavailable(
          log.command("diff") + " cannot read a snapshot: " + e.getMessage());
    }
  }
}
