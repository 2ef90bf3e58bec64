package dev.agentkit.openapi;

import java.net.http.HttpRequest;
import java.util.Objects;

/** The header rules of {@code HttpContractSource}: what the HTTP client can send. */
final class Headers {
  private Headers() {}

  /**
   * @throws IllegalArgumentException naming the header (never its value) when it cannot be sent
   */
  static void check(String name, String value) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    try {
      // A placeholder value, so the client's message can only ever be about the name.
      HttpRequest.newBuilder().header(name, "x");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "the HTTP client cannot send a header named \"" + name + "\": " + e.getMessage());
    }
    if (!sendable(value)) {
      throw new IllegalArgumentException(
          "the value of header \""
              + name
              + "\" contains a line break, a control character or a character outside"
              + " Latin-1, which HTTP does not allow (the value is not shown)");
    }
  }

  /** Whether HTTP can carry the value: tab, printable ASCII and Latin-1 only. */
  static boolean sendable(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      boolean allowed = c == '\t' || (c >= 0x20 && c < 0x7f) || (c >= 0x80 && c <= 0xff);
      if (!allowed) {
        return false;
      }
    }
    return true;
  }
}
