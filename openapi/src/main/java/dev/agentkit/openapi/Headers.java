package dev.agentkit.openapi;

import dev.agentkit.source.Redactor;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The argument rules both builders of this module share, as {@code HttpContractSource} has them:
 * what the HTTP client can send (headers, URLs), and positive timeouts and size caps.
 */
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

  /** Checks the header and sets it, replacing one of the same name in any case. */
  static void put(Map<String, String> headers, String name, String value) {
    check(name, value);
    headers.keySet().removeIf(existing -> existing.equalsIgnoreCase(name));
    headers.put(name, value);
  }

  /** A size cap in bytes: positive, and small enough to read into one array. */
  static int byteCap(int bytes, String what) {
    if (bytes <= 0 || bytes > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(what + " must be positive, but it is " + bytes);
    }
    return bytes;
  }

  /** Rejects what the HTTP client cannot or must not be given. */
  static void checkUrl(URI url, String what) {
    String shown = Redactor.url(url);
    String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
    if (!url.isAbsolute() || !(scheme.equals("http") || scheme.equals("https"))) {
      throw new IllegalArgumentException(
          "the " + what + " URL \"" + shown + "\" is not an absolute http or https URL");
    }
    if (url.getHost() == null) {
      throw new IllegalArgumentException("the " + what + " URL " + shown + " names no host");
    }
    if (url.getRawUserInfo() != null) {
      throw new IllegalArgumentException(
          "the "
              + what
              + " URL "
              + shown
              + " carries credentials before its host; pass them in a header instead");
    }
  }

  static Duration positive(Duration d, String what) {
    Objects.requireNonNull(d, what);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException("the " + what + " must be positive");
    }
    return d;
  }
}
