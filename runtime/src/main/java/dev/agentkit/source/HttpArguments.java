package dev.agentkit.source;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The argument rules of the HTTP-based sources' builders: headers the HTTP client can send (a value
 * never appears in a message), URLs it can and may be given, positive timeouts and size caps.
 *
 * <p>Public for the sources and runners in other modules (OpenAPI, MCP), which take the same
 * arguments as {@link HttpContractSource}; not otherwise part of the API.
 */
public final class HttpArguments {
  private HttpArguments() {}

  /**
   * Checks the header and sets it in {@code headers}, replacing one of the same name in any case.
   *
   * @throws IllegalArgumentException naming the header (never its value) when it cannot be sent
   */
  public static void putHeader(Map<String, String> headers, String name, String value) {
    checkHeader(name, value);
    headers.keySet().removeIf(existing -> existing.equalsIgnoreCase(name));
    headers.put(name, value);
  }

  /**
   * Checks that the HTTP client can send the header.
   *
   * @throws IllegalArgumentException naming the header (never its value) when it cannot be sent
   */
  public static void checkHeader(String name, String value) {
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
  public static boolean sendable(String value) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      boolean allowed = c == '\t' || (c >= 0x20 && c < 0x7f) || (c >= 0x80 && c <= 0xff);
      if (!allowed) {
        return false;
      }
    }
    return true;
  }

  /**
   * Rejects a URL the HTTP client cannot or must not be given: not absolute http(s), no host, or
   * credentials before the host (shown redacted).
   *
   * @param what what the URL is for, as messages name it ("MCP server", "base")
   */
  public static void checkUrl(URI url, String what) {
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

  /** A timeout: positive. */
  public static Duration positive(Duration d, String what) {
    Objects.requireNonNull(d, what);
    if (d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException("the " + what + " must be positive");
    }
    return d;
  }

  /** A size cap in bytes: positive, and small enough to read into one array. */
  public static int byteCap(int bytes, String what) {
    if (bytes <= 0 || bytes > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException(what + " must be positive, but it is " + bytes);
    }
    return bytes;
  }
}
