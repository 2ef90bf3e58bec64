package dev.agentkit.maven;

import java.util.Locale;

/** When {@code agentkit:check} fails the build. */
enum FailOn {
  BREAKING,
  ANY,
  NONE;

  static FailOn parse(String value) throws ConfigException {
    String v = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
    switch (v) {
      case "breaking":
        return BREAKING;
      case "any":
        return ANY;
      case "none":
        return NONE;
      default:
        throw new ConfigException(
            "<failOn> (agentkit.failOn) is \""
                + (value == null ? "" : value.trim())
                + "\"; use one of any, breaking, none");
    }
  }
}
