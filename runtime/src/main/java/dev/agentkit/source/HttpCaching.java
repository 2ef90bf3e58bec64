package dev.agentkit.source;

import dev.agentkit.contract.Contract;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * What an HTTP response says about caching the contract it carries: its {@code ETag} and its {@code
 * Cache-Control} freshness.
 */
final class HttpCaching {
  /** A max age past this (about 68 years) is read as this; no cache keeps anything that long. */
  private static final long MAX_SECONDS = Integer.MAX_VALUE;

  private HttpCaching() {}

  /** The request, with {@code If-None-Match} when a tag is held. */
  static HttpRequest conditional(HttpRequest request, Optional<EntityTag> last) {
    if (last.isEmpty()) {
      return request;
    }
    return HttpRequest.newBuilder(request, (name, value) -> true)
        .setHeader("If-None-Match", last.get().header())
        .build();
  }

  /** The contract, with the tag and freshness the response headers give. */
  static ContractFetch fetched(Contract contract, HttpHeaders headers) {
    return ContractFetch.of(contract, entityTag(headers), freshness(headers));
  }

  /** A {@code 304}: unchanged, with the tag and freshness its headers give. */
  static ContractFetch unchanged(HttpHeaders headers) {
    return ContractFetch.unchanged(entityTag(headers), freshness(headers));
  }

  /**
   * How much longer the response may be served: its {@link #maxAge} less its {@code Age} (RFC 9111
   * §4.2.3: a response a shared cache, such as a CDN, already held for a while has that much less
   * left), never below zero; empty when it gives no max age.
   */
  static Optional<Duration> freshness(HttpHeaders headers) {
    Optional<Duration> maxAge = maxAge(headers);
    if (maxAge.isEmpty() || maxAge.get().isZero()) {
      return maxAge;
    }
    Duration left = maxAge.get().minus(age(headers));
    return Optional.of(left.isNegative() ? Duration.ZERO : left);
  }

  /** The response's {@code Age}, in seconds; zero when absent or malformed. */
  static Duration age(HttpHeaders headers) {
    String value = headers.firstValue("Age").orElse("").strip();
    if (value.isEmpty() || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return Duration.ZERO;
    }
    long seconds = value.length() > 10 ? MAX_SECONDS : Long.parseLong(value);
    return Duration.ofSeconds(Math.min(seconds, MAX_SECONDS));
  }

  /** The response's entity tag, when it sent one that is well formed. */
  static Optional<EntityTag> entityTag(HttpHeaders headers) {
    return headers.firstValue("ETag").flatMap(EntityTag::parse);
  }

  /**
   * How long the response may be served without asking again: {@code max-age} from {@code
   * Cache-Control} ({@code s-maxage} is for shared caches, which a contract cache is not); zero for
   * {@code no-cache} or {@code no-store}; empty when the header says neither or is malformed. The
   * directives of every {@code Cache-Control} line count; the shortest wins.
   */
  static Optional<Duration> maxAge(HttpHeaders headers) {
    Duration shortest = null;
    for (String line : headers.allValues("Cache-Control")) {
      for (String directive : line.split(",", -1)) {
        Duration d = directive(directive.strip().toLowerCase(Locale.ROOT));
        if (d != null && (shortest == null || d.compareTo(shortest) < 0)) {
          shortest = d;
        }
      }
    }
    return Optional.ofNullable(shortest);
  }

  /** The freshness one directive gives, or null when it gives none. */
  private static Duration directive(String d) {
    if (d.equals("no-cache") || d.equals("no-store")) {
      return Duration.ZERO;
    }
    if (!d.startsWith("max-age")) {
      return null;
    }
    String rest = d.substring("max-age".length()).strip();
    if (!rest.startsWith("=")) {
      return null;
    }
    String value = rest.substring(1).strip();
    if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
      value = value.substring(1, value.length() - 1);
    }
    if (value.isEmpty() || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
      return null;
    }
    // RFC 9111 §1.2.2: a delta-seconds too large to hold is read as the largest one kept. Ten
    // digits always fit a long, so a longer value (even "9999999999999999999") never reaches it.
    long seconds = value.length() > 10 ? MAX_SECONDS : Long.parseLong(value);
    return Duration.ofSeconds(Math.min(seconds, MAX_SECONDS));
  }
}
