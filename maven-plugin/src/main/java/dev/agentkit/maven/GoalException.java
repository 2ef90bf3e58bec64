package dev.agentkit.maven;

/**
 * A goal did not pass, in one of four ways, each with its message: its verdict failed (drift, a
 * broken consumer, a refused snapshot), its configuration is wrong, what it reads could not be had
 * (a source, a repository, a snapshot or a manifest), or it could not do its own work (a file it
 * could not write). A Mojo reports the last as an error ({@code MojoExecutionException}) and the
 * others as a build failure; the command line exits with {@link Kind#exitCode()}.
 *
 * <p>Public for the command line (agentkit-cli), which runs the same goals; not API.
 */
public final class GoalException extends Exception {
  private static final long serialVersionUID = 1L;

  /** How a goal did not pass. */
  public enum Kind {
    /** The goal ran and its verdict is a failure: exit code 1. */
    FAILED(1),
    /** The configuration (the POM, the config file, the flags) is wrong: exit code 2. */
    CONFIGURATION(2),
    /**
     * What the goal reads could not be had: a source that did not answer, a repository that could
     * not be reached, a snapshot or manifest that is missing or unreadable: exit code 3.
     */
    UNAVAILABLE(3),
    /** The goal could not do its own work, such as writing a report or a snapshot: exit code 3. */
    ERROR(3);

    private final int exitCode;

    Kind(int exitCode) {
      this.exitCode = exitCode;
    }

    /** The command line's exit code for it. */
    public int exitCode() {
      return exitCode;
    }
  }

  private final Kind kind;

  GoalException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  GoalException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  static GoalException failed(String message) {
    return new GoalException(Kind.FAILED, message);
  }

  /** The configuration error, worded as every goal words one. */
  static GoalException config(ConfigException e) {
    return new GoalException(Kind.CONFIGURATION, "agentkit configuration: " + e.getMessage());
  }

  static GoalException unavailable(String message) {
    return new GoalException(Kind.UNAVAILABLE, message);
  }

  static GoalException error(String message, Throwable cause) {
    return new GoalException(Kind.ERROR, message, cause);
  }

  /** How the goal did not pass. */
  public Kind kind() {
    return kind;
  }
}
