package dev.agentkit.mcp;

import java.util.Objects;

/**
 * The one argument rule of this module's builders that the HTTP sources do not have (the rest are
 * {@code dev.agentkit.source.HttpArguments}): an environment variable's name.
 */
final class Arguments {
  private Arguments() {}

  /** An environment variable name: not blank, no {@code =} and no NUL, which no OS allows. */
  static void checkName(String name, String what) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank() || name.indexOf('=') >= 0 || name.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(
          "\"" + name + "\" cannot name an " + what + ": it is blank or holds '=' or NUL");
    }
  }
}
