package dev.agentkit.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The examples module's base directory, so tests find their files (the README, golden files,
 * snapshots) wherever they are started: Maven's Surefire passes it as the system property {@code
 * basedir} (configured in the parent POM); an IDE that does not is covered by walking up from the
 * working directory to the directory whose {@code pom.xml} is this module's.
 */
final class BaseDir {
  private static final String ARTIFACT_ID = "agentkit-examples";
  private static final String FOLDER = "examples";
  private static final Path DIR = find();

  private BaseDir() {}

  /** {@code first} and {@code more}, a path relative to the module's base directory. */
  static Path resolve(String first, String... more) {
    return DIR.resolve(Path.of(first, more)).normalize();
  }

  private static Path find() {
    String basedir = System.getProperty("basedir");
    if (basedir != null && !basedir.isBlank()) {
      return Path.of(basedir).toAbsolutePath().normalize();
    }
    Path start = Path.of("").toAbsolutePath();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      for (Path candidate : List.of(dir, dir.resolve(FOLDER))) {
        if (isThisModule(candidate)) {
          return candidate.normalize();
        }
      }
    }
    throw new IllegalStateException(
        "cannot find the "
            + FOLDER
            + " module above "
            + start
            + "; run the tests with -Dbasedir=<the module's directory>");
  }

  /** Whether {@code dir} holds a pom.xml whose own artifactId (not its parent's) is ours. */
  private static boolean isThisModule(Path dir) {
    Path pom = dir.resolve("pom.xml");
    if (!Files.isRegularFile(pom)) {
      return false;
    }
    String text;
    try {
      text = Files.readString(pom, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int afterParent = text.indexOf("</parent>");
    String tag = "<artifactId>";
    int at = text.indexOf(tag, Math.max(afterParent, 0));
    return at >= 0 && text.startsWith(ARTIFACT_ID + "</artifactId>", at + tag.length());
  }
}
