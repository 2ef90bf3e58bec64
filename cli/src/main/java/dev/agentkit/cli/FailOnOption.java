package dev.agentkit.cli;

import dev.agentkit.maven.GoalOptions;
import picocli.CommandLine.Option;

/** {@code --fail-on}, as {@code check}, {@code diff} and {@code verify-consumers} take it. */
final class FailOnOption {
  @Option(
      names = "--fail-on",
      paramLabel = "<breaking|any|none>",
      description =
          "When the command fails: on breaking drift, on any drift, or never. Default: breaking"
              + " (diff: none).")
  String failOn;

  /** Sets the goal's failOn when the flag is given; the goal's default stands otherwise. */
  void applyTo(GoalOptions o) {
    if (failOn != null) {
      o.failOn(failOn);
    }
  }
}
