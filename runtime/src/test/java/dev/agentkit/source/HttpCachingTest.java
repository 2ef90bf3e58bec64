package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** How a response's Cache-Control is read, as a table: header lines in, freshness out. */
class HttpCachingTest {
  private static final Map<List<String>, Optional<Duration>> TABLE =
      Map.ofEntries(
          Map.entry(List.of("max-age=60"), Optional.of(Duration.ofSeconds(60))),
          Map.entry(List.of("public, max-age=60"), Optional.of(Duration.ofSeconds(60))),
          Map.entry(List.of("MAX-AGE = 60 , must-revalidate"), Optional.of(Duration.ofSeconds(60))),
          Map.entry(List.of("max-age=\"60\""), Optional.of(Duration.ofSeconds(60))),
          Map.entry(List.of("max-age=0"), Optional.of(Duration.ZERO)),
          Map.entry(List.of("no-cache"), Optional.of(Duration.ZERO)),
          Map.entry(List.of("no-store, max-age=60"), Optional.of(Duration.ZERO)),
          Map.entry(List.of("max-age=60", "max-age=30"), Optional.of(Duration.ofSeconds(30))),
          Map.entry(
              List.of("max-age=99999999999999999"),
              Optional.of(Duration.ofSeconds(Integer.MAX_VALUE))),
          Map.entry(List.of("s-maxage=60"), Optional.empty()),
          Map.entry(List.of("max-age=abc"), Optional.empty()),
          Map.entry(List.of("max-age=-5"), Optional.empty()),
          Map.entry(List.of("max-age="), Optional.empty()),
          Map.entry(List.of("max-age=\u0663"), Optional.empty()),
          Map.entry(List.of("max-ageing=5"), Optional.empty()),
          Map.entry(
              List.of("max-age=99999999999999999999999"),
              Optional.of(Duration.ofSeconds(Integer.MAX_VALUE))),
          Map.entry(
              List.of("max-age=9999999999999999999"),
              Optional.of(Duration.ofSeconds(Integer.MAX_VALUE))),
          Map.entry(List.of("public"), Optional.empty()),
          Map.entry(List.of(), Optional.empty()));

  @Test
  void readsTheFreshnessCacheControlGives() {
    TABLE.forEach(
        (lines, expected) ->
            assertThat(HttpCaching.maxAge(headers("Cache-Control", lines)))
                .as(lines.toString())
                .isEqualTo(expected));
  }

  /** Max age and Age in, freshness left out: a response a CDN held for a while has less left. */
  private static final Map<List<String>, Optional<Duration>> AGED =
      Map.of(
          List.of("max-age=300", "100"), Optional.of(Duration.ofSeconds(200)),
          List.of("max-age=300", "400"), Optional.of(Duration.ZERO),
          List.of("max-age=300", ""), Optional.of(Duration.ofSeconds(300)),
          List.of("max-age=300", "-5"), Optional.of(Duration.ofSeconds(300)),
          List.of("max-age=300", "99999999999999999999"), Optional.of(Duration.ZERO),
          List.of("no-cache", "100"), Optional.of(Duration.ZERO),
          List.of("public", "100"), Optional.empty());

  @Test
  void theAgeOfAResponseIsTakenFromItsMaxAge() {
    AGED.forEach(
        (given, expected) -> {
          Map<String, List<String>> map = new java.util.HashMap<>();
          map.put("Cache-Control", List.of(given.get(0)));
          if (!given.get(1).isEmpty()) {
            map.put("Age", List.of(given.get(1)));
          }
          assertThat(HttpCaching.freshness(HttpHeaders.of(map, (n, v) -> true)))
              .as(given.toString())
              .isEqualTo(expected);
        });
  }

  @Test
  void readsAWellFormedTagAndIgnoresAMalformedOne() {
    assertThat(HttpCaching.entityTag(headers("ETag", List.of("\"v1\"")))).isPresent();
    assertThat(HttpCaching.entityTag(headers("ETag", List.of("\"v1")))).isEmpty();
    assertThat(HttpCaching.entityTag(headers("ETag", List.of()))).isEmpty();
  }

  private static HttpHeaders headers(String name, List<String> values) {
    return HttpHeaders.of(values.isEmpty() ? Map.of() : Map.of(name, values), (n, v) -> true);
  }
}
