package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.agentkit.Fixtures;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Whatever a loopback backend does from one fetch to the next (serve one contract or another, with
 * a tag or without, honour {@code If-None-Match} or not, send any {@code Cache-Control}, fail), and
 * however the clock moves, a {@link CachedContract} serves only the contract the backend last
 * confirmed (in full or by a {@code 304}), never once that confirmation is older than the max
 * staleness, and a {@code 304} never carries the body again.
 */
class StalenessPropertyTest {
  private static final Contract V1 = Fixtures.taskboard();
  private static final Contract V2 = Contract.of("taskboard", List.of(Fixtures.archiveProject()));

  /** What the backend does for the requests of one step. */
  record Backend(
      int contract, boolean tagged, boolean honours, String cacheControl, boolean down) {}

  /** One step: the backend's behaviour from now on, then the clock moved, then a fetch. */
  record Step(Backend backend, long advanceMillis) {}

  private static HttpServer server;
  private static volatile Backend now;
  private static final AtomicLong full = new AtomicLong();
  private static final AtomicLong notModified = new AtomicLong();
  private static final AtomicLong bodyBytes = new AtomicLong();

  @BeforeContainer
  static void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/contract", StalenessPropertyTest::answer);
    server.start();
  }

  @AfterContainer
  static void stop() {
    server.stop(0);
  }

  private static void answer(com.sun.net.httpserver.HttpExchange ex) throws IOException {
    try (ex) {
      Backend b = now;
      if (b.down()) {
        ex.sendResponseHeaders(503, -1);
        return;
      }
      Contract c = b.contract() == 1 ? V1 : V2;
      EntityTag tag = EntityTag.ofDigest(c.digest());
      if (!b.cacheControl().isEmpty()) {
        ex.getResponseHeaders().set("Cache-Control", b.cacheControl());
      }
      if (b.tagged()) {
        ex.getResponseHeaders().set("ETag", tag.header());
        if (b.honours() && tag.matchedBy(ex.getRequestHeaders().getFirst("If-None-Match"))) {
          notModified.incrementAndGet();
          ex.sendResponseHeaders(304, -1);
          return;
        }
      }
      byte[] body = ContractSnapshot.write(c).getBytes(StandardCharsets.UTF_8);
      // Counted before the answer goes out: the cache may read it, and the property the counts,
      // before this thread runs again.
      full.incrementAndGet();
      bodyBytes.addAndGet(body.length);
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream out = ex.getResponseBody()) {
        out.write(body);
      }
    }
  }

  @Property(tries = 60)
  void theCacheServesOnlyWhatTheBackendConfirmedWithinTheMaxStaleness(
      @ForAll @IntRange(min = 1, max = 600) int ttlSeconds,
      @ForAll @IntRange(min = 0, max = 1200) int extraSeconds,
      @ForAll @DoubleRange(min = 0, max = 0.5) double jitter,
      @ForAll("steps") List<Step> steps)
      throws Exception {
    Duration ttl = Duration.ofSeconds(ttlSeconds);
    Duration maxStaleness = ttl.plusSeconds(extraSeconds);
    AtomicLong clock = new AtomicLong();
    CachedContract cache =
        CachedContract.builder(
                HttpContractSource.builder(
                        URI.create(
                            "http://127.0.0.1:" + server.getAddress().getPort() + "/contract"))
                    .contractName("taskboard")
                    .build())
            .ttl(ttl)
            .maxStaleness(maxStaleness)
            .jitter(jitter)
            .nanoTime(clock::get)
            .random(new java.util.Random(ttlSeconds * 31L + extraSeconds)::nextDouble)
            .build();
    Contract confirmed = null;
    long confirmedAt = 0;
    for (Step step : steps) {
      now = step.backend();
      clock.addAndGet(Duration.ofMillis(step.advanceMillis()).toNanos());
      long fullBefore = full.get();
      long notModifiedBefore = notModified.get();
      long bytesBefore = bodyBytes.get();
      Contract served = null;
      try {
        served = cache.fetch();
      } catch (ContractSourceException e) {
        // Allowed only when nothing was confirmed, or the last confirmation is too old.
      }
      long sentFull = full.get() - fullBefore;
      long sent304 = notModified.get() - notModifiedBefore;
      assertThat(sentFull + sent304).as("one request per refresh at most").isLessThanOrEqualTo(1);
      if (sent304 == 1) {
        assertThat(bodyBytes.get()).as("a 304 sends no body").isEqualTo(bytesBefore);
      }
      if (sentFull == 1) {
        confirmed = step.backend().contract() == 1 ? V1 : V2;
        confirmedAt = clock.get();
      } else if (sent304 == 1) {
        confirmedAt = clock.get();
      }
      long age = clock.get() - confirmedAt;
      if (served == null) {
        assertThat(confirmed == null || age >= maxStaleness.toNanos())
            .as(
                "failed closed although the backend confirmed %s %d ms ago",
                confirmed, age / 1_000_000)
            .isTrue();
      } else {
        assertThat(served).isEqualTo(confirmed);
        assertThat(age).as("served past the max staleness").isLessThan(maxStaleness.toNanos());
      }
    }
  }

  @Provide
  Arbitrary<List<Step>> steps() {
    Arbitrary<Backend> backend =
        Combinators.combine(
                Arbitraries.integers().between(1, 2),
                Arbitraries.of(true, true, false),
                Arbitraries.of(true, true, false),
                Arbitraries.of(
                    "",
                    "max-age=0",
                    "no-cache",
                    "max-age=30",
                    "max-age=900",
                    "max-age=99999999999"),
                Arbitraries.of(false, false, false, true))
            .as(Backend::new);
    Arbitrary<Long> advance =
        Arbitraries.oneOf(
            Arbitraries.longs().between(0, 2_000),
            Arbitraries.longs().between(0, 1_800_000),
            Arbitraries.longs().between(0, 3_600_000));
    return Combinators.combine(backend, advance).as(Step::new).list().ofMinSize(1).ofMaxSize(25);
  }
}
