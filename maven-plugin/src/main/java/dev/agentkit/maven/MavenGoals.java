package dev.agentkit.maven;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;

/** How a Mojo runs a goal's plain code: its log as a {@link GoalLog}, its outcome as Maven's. */
final class MavenGoals {
  private MavenGoals() {}

  /** Maven's log as the goals write to it. */
  static GoalLog log(Log log) {
    return new GoalLog() {
      @Override
      public void debug(String line) {
        log.debug(line);
      }

      @Override
      public void info(String line) {
        log.info(line);
      }

      @Override
      public void warn(String line) {
        log.warn(line);
      }

      @Override
      public void error(String line) {
        log.error(line);
      }
    };
  }

  /**
   * Throws the goal's outcome as Maven reports it: an error for what the goal could not do itself,
   * a build failure for everything else.
   */
  static void raise(GoalException e) throws MojoExecutionException, MojoFailureException {
    if (e.kind() == GoalException.Kind.ERROR) {
      throw new MojoExecutionException(e.getMessage(), e.getCause());
    }
    throw new MojoFailureException(e.getMessage());
  }
}
