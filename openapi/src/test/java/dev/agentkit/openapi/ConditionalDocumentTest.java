package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractFetch;
import dev.agentkit.source.EntityTag;
import dev.agentkit.source.HeldContract;
import dev.agentkit.testing.DocumentServer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI source against a loopback backend that tags its document: an unchanged document is
 * revalidated with If-None-Match, costs a 304, and is not sent or mapped again.
 */
class ConditionalDocumentTest {
  private static final String V1 =
      OpenApiContractSourceTest.document(
          "get: {operationId: listThings, responses: {'200': {description: ok}}}");
  private static final String V2 =
      OpenApiContractSourceTest.document(
          "get: {operationId: listThings, responses: {'200': {description: ok}}}\n"
              + "delete: {operationId: dropThings, responses: {'204': {description: gone}}}");

  private final DocumentServer backend = DocumentServer.start();

  @AfterEach
  void stop() {
    backend.close();
  }

  @Test
  void anUnchangedDocumentCostsA304AndIsNotMappedAgain() throws Exception {
    serve(V1, "\"doc-1\"");
    backend.cacheControl("max-age=300");
    OpenApiContractSource source = source();

    ContractFetch first = source.fetchUnlessUnchanged(HeldContract.none());
    ContractFetch second = source.fetchUnlessUnchanged(held(first));

    assertThat(first.contract().orElseThrow().opcodes()).containsExactly("listThings");
    assertThat(first.entityTag()).map(EntityTag::header).contains("\"doc-1\"");
    assertThat(first.maxAge()).contains(Duration.ofMinutes(5));
    assertThat(second.unchanged()).isTrue();
    assertThat(backend.lastRequestHeader("If-None-Match")).isEqualTo("\"doc-1\"");
    assertThat(backend.fullAnswers()).isEqualTo(1);
    assertThat(backend.notModifiedAnswers()).isEqualTo(1);
    // The routes of the document last mapped are still the ones calls are sent by.
    assertThat(source.routes()).containsOnlyKeys("listThings");
  }

  @Test
  void aChangedDocumentIsSentAndMapped() throws Exception {
    serve(V1, "\"doc-1\"");
    OpenApiContractSource source = source();
    ContractFetch first = source.fetchUnlessUnchanged(HeldContract.none());
    serve(V2, "\"doc-2\"");

    ContractFetch second = source.fetchUnlessUnchanged(held(first));

    assertThat(second.contract().orElseThrow().opcodes())
        .containsExactly("dropThings", "listThings");
    assertThat(second.entityTag()).map(EntityTag::header).contains("\"doc-2\"");
  }

  @Test
  void aCacheOverTheSourceRevalidatesInsteadOfDownloading() throws Exception {
    serve(V1, "\"doc-1\"");
    backend.cacheControl("max-age=0");
    CachedContract cache =
        CachedContract.builder(source())
            .ttl(Duration.ofMillis(1))
            .maxStaleness(Duration.ofMinutes(1))
            .jitter(0)
            .build();
    Contract first = cache.fetch();
    long bytes = backend.bodyBytes();

    // Expiry is a timer's, which a loaded machine may run late: read until three revalidations
    // have been answered, each read the same contract.
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (backend.notModifiedAnswers() < 3 && System.nanoTime() < deadline) {
      Thread.sleep(5);
      assertThat(cache.fetch()).isSameAs(first);
    }

    assertThat(backend.notModifiedAnswers()).isGreaterThanOrEqualTo(3);
    assertThat(backend.bodyBytes()).isEqualTo(bytes);
    assertThat(backend.fullAnswers()).isEqualTo(1);
  }

  @Test
  void aTagHeldFromAnotherSourceIsSentAndTheRoutesAreReadWhenACallNeedsThem() throws Exception {
    serve(V1, "\"doc-1\"");
    Contract held = source().fetch();
    OpenApiContractSource fresh = source();

    ContractFetch answer =
        fresh.fetchUnlessUnchanged(
            HeldContract.of(held, Optional.of(EntityTag.parse("\"doc-1\"").orElseThrow())));

    assertThat(answer.unchanged()).isTrue();
    assertThat(backend.lastRequestHeader("If-None-Match")).isEqualTo("\"doc-1\"");
    assertThat(backend.fullAnswers()).isEqualTo(1);
    // Nothing mapped yet: the first call's routes read the document then.
    assertThat(fresh.routes()).containsOnlyKeys("listThings");
    assertThat(backend.fullAnswers()).isEqualTo(2);
  }

  private static HeldContract held(ContractFetch answer) {
    return HeldContract.of(answer.contract().orElseThrow(), answer.entityTag());
  }

  private void serve(String document, String tag) {
    backend.serve("/openapi", document.getBytes(StandardCharsets.UTF_8), "application/yaml", tag);
  }

  private OpenApiContractSource source() {
    return OpenApiContractSource.fromUrl(backend.uri("/openapi")).contractName("tasks").build();
  }
}
