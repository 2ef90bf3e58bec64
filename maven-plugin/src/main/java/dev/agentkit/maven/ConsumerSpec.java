package dev.agentkit.maven;

import dev.agentkit.internal.text.JsonText;
import java.util.regex.Pattern;

/**
 * A consumer as the configuration names it: Maven coordinates {@code groupId:artifactId:version},
 * whose version is one version, a range ({@code [1.4,)}: every version in it), {@code LATEST} or
 * {@code RELEASE}.
 *
 * @param text the entry as given, trimmed
 * @param groupId the group
 * @param artifactId the artifact
 * @param version the version, range or {@code LATEST}/{@code RELEASE}
 */
record ConsumerSpec(String text, String groupId, String artifactId, String version) {
  private static final Pattern ID = Pattern.compile("[A-Za-z0-9_.-]+");

  /** Whether the version is a range: every version in it is verified. */
  boolean isRange() {
    return version.startsWith("[") || version.startsWith("(");
  }

  /** Whether the version is {@code LATEST} or {@code RELEASE}, resolved from the metadata. */
  boolean isMeta() {
    return version.equals("LATEST") || version.equals("RELEASE");
  }

  /** {@code groupId:artifactId}. */
  String key() {
    return groupId + ":" + artifactId;
  }

  /**
   * Parses one entry.
   *
   * @param where how messages name it ({@code <consumers> entry 2})
   */
  static ConsumerSpec parse(String entry, String where) throws ConfigException {
    String text = entry == null ? "" : entry.trim();
    String[] parts = text.split(":", -1);
    if (parts.length != 3) {
      throw new ConfigException(
          GoalMessage.CONSUMER_COORDINATES_SHAPE.format(where, JsonText.shown(text)));
    }
    String[] names = {"groupId", "artifactId"};
    for (int i = 0; i < 2; i++) {
      if (!ID.matcher(parts[i]).matches()) {
        throw new ConfigException(
            (parts[i].isEmpty()
                    ? GoalMessage.CONSUMER_COORDINATES_ID_EMPTY
                    : GoalMessage.CONSUMER_COORDINATES_ID)
                .format(where, JsonText.shown(text), names[i], JsonText.shown(parts[i])));
      }
    }
    String version = parts[2].trim();
    if (version.isEmpty() || version.chars().anyMatch(c -> c <= ' ' || c == '/' || c == '\\')) {
      throw new ConfigException(
          GoalMessage.CONSUMER_COORDINATES_VERSION.format(
              where,
              JsonText.shown(text),
              version.isEmpty() ? "is empty" : JsonText.shown(version) + " is not one"));
    }
    return new ConsumerSpec(text, parts[0], parts[1], version);
  }
}
