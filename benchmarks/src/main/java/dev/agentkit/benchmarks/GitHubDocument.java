package dev.agentkit.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * GitHub's REST API description as npm publishes it ({@code @octokit/openapi} {@value #VERSION},
 * {@code generated/api.github.com.json}: 13 MB, 1,223 operations), installed by the benchmark into
 * {@code benchmarks/target/octokit} with {@code npm install}, never committed; {@code
 * -Dgithub.openapi=<file>} names another copy instead. Also the same document changed the way a
 * release changes it: one operation's summary reworded.
 */
final class GitHubDocument {
  /** The package version the benchmark and openapi's tests read. */
  static final String VERSION = "23.0.2";

  /** The summary of {@code issues/update} as published, and as the changed document words it. */
  static final String SUMMARY = "\"summary\": \"Update an issue\"";

  static final String CHANGED_SUMMARY = "\"summary\": \"Update an issue (reworded)\"";

  private GitHubDocument() {}

  /**
   * The document's file: the one {@code -Dgithub.openapi} names, else the package installed under
   * {@code dir}, installed first when it is not there.
   *
   * @throws IOException when npm is missing or fails, with what to do
   */
  static Path file(Path dir) throws IOException, InterruptedException {
    String named = System.getProperty("github.openapi");
    if (named != null) {
      return Path.of(named);
    }
    Path file = dir.resolve("node_modules/@octokit/openapi/generated/api.github.com.json");
    if (Files.isRegularFile(file)) {
      return file;
    }
    Files.createDirectories(dir);
    List<String> command =
        List.of(
            "npm",
            "install",
            "--no-audit",
            "--no-fund",
            "--prefix",
            dir.toString(),
            "@octokit/openapi@" + VERSION);
    Process npm;
    try {
      npm = new ProcessBuilder(command).inheritIO().start();
    } catch (IOException e) {
      throw new IOException(
          "the GitHub rows need GitHub's REST API description from npm, and npm could not be"
              + " started ("
              + e.getMessage()
              + "); install Node.js, or pass -Dgithub.openapi=<api.github.com.json>",
          e);
    }
    if (!npm.waitFor(10, TimeUnit.MINUTES) || npm.exitValue() != 0 || !Files.isRegularFile(file)) {
      throw new IOException(
          "npm install @octokit/openapi@"
              + VERSION
              + " into "
              + dir
              + " did not give "
              + file
              + "; run it by hand to see why, or pass -Dgithub.openapi=<api.github.com.json>");
    }
    return file;
  }

  /** The document with {@code issues/update}'s summary reworded: another document, another op. */
  static byte[] changed(byte[] document) {
    String text = new String(document, StandardCharsets.UTF_8);
    if (!text.contains(SUMMARY)) {
      throw new IllegalStateException(
          "GitHub's document no longer has " + SUMMARY + "; pick another operation to reword");
    }
    return text.replace(SUMMARY, CHANGED_SUMMARY).getBytes(StandardCharsets.UTF_8);
  }
}
