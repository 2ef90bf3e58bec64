package dev.agentkit.examples;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Keeps the demo's transcript to the demo's own lines: the libraries it runs log their routine work
 * at INFO through java.util.logging (Flyway migrating the inbox's tables, Tomcat starting), which
 * only warnings and errors should interrupt.
 */
final class QuietLogs {
  // Held, so the levels survive garbage collection of the loggers.
  private static final List<Logger> HELD =
      List.of(Logger.getLogger("org.flywaydb"), Logger.getLogger("org.apache"));

  private QuietLogs() {}

  /** Raises the libraries' loggers to WARNING, unless the user configured logging themselves. */
  static void apply() {
    if (System.getProperty("slf4j.internal.verbosity") == null) {
      System.setProperty("slf4j.internal.verbosity", "ERROR");
    }
    if (System.getProperty("java.util.logging.config.file") == null) {
      HELD.forEach(l -> l.setLevel(Level.WARNING));
    }
  }
}
