package dev.agentkit.maven;

/**
 * Where a goal's lines go: Maven's log when a Mojo runs it, the terminal when the {@code agentkit}
 * command line does; and how its user types another goal, for the sentences that say which to run.
 * Each line is already one line ({@code LineText}): nothing a backend or a manifest served can
 * start a line of its own.
 *
 * <p>Public for the command line (agentkit-cli), which runs the same goals; not API.
 */
public interface GoalLog {
  /** Detail shown only when asked for ({@code mvn -X}, {@code agentkit --verbose}). */
  void debug(String line);

  /** What the goal did. */
  void info(String line);

  /** What the user should know, though the goal goes on. */
  void warn(String line);

  /** Why the goal fails. */
  void error(String line);

  /** How the user runs a goal here: {@code mvn agentkit:snapshot}, or {@code agentkit snapshot}. */
  default String command(String goal) {
    return "mvn agentkit:" + goal;
  }
}
