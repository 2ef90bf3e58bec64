package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.SourceDocument;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractFetch;
import dev.agentkit.source.HeldContract;
import dev.agentkit.testing.DocumentServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unchanged document costs a hash: every contract the source reads records the bytes it was read
 * from, and a held contract recording the very bytes fetched (the same mapping, the same contract
 * name) is answered as it is, without mapping them. The held contracts here record the served bytes
 * but list an op the document does not have, so an answer that lists it was not mapped.
 */
class ReusedDocumentTest {
  private static final String DOC =
      OpenApiContractSourceTest.document(
          "get: {operationId: listThings, responses: {'200': {description: ok}}}");
  private static final byte[] BYTES = DOC.getBytes(StandardCharsets.UTF_8);

  private final DocumentServer backend = DocumentServer.start();

  @AfterEach
  void stop() {
    backend.close();
  }

  @Test
  void aMappedContractRecordsTheBytesItWasReadFrom() throws Exception {
    serve(DOC);

    Contract c = source().fetch();

    assertThat(c.document()).contains(SourceDocument.of(BYTES, "openapi/1"));
    assertThat(OpenApiContractSource.MAPPING).isEqualTo("openapi/1");
  }

  @Test
  void theSameBytesAnswerTheHeldContractWithoutMappingThem() throws Exception {
    serve(DOC);
    OpenApiContractSource source = source();

    ContractFetch answer = source.fetchUnlessUnchanged(HeldContract.of(marker(BYTES, "tasks")));

    assertThat(answer.reused()).isTrue();
    assertThat(answer.contract().orElseThrow().opcodes()).containsExactly("fromTheSnapshot");
    assertThat(answer.contract().orElseThrow().source()).isEqualTo(source.describe());
    assertThat(source.warnings()).isEmpty();
  }

  @Test
  void otherBytesAnotherMappingOrAnotherNameAreMapped() throws Exception {
    serve(DOC + " ");
    assertMapped(marker(BYTES, "tasks"));
    serve(DOC);
    assertMapped(marker(BYTES, "tasks").withDocument(SourceDocument.of(BYTES, "openapi/0")));
    assertMapped(marker(BYTES, "other"));
    assertMapped(marker(BYTES, "tasks").withDocument(null));
  }

  @Test
  void aFileIsReusedToo(@TempDir Path dir) throws Exception {
    Path file = Files.write(dir.resolve("openapi.yaml"), BYTES);
    OpenApiContractSource source =
        OpenApiContractSource.fromFile(file).contractName("tasks").build();

    ContractFetch answer = source.fetchUnlessUnchanged(HeldContract.of(marker(BYTES, "tasks")));

    assertThat(answer.reused()).isTrue();
    assertThat(answer.contract().orElseThrow().opcodes()).containsExactly("fromTheSnapshot");
    assertThat(source.fetch().document()).contains(SourceDocument.of(BYTES, "openapi/1"));
  }

  @Test
  void aLazilyHeldContractIsReadOnceAndOnlyAfterTheDownload() throws Exception {
    serve(DOC);
    AtomicInteger reads = new AtomicInteger();
    HeldContract held =
        HeldContract.lazily(
            () -> {
              // Asked only once the document was requested (and its bytes hashed).
              assertThat(backend.requests()).isEqualTo(1);
              reads.incrementAndGet();
              return Optional.of(marker(BYTES, "tasks"));
            });

    ContractFetch first = source().fetchUnlessUnchanged(held);
    ContractFetch second = source().fetchUnlessUnchanged(held);

    assertThat(first.reused()).isTrue();
    assertThat(second.reused()).isTrue();
    assertThat(reads).hasValue(1);
  }

  @Test
  void aLazyReaderWithNothingLeavesTheDocumentToBeMapped() throws Exception {
    serve(DOC);

    ContractFetch answer = source().fetchUnlessUnchanged(HeldContract.lazily(Optional::empty));

    assertThat(answer.reused()).isFalse();
    assertThat(answer.contract().orElseThrow().opcodes()).containsExactly("listThings");
  }

  @Test
  void aCacheOverABackendWithoutTagsRefreshesWithoutMapping() throws Exception {
    serve(DOC);
    OpenApiContractSource source = source();
    CachedContract cache =
        CachedContract.builder(source)
            .ttl(Duration.ofMillis(1))
            .maxStaleness(Duration.ofMinutes(1))
            .jitter(0)
            .build();
    Contract first = cache.fetch();

    // Expiry is a timer's, which a loaded machine may run late: read until three refreshes have
    // been answered, each read the same contract.
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (backend.fullAnswers() < 4 && System.nanoTime() < deadline) {
      Thread.sleep(5);
      assertThat(cache.fetch()).isSameAs(first);
    }

    // Each refresh downloaded the document (the backend sends no tag) and mapped none of them.
    assertThat(backend.fullAnswers()).isGreaterThanOrEqualTo(4);
  }

  private void assertMapped(Contract held) throws Exception {
    ContractFetch answer = source().fetchUnlessUnchanged(HeldContract.of(held));
    assertThat(answer.reused()).as("%s", held.document()).isFalse();
    assertThat(answer.contract().orElseThrow().opcodes()).containsExactly("listThings");
  }

  /** A contract recording {@code bytes} but listing an op no mapping of them gives. */
  private static Contract marker(byte[] bytes, String name) {
    return Contract.of(
            name,
            "snapshot",
            List.of(Op.builder("fromTheSnapshot").description("d").tier(Tier.READ_ONLY).build()))
        .withDocument(SourceDocument.of(bytes, "openapi/1"));
  }

  private void serve(String document) {
    backend.serve("/openapi", document.getBytes(StandardCharsets.UTF_8), "application/yaml", null);
  }

  private OpenApiContractSource source() {
    return OpenApiContractSource.fromUrl(backend.uri("/openapi")).contractName("tasks").build();
  }
}
