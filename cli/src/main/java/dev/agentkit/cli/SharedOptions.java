package dev.agentkit.cli;

import dev.agentkit.maven.GoalException;
import dev.agentkit.maven.GoalOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * The options every command takes: the config file, and the flags that replace what it says. Each
 * flag is the Maven parameter of the same name ({@code --snapshot-directory} is {@code
 * <snapshotDirectory>}, {@code agentkit.snapshotDirectory}).
 */
final class SharedOptions {
  /** The config file read when {@code --config} is not given and it exists. */
  static final String DEFAULT_CONFIG = "agentkit.json";

  @Option(
      names = {"-c", "--config"},
      paramLabel = "<file>",
      description =
          "The config file: the plugin's <configuration> as JSON (docs/cli.md). Default:"
              + " agentkit.json in the working directory, when there is one.")
  Path config;

  @Option(
      names = "--contract",
      paramLabel = "<name>",
      description = "Only this contract; default: every configured one.")
  String contract;

  @Option(
      names = "--snapshot-directory",
      paramLabel = "<dir>",
      description = "Where the snapshots are (<name>.json). Default: contract-snapshots.")
  Path snapshotDirectory;

  @Option(
      names = "--report-directory",
      paramLabel = "<dir>",
      description = "Where the text and JUnit XML reports go. Default: build/agentkit-reports.")
  Path reportDirectory;

  @Option(
      names = "--classes",
      paramLabel = "<dir>",
      split = "${sys:path.separator}",
      description =
          "The class output of the agents whose acts drift is graded for (build/classes/java/main);"
              + " repeatable.")
  List<Path> classes = new ArrayList<>();

  @Option(
      names = "--classpath",
      paramLabel = "<path>",
      split = "${sys:path.separator}",
      description = "Where a contract's sourceClass is loaded from.")
  List<Path> classpath = new ArrayList<>();

  @Option(
      names = {"-v", "--verbose"},
      description = "Print the goals' debug lines too.")
  boolean verbose;

  /**
   * The config file's options (or the defaults, against the working directory), with the flags
   * given applied.
   */
  GoalOptions options(Path workingDirectory, Function<String, String> env) throws GoalException {
    Path file = config;
    if (file == null && Files.isRegularFile(workingDirectory.resolve(DEFAULT_CONFIG))) {
      file = workingDirectory.resolve(DEFAULT_CONFIG);
    }
    GoalOptions o =
        file == null
            ? GoalOptions.defaults(workingDirectory)
            : GoalOptions.read(workingDirectory.resolve(file), env);
    if (contract != null) {
      o.contract(contract);
    }
    if (snapshotDirectory != null) {
      o.snapshotDirectory(workingDirectory.resolve(snapshotDirectory));
    }
    if (reportDirectory != null) {
      o.reportDirectory(workingDirectory.resolve(reportDirectory));
    }
    if (!classes.isEmpty()) {
      o.classes(absolute(workingDirectory, classes));
    }
    if (!classpath.isEmpty()) {
      o.classpath(absolute(workingDirectory, classpath));
    }
    return o;
  }

  /** Flags name paths against the working directory, whatever directory the config file is in. */
  static List<Path> absolute(Path workingDirectory, List<Path> paths) {
    List<Path> out = new ArrayList<>();
    for (Path p : paths) {
      out.add(workingDirectory.resolve(p));
    }
    return out;
  }
}
