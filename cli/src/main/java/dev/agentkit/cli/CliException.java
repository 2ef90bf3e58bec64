package dev.agentkit.cli;

/** A problem the command line finds before any goal runs; the message is its one sentence. */
final class CliException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int exitCode;

  private CliException(String message, int exitCode) {
    super(message);
    this.exitCode = exitCode;
  }

  /** A configuration error: exit code 2, worded as a goal's. */
  static CliException config(String message) {
    return new CliException("agentkit configuration: " + message, 2);
  }

  int exitCode() {
    return exitCode;
  }
}
