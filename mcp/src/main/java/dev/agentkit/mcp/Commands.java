package dev.agentkit.mcp;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Checks that a stdio server's command can be started before starting it: the SDK's transport
 * reports a command that cannot start only as an initialize that never answers.
 */
final class Commands {
  private Commands() {}

  /**
   * Why the command cannot start, or null when it can (or when the platform resolves commands in
   * ways this does not follow, as Windows does).
   *
   * @param env the child's extra environment, whose {@code PATH} wins over this process's
   */
  static String problem(String command, Map<String, String> env) {
    if (File.separatorChar != '/') {
      return null;
    }
    if (command.indexOf('/') >= 0) {
      return executable(command) ? null : why(command);
    }
    String path = env.getOrDefault("PATH", System.getenv("PATH"));
    for (String dir : (path == null ? "" : path).split(File.pathSeparator)) {
      if (!dir.isEmpty() && executable(dir + "/" + command)) {
        return null;
      }
    }
    return "\"" + command + "\" is in no directory of PATH";
  }

  private static boolean executable(String file) {
    try {
      Path p = Path.of(file);
      return Files.isRegularFile(p) && Files.isExecutable(p);
    } catch (InvalidPathException e) {
      return false;
    }
  }

  private static String why(String file) {
    try {
      Path p = Path.of(file);
      if (!Files.exists(p)) {
        return "there is no file " + file;
      }
      return Files.isDirectory(p) ? file + " is a directory" : file + " is not executable";
    } catch (InvalidPathException e) {
      return "\"" + file + "\" is no path";
    }
  }
}
