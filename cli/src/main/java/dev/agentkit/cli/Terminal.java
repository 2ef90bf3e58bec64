package dev.agentkit.cli;

import dev.agentkit.maven.GoalException;
import dev.agentkit.maven.GoalOptions;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * Where a command runs: its output streams, its environment and its working directory; and how it
 * runs a goal, turning the outcome into the exit code (docs/cli.md#exit-codes). No stack trace is
 * ever printed: a goal's failure is its sentences, anything else is named as a bug.
 */
final class Terminal {
  /** The exit code of a failure of agentkit itself. */
  static final int BUG = 4;

  final PrintStream out;
  final PrintStream err;
  final Function<String, String> env;
  final Path workingDirectory;

  Terminal(PrintStream out, PrintStream err, Function<String, String> env, Path workingDirectory) {
    this.out = out;
    this.err = err;
    this.env = env;
    this.workingDirectory = workingDirectory;
  }

  /** One goal's work, given its options and log. */
  interface Work {
    void run(GoalOptions options, TerminalLog log) throws GoalException;
  }

  /** Runs a goal and returns its exit code: 0, or the failure's. */
  int run(SharedOptions shared, Work work) {
    TerminalLog log = new TerminalLog(out, err, shared.verbose);
    try {
      work.run(shared.options(workingDirectory, env), log);
      return 0;
    } catch (GoalException e) {
      for (String line : e.getMessage().split("\n", -1)) {
        log.error(line);
      }
      return e.kind().exitCode();
    } catch (RuntimeException | LinkageError e) {
      log.error(
          "agentkit failed: "
              + e
              + "; this is a bug in agentkit: please report it with the command you ran");
      return BUG;
    }
  }
}
