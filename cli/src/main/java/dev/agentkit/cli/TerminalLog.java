package dev.agentkit.cli;

import dev.agentkit.maven.GoalLog;
import java.io.PrintStream;

/**
 * The goals' lines on the terminal, as Maven prints them: {@code [INFO]} on standard output, {@code
 * [WARNING]} and {@code [ERROR]} on standard error, debug lines only with {@code --verbose}.
 */
final class TerminalLog implements GoalLog {
  private final PrintStream out;
  private final PrintStream err;
  private final boolean verbose;

  TerminalLog(PrintStream out, PrintStream err, boolean verbose) {
    this.out = out;
    this.err = err;
    this.verbose = verbose;
  }

  @Override
  public void debug(String line) {
    if (verbose) {
      out.println(line("DEBUG", line));
    }
  }

  @Override
  public void info(String line) {
    out.println(line("INFO", line));
  }

  @Override
  public void warn(String line) {
    err.println(line("WARNING", line));
  }

  @Override
  public void error(String line) {
    err.println(line("ERROR", line));
  }

  /** A line as Maven prints it: its level in brackets (a level, not a message's tag), then it. */
  static String line(String level, String line) {
    return "[" + level + "] " + line;
  }

  @Override
  public String command(String goal) {
    return "agentkit " + goal;
  }
}
