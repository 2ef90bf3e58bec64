package dev.agentkit.mcp;

import dev.agentkit.source.Redactor;
import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The argument rules of this module's builders, as {@code HttpContractSource} has them: headers and
 * URLs the HTTP client can send, environment variable names, positive timeouts. No value of a
 * header or variable ever appears in a message.
 */
final class Arguments {
  private Arguments() {}

  /** Checks the header and sets it, replacing one of the same name in any case. */
  static void putHeader(Map<String, String> headers, String name, String value) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    try {
      // A placeholder value, so the client's message can only ever be about the name.
      HttpRequest.newBuilder().header(name, "x");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "the HTTP client cannot send a header named \"" + name + "\": " + e.getMessage());
    }
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (!(c == '\t' || (c >= 0x20 && c < 0x7f) || (c >= 0x80 && c <= 0xff))) {
        throw new IllegalArgumentException(
            "the value of header \""
                + name
                + "\" contains a line break, a control character or a character outside"
                + " Latin-1, which HTTP does not allow (the value is not shown)");
      }
    }
    headers.keySet().removeIf(existing -> existing.equalsIgnoreCase(name));
    headers.put(name, value);
  }

  /** An environment variable name: not blank, no {@code =} and no NUL, which no OS allows. */
  static void checkName(String name, String what) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank() || name.indexOf('=') >= 0 || name.indexOf('\0') >= 0) {
      throw new IllegalArgumentException(
          "\"" + name + "\" cannot name an " + what + ": it is blank or holds '=' or NUL");
    }
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
