package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.SourceDocument;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.internal.SnapshotResource;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractFetch;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.HeldContract;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * At startup the wiring holds the copy of its snapshot the processor put beside it: a source whose
 * document is the one the snapshot was taken from answers the snapshot's whole contract, which then
 * seeds a cache shared by other agents; a copy of another digest, an unreadable one or none holds
 * nothing, and the document is mapped.
 */
class CompiledSnapshotTest {
  private static final byte[] DOCUMENT = "openapi: 3.1.0 …".getBytes(StandardCharsets.UTF_8);
  private static final SourceDocument RECORD = SourceDocument.of(DOCUMENT, "test/1");
  private static final Contract SNAPSHOT = Fixtures.taskboard().withDocument(RECORD);
  private static final CompiledAgent TRIAGE =
      new CompiledAgent(
          "TriageAgent",
          Contract.of("taskboard", List.of(Fixtures.setStatus())),
          SNAPSHOT.digest(),
          true);

  @TempDir Path classes;
  private final DocumentSource source = new DocumentSource();

  @Test
  void anUnchangedDocumentBindsTheCopyAndSeedsASharedCache() throws Exception {
    copy(SNAPSHOT);
    CachedContract cache =
        CachedContract.builder(source)
            .ttl(Duration.ofMinutes(5))
            .maxStaleness(Duration.ofHours(1))
            .build();

    LiveAgent<Object> live =
        onClassPath(() -> LiveAgent.bind(TRIAGE, cache, uses(), policy(), Clock.systemUTC()));

    assertThat(source.mappings).hasValue(0);
    assertThat(live.state()).isEqualTo(LiveAgent.State.BOUND);
    // The whole contract, not only the agent's ops: another agent binding through the cache
    // finds every op.
    Contract held = cache.fetch();
    assertThat(held.opcodes()).isEqualTo(Fixtures.taskboard().opcodes());
    assertThat(held.digest()).isEqualTo(Fixtures.taskboard().digest());
    assertThat(held.source()).isEqualTo("the document source");
    assertThat(held.document()).contains(RECORD);
  }

  @Test
  void theCopysTierOverridesAreTheWiringsToApplyNotTheSources() throws Exception {
    Contract tiered =
        SNAPSHOT.withTiers(List.of(TierOverride.forOpcode("create_task", Tier.IRREVERSIBLE)));
    copy(tiered);
    CompiledAgent compiled =
        new CompiledAgent(
            "TriageAgent",
            Contract.of("taskboard", List.of(Fixtures.setStatus()))
                .withTiers(tiered.tierOverrides()),
            tiered.digest(),
            true);

    BoundAgent<Object> bound =
        onClassPath(() -> BoundAgent.bind(compiled, source, uses(), policy(), Clock.systemUTC()));

    assertThat(source.mappings).hasValue(0);
    assertThat(source.answered.digest()).isEqualTo(Fixtures.taskboard().digest());
    assertThat(bound.acts().contract().orElseThrow().digest()).isEqualTo(tiered.digest());
    assertThat(bound.report().isEmpty()).isTrue();
  }

  @Test
  void aCopyOfAnotherDigestAnUnreadableOneOrNoneHoldsNothing() throws Exception {
    copy(SNAPSHOT);
    CompiledAgent other =
        new CompiledAgent("TriageAgent", TRIAGE.contract(), "sha256:" + "0".repeat(64), true);
    Files.writeString(
        classes.resolve(SnapshotResource.path("taskboard", "sha256:" + "0".repeat(64))),
        "{ not a snapshot");

    onClassPath(
        () -> BoundAgent.bind(other, source, uses(), DriftPolicy.warnOnly(), Clock.systemUTC()));
    BoundAgent.bind(TRIAGE, source, uses(), policy(), Clock.systemUTC());

    assertThat(source.mappings).hasValue(2);
  }

  @Test
  void aWiringThatSaysNoCopyWasWrittenNeverLooksForOne() throws Exception {
    copy(SNAPSHOT);
    CompiledAgent uncopied = new CompiledAgent("TriageAgent", TRIAGE.contract(), TRIAGE.digest());

    onClassPath(() -> BoundAgent.bind(uncopied, source, uses(), policy(), Clock.systemUTC()));

    assertThat(uncopied.snapshotCopied()).isFalse();
    assertThat(source.mappings).hasValue(1);
  }

  private void copy(Contract snapshot) throws Exception {
    Path file = classes.resolve(SnapshotResource.path(snapshot.name(), snapshot.digest()));
    Files.createDirectories(file.getParent());
    Files.writeString(file, ContractSnapshot.write(snapshot));
  }

  /** Runs with the thread's context loader seeing the class output, as an application's does. */
  private <T> T onClassPath(Callable<T> call) throws Exception {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, before)) {
      thread.setContextClassLoader(loader);
      return call.call();
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  private static DriftPolicy policy() {
    return DriftPolicy.failOnBreaking();
  }

  private static List<Use<Object>> uses() {
    return List.of(
        Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
            .input("status")
            .reader((s, c) -> "todo")
            .run((s, c) -> null)
            .build());
  }

  /**
   * One document, mapped (counted) unless what is held was read from it, as a source that reads a
   * document of its own does.
   */
  private static final class DocumentSource implements ContractSource {
    final AtomicInteger mappings = new AtomicInteger();
    volatile Contract answered;

    @Override
    public Contract fetch() {
      mappings.incrementAndGet();
      return Fixtures.taskboard().withDocument(RECORD);
    }

    @Override
    public ContractFetch fetchUnlessUnchanged(HeldContract held) {
      Optional<Contract> reused = held.readFrom(RECORD).map(c -> c.withSource(describe()));
      ContractFetch answer =
          reused.isPresent()
              ? ContractFetch.reused(reused.get(), Optional.empty(), Optional.empty())
              : ContractFetch.of(fetch());
      answered = answer.contract().orElseThrow();
      return answer;
    }

    @Override
    public String describe() {
      return "the document source";
    }
  }
}
