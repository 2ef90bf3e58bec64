package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.Fixtures;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.testing.DocumentServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A cache over an HTTP source against a real loopback backend that counts what it sends: an
 * unchanged contract is revalidated with {@code If-None-Match} and costs a {@code 304} and no body,
 * the backend's {@code Cache-Control: max-age} sets how long an answer is served (within the max
 * staleness), and staleness is counted from the last answer, full or not.
 */
class ConditionalRefreshTest {
  private static final Duration TTL = Duration.ofMinutes(5);
  private static final Duration MAX_STALENESS = Duration.ofMinutes(30);
  private static final Contract V1 = Fixtures.taskboard();
  private static final Contract V2 = Contract.of("taskboard", List.of(Fixtures.archiveProject()));

  private final DocumentServer backend = DocumentServer.start();
  private final AtomicLong clock = new AtomicLong();

  @AfterEach
  void stop() {
    backend.close();
  }

  @Test
  void anUnchangedContractIsRevalidatedWithItsTagAndCostsNoBody() throws Exception {
    serve(V1);
    CachedContract cache = cache(http());
    Contract first = cache.fetch();
    long firstBytes = backend.bodyBytes();

    for (int i = 0; i < 10; i++) {
      advance(TTL);
      assertThat(cache.fetch()).isSameAs(first);
    }

    assertThat(backend.fullAnswers()).isEqualTo(1);
    assertThat(backend.notModifiedAnswers()).isEqualTo(10);
    assertThat(backend.bodyBytes()).isEqualTo(firstBytes);
    assertThat(backend.lastRequestHeader("If-None-Match")).isEqualTo(tagOf(V1));
  }

  @Test
  void aChangedContractIsFetchedInFullAndItsNewTagSentNext() throws Exception {
    serve(V1);
    CachedContract cache = cache(http());
    cache.fetch();
    serve(V2);
    advance(TTL);

    assertThat(cache.fetch().digest()).isEqualTo(V2.digest());
    advance(TTL);
    cache.fetch();

    assertThat(backend.fullAnswers()).isEqualTo(2);
    assertThat(backend.notModifiedAnswers()).isEqualTo(1);
    assertThat(backend.lastRequestHeader("If-None-Match")).isEqualTo(tagOf(V2));
  }

  @Test
  void aBackendWithoutTagsIsAskedInFullEveryTime() throws Exception {
    backend.serve(
        "/contract",
        ContractSnapshot.write(V1).getBytes(StandardCharsets.UTF_8),
        "application/json",
        null);
    CachedContract cache = cache(http());
    cache.fetch();
    advance(TTL);
    cache.fetch();

    assertThat(backend.fullAnswers()).isEqualTo(2);
    assertThat(backend.lastRequestHeader("If-None-Match")).isNull();
  }

  @Test
  void aBackendThatIgnoresTheTagStillServesTheContract() throws Exception {
    serve(V1);
    backend.ignoreConditionalRequests();
    CachedContract cache = cache(http());
    cache.fetch();
    advance(TTL);

    assertThat(cache.fetch().digest()).isEqualTo(V1.digest());
    assertThat(backend.fullAnswers()).isEqualTo(2);
    assertThat(backend.lastRequestHeader("If-None-Match")).isEqualTo(tagOf(V1));
  }

  @Test
  void aNotModifiedAnswerMakesTheContractFreshAgainSoStalenessCountsFromIt() throws Exception {
    serve(V1);
    CachedContract cache = cache(http());
    cache.fetch();
    advance(Duration.ofMinutes(25));
    cache.fetch(); // 304 at 25 minutes
    backend.close(); // the backend goes away

    // 25 + 25 = 50 minutes after the first fetch, but 25 after the 304: still served.
    advance(Duration.ofMinutes(25));
    assertThat(cache.fetch().digest()).isEqualTo(V1.digest());
    assertThat(cache.freshness().orElseThrow().age()).isEqualTo(Duration.ofMinutes(25));
    // Past the max staleness counted from the 304, it fails closed.
    advance(Duration.ofMinutes(6));
    assertThatThrownBy(cache::fetch)
        .isInstanceOf(ContractSourceException.class)
        .hasMessageContaining("is too stale to serve (max staleness 30m)");
  }

  @Test
  void theBackendsMaxAgeReplacesTheTtl() throws Exception {
    assertAskedAgainAfter("public, max-age=60", Duration.ofSeconds(60));
  }

  @Test
  void aMaxAgePastTheMaxStalenessIsCutToIt() throws Exception {
    assertAskedAgainAfter("max-age=86400", MAX_STALENESS);
  }

  @Test
  void noCacheRevalidatesAfterASecondNotOnEveryCall() throws Exception {
    assertAskedAgainAfter("no-cache", Duration.ofSeconds(1));
    assertThat(backend.notModifiedAnswers()).isEqualTo(1);
  }

  /** With this Cache-Control, the backend is asked again exactly {@code after} the fetch. */
  private void assertAskedAgainAfter(String cacheControl, Duration after) throws Exception {
    serve(V1);
    backend.cacheControl(cacheControl);
    CachedContract cache = cache(http());
    cache.fetch();
    cache.fetch();

    advance(after.minusMillis(1));
    cache.fetch();
    assertThat(backend.requests()).isEqualTo(1);
    advance(Duration.ofMillis(1));
    cache.fetch();
    assertThat(backend.requests()).isEqualTo(2);
  }

  @Test
  void aTieredSourceRevalidatesTooAndKeepsItsTiers() throws Exception {
    serve(V1);
    CachedContract cache =
        cache(http().withTiers(List.of(TierOverride.forOpcode("set_status", Tier.IRREVERSIBLE))));
    Contract first = cache.fetch();
    advance(TTL);

    assertThat(cache.fetch()).isSameAs(first);
    assertThat(first.op("set_status").orElseThrow().tier()).isEqualTo(Tier.IRREVERSIBLE);
    assertThat(backend.notModifiedAnswers()).isEqualTo(1);
  }

  @Test
  void aSourceAnsweringUnchangedWithNothingHeldIsAnError() {
    ContractSource confused =
        new ContractSource() {
          @Override
          public Contract fetch() {
            throw new AssertionError("not called");
          }

          @Override
          public ContractFetch fetchUnlessUnchanged(HeldContract held) {
            return ContractFetch.unchanged(Optional.empty(), Optional.empty());
          }

          @Override
          public String describe() {
            return "a confused backend";
          }
        };

    assertThatThrownBy(() -> cache(confused).fetch())
        .isInstanceOf(ContractSourceException.class)
        .hasMessage(
            "a confused backend answered that the contract is unchanged, but none was fetched"
                + " before; a source answers unchanged only to a fetch that sent the tag of a"
                + " contract it served");
  }

  @Test
  void theHttpSourceSendsTheTagAndReadsWhatTheBackendSaid() throws Exception {
    serve(V1);
    backend.cacheControl("max-age=120");
    HttpContractSource source = http();

    ContractFetch full = source.fetchUnlessUnchanged(HeldContract.none());
    ContractFetch again =
        source.fetchUnlessUnchanged(
            HeldContract.of(full.contract().orElseThrow(), full.entityTag()));

    assertThat(full.contract().orElseThrow().digest()).isEqualTo(V1.digest());
    assertThat(full.entityTag()).contains(EntityTag.ofDigest(V1.digest()));
    assertThat(full.maxAge()).contains(Duration.ofMinutes(2));
    assertThat(again.unchanged()).isTrue();
    assertThat(again.contract()).isEmpty();
    assertThat(again.maxAge()).contains(Duration.ofMinutes(2));
    assertThat(again).hasToString("ContractFetch[unchanged, with an entity tag, max age PT2M]");
  }

  private void serve(Contract c) {
    backend.serve(
        "/contract",
        ContractSnapshot.write(c).getBytes(StandardCharsets.UTF_8),
        "application/json",
        tagOf(c));
  }

  private static String tagOf(Contract c) {
    return EntityTag.ofDigest(c.digest()).header();
  }

  private HttpContractSource http() {
    return HttpContractSource.builder(backend.uri("/contract")).contractName("taskboard").build();
  }

  private CachedContract cache(ContractSource source) {
    return CachedContract.builder(source)
        .ttl(TTL)
        .maxStaleness(MAX_STALENESS)
        .jitter(0)
        .nanoTime(clock::get)
        .build();
  }

  private void advance(Duration d) {
    clock.addAndGet(d.toNanos());
  }
}
