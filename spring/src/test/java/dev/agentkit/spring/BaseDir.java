package dev.agentkit.spring;

import java.nio.file.Path;

/** The module's directory, as Surefire passes it, so tests find the docs and the snapshots. */
final class BaseDir {
  private BaseDir() {}

  static Path resolve(String... more) {
    return Path.of(System.getProperty("basedir", "."), more).normalize();
  }
}
