package dev.agentkit.testing;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * The base directory of the module whose test calls it, so tests find their files (docs, golden
 * files, snapshots) wherever they are started. Maven's Surefire passes it as the system property
 * {@code basedir} (configured in the parent POM); where nothing does (an IDE), it is the nearest
 * directory holding a {@code pom.xml} above the calling class's own class folder ({@code
 * <module>/target/test-classes}).
 *
 * <pre>{@code Path readme = BaseDir.resolve("..", "README.md");}</pre>
 */
public final class BaseDir {
  private static final StackWalker CALLER =
      StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

  private BaseDir() {}

  /** {@code first} and {@code more}, a path relative to the calling module's base directory. */
  public static Path resolve(String first, String... more) {
    return of(CALLER.getCallerClass()).resolve(Path.of(first, more)).normalize();
  }

  /** The base directory of the module {@code testClass} was compiled in. */
  public static Path of(Class<?> testClass) {
    String basedir = System.getProperty("basedir");
    if (basedir != null && !basedir.isBlank()) {
      return Path.of(basedir).toAbsolutePath().normalize();
    }
    Path classes = classFolder(testClass);
    for (Path dir = classes; dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("pom.xml"))) {
        return dir;
      }
    }
    throw new IllegalStateException(
        "cannot find the module of "
            + testClass.getName()
            + ": no pom.xml above "
            + classes
            + "; run the tests with -Dbasedir=<the module's directory>");
  }

  private static Path classFolder(Class<?> type) {
    CodeSource source = type.getProtectionDomain().getCodeSource();
    if (source == null) {
      throw new IllegalStateException(
          type.getName()
              + " has no class folder; run the tests with -Dbasedir=<the module's directory>");
    }
    try {
      return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize();
    } catch (URISyntaxException e) {
      throw new IllegalStateException("the class folder of " + type.getName() + " is no path", e);
    }
  }
}
