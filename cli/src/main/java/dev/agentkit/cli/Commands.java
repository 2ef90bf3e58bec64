package dev.agentkit.cli;

import dev.agentkit.maven.GoalException;
import dev.agentkit.maven.GoalMessage;
import dev.agentkit.maven.GoalOptions;
import dev.agentkit.maven.Goals;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The five commands, each the Maven goal of its name with the same options. */
final class Commands {
  private Commands() {}

  /** A command that runs one goal: the shared options, the terminal, and the goal's work. */
  abstract static class GoalCommand implements Callable<Integer> {
    @Mixin SharedOptions shared = new SharedOptions();
    final Terminal t;

    GoalCommand(Terminal t) {
      this.t = t;
    }

    @Override
    public Integer call() {
      return t.run(shared, this::run);
    }

    /** The goal's work, given its options and log. */
    abstract void run(GoalOptions o, TerminalLog log) throws GoalException;
  }

  @Command(
      name = "snapshot",
      mixinStandardHelpOptions = true,
      description =
          "Fetch each configured contract and write its snapshot (<name>.json); an unchanged"
              + " contract leaves the file untouched, an empty or invalid one never replaces it.")
  static final class Snapshot extends GoalCommand {
    Snapshot(Terminal t) {
      super(t);
    }

    @Override
    void run(GoalOptions o, TerminalLog log) throws GoalException {
      new Goals(o, log, t.env).snapshot();
    }
  }

  @Command(
      name = "check",
      mixinStandardHelpOptions = true,
      description =
          "Compare each committed snapshot with the live contract; fail on drift as --fail-on"
              + " says. Writes a text and a JUnit XML report per contract.")
  static final class Check extends GoalCommand {
    @Mixin FailOnOption failOn = new FailOnOption();

    Check(Terminal t) {
      super(t);
    }

    @Override
    void run(GoalOptions o, TerminalLog log) throws GoalException {
      failOn.applyTo(o);
      new Goals(o, log, t.env).check();
    }
  }

  @Command(
      name = "diff",
      mixinStandardHelpOptions = true,
      description =
          "Compare two snapshot files, offline, and report the drift as check does. Fails only"
              + " as --fail-on says (default: never).")
  static final class Diff extends GoalCommand {
    @Mixin FailOnOption failOn = new FailOnOption();

    @Option(
        names = "--from",
        required = true,
        paramLabel = "<file>",
        description = "The snapshot compared from.")
    Path from;

    @Option(
        names = "--to",
        required = true,
        paramLabel = "<file>",
        description = "The snapshot compared to.")
    Path to;

    Diff(Terminal t) {
      super(t);
    }

    @Override
    void run(GoalOptions o, TerminalLog log) throws GoalException {
      failOn.applyTo(o);
      new Goals(o, log, t.env)
          .diff(t.workingDirectory.resolve(from), t.workingDirectory.resolve(to));
    }
  }

  @Command(
      name = "recheck",
      mixinStandardHelpOptions = true,
      description =
          "Make the next compile run the annotation processor again when an agent's wiring no"
              + " longer matches its snapshot: removes the stale wiring's class files (and the"
              + " compiler's incremental state, when given).")
  static final class Recheck extends GoalCommand {

    @Option(
        names = "--compiler-state",
        paramLabel = "<dir>",
        description = "The compiler's incremental state, removed with the stale wiring.")
    Path compilerState;

    Recheck(Terminal t) {
      super(t);
    }

    @Override
    void run(GoalOptions o, TerminalLog log) throws GoalException {
      if (shared.classes.size() != 1) {
        throw GoalMessage.CONFIG_FILE_RECHECK_CLASSES.failure();
      }
      new Goals(o, log, t.env)
          .recheck(
              t.workingDirectory.resolve(shared.classes.get(0)),
              compilerState == null ? null : t.workingDirectory.resolve(compilerState));
    }
  }

  @Command(
      name = "verify-consumers",
      mixinStandardHelpOptions = true,
      description =
          "Can this contract be deployed? Grade the proposed contract against the uses manifest"
              + " of every agent of every consumer, from the baseline (the snapshot of the contract"
              + " served now), and fail naming each consumer, agent and act it breaks.")
  static final class VerifyConsumers extends GoalCommand {
    @Mixin FailOnOption failOn = new FailOnOption();

    @Option(
        names = "--consumer",
        paramLabel = "<groupId:artifactId:version>",
        description =
            "A consumer: a version, a range such as [1.4,) (every version in it), LATEST or"
                + " RELEASE; repeatable.")
    List<String> consumers = new ArrayList<>();

    @Option(
        names = "--manifest-directory",
        paramLabel = "<dir>",
        description = "A directory of uses manifests (.json) or bundles (.zip); repeatable.")
    List<Path> manifestDirectories = new ArrayList<>();

    @Option(
        names = "--baseline-directory",
        paramLabel = "<dir>",
        description = "Where each contract's baseline is (<name>.json). Default: the snapshots'.")
    Path baselineDirectory;

    @Option(
        names = "--repository",
        paramLabel = "<id=url>",
        description =
            "A repository the consumers are published to; repeatable, replacing the config"
                + " file's. Credentials: usernameEnv and passwordEnv in the config file.")
    List<String> repositories = new ArrayList<>();

    @Option(
        names = "--local-repository",
        paramLabel = "<dir>",
        description = "Where resolved artifacts are kept. Default: ~/.m2/repository.")
    Path localRepository;

    @Option(names = "--offline", description = "Read the local repository only.")
    boolean offline;

    VerifyConsumers(Terminal t) {
      super(t);
    }

    @Override
    void run(GoalOptions o, TerminalLog log) throws GoalException {
      failOn.applyTo(o);
      if (!consumers.isEmpty()) {
        o.consumers(consumers);
      }
      if (!manifestDirectories.isEmpty()) {
        o.manifestDirectories(SharedOptions.absolute(t.workingDirectory, manifestDirectories));
      }
      if (baselineDirectory != null) {
        o.baselineDirectory(t.workingDirectory.resolve(baselineDirectory));
      }
      if (!repositories.isEmpty()) {
        o.repositories(repositories);
      }
      if (localRepository != null) {
        o.localRepository(t.workingDirectory.resolve(localRepository));
      }
      if (offline) {
        log.warn(Goals.offlineWarning());
      }
      Repositories r = Repositories.of(o, t.env, offline);
      new Goals(o, log, t.env).verifyConsumers(r.system, r.session, r.remotes);
    }
  }
}
