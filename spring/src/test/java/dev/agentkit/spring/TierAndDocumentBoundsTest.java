package dev.agentkit.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TierOverride;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.spring.AgentkitProperties.ContractProperties;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The starter's word on document sizes and tiers: max-document-bytes reaches both kinds of source,
 * and a message that says to raise it names the property; the endpoint shows an overridden act's
 * source tier and the override.
 */
class TierAndDocumentBoundsTest {
  private HttpServer server;

  @BeforeEach
  void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    byte[] body =
        ("{\"openapi\":\"3.0.3\",\"info\":{\"title\":\"t\",\"version\":\"1\"},\"paths\":{},"
                + "\"ops\":[]}")
            .getBytes(StandardCharsets.UTF_8);
    server.createContext(
        "/",
        exchange -> {
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
  }

  /** An OpenAPI contract at the loopback document with these openapi-limits. */
  private ContractProperties openapi(Map<String, Integer> limits) {
    ContractProperties p = new ContractProperties();
    p.setOpenapi(uri("/openapi.json"));
    p.setOpenapiLimits(limits);
    return p;
  }

  /** The source the starter builds for contract "github" with these properties. */
  private static ContractSource source(ContractProperties p) {
    return new ContractSettings("github", p)
        .source(ContractSettingsTest.environment(Map.of()), ContractSettingsTest.NO_ENV);
  }

  private static String failure(ContractSource source) {
    try {
      source.fetch();
    } catch (ContractSourceException e) {
      return e.getMessage();
    }
    throw new AssertionError("the fetch did not fail");
  }

  @Test
  void aDocumentPastMaxDocumentBytesNamesTheProperty() {
    ContractProperties openapi = new ContractProperties();
    openapi.setOpenapi(uri("/openapi.json"));
    openapi.setMaxDocumentBytes(10);
    ContractProperties url = new ContractProperties();
    url.setUrl(uri("/contract"));
    url.setMaxDocumentBytes(10);
    for (ContractProperties p : List.of(openapi, url)) {
      String message = failure(source(p));
      assertThat(message).containsPattern("raise max(DocumentBytes|ResponseBytes)");
      assertThat(ContractSettings.hints("github", message))
          .contains("raise agentkit.contracts.github.max-document-bytes")
          .doesNotContainPattern("raise max(DocumentBytes|ResponseBytes)");
    }
  }

  @Test
  void anOpenApiLimitReachesTheSourceAndItsMessageNamesTheProperty() {
    String message = failure(source(openapi(Map.of("max-document-depth", 1))));
    assertThat(message).contains("raise maxDocumentDepth");
    assertThat(ContractSettings.hints("github", message))
        .contains("raise agentkit.contracts.github.openapi-limits.max-document-depth")
        .doesNotContain("maxDocumentDepth");
  }

  @Test
  void everyLimitTheStarterNamesIsOneTheSourceTakes() {
    assertThat(ContractSettings.OPENAPI_LIMITS)
        .isSorted()
        .containsExactlyInAnyOrderElementsOf(OpenApiSources.LIMITS.keySet());
    for (String limit : ContractSettings.OPENAPI_LIMITS) {
      String builder =
          java.util.regex.Pattern.compile("-([a-z])")
              .matcher(limit)
              .replaceAll(r -> r.group(1).toUpperCase(java.util.Locale.ROOT));
      assertThat(ContractSettings.hints("c", "[X] too big; raise " + builder + " if so"))
          .isEqualTo("[X] too big; raise agentkit.contracts.c.openapi-limits." + limit + " if so");
    }
  }

  @Test
  void anUnknownOpenApiLimitIsRefusedWithTheNearestName() {
    assertThatThrownBy(() -> source(openapi(Map.of("max-documnet-depth", 5))))
        .hasMessage(
            "[AgentkitBadProperty] agentkit.contracts.github.openapi-limits.max-documnet-depth is"
                + " not a limit of the OpenAPI source; did you mean max-document-depth? the limits"
                + " are max-alias-expansion, max-document-depth, max-document-nodes,"
                + " max-enum-values, max-yaml-aliases, max-yaml-line-chars");
  }

  @Test
  void anOpenApiLimitMustBePositive() {
    assertThatThrownBy(() -> source(openapi(Map.of("max-enum-values", 0))))
        .hasMessage(
            "[AgentkitBadProperty] agentkit.contracts.github.openapi-limits.max-enum-values is 0;"
                + " give a positive number, or leave it out for the default");
  }

  @Test
  void maxDocumentBytesMustBePositive() {
    ContractProperties p = ContractSettingsTest.withUrl();
    p.setMaxDocumentBytes(0);
    assertThatThrownBy(() -> source(p))
        .hasMessage(
            "[AgentkitBadProperty] agentkit.contracts.github.max-document-bytes is 0; give a"
                + " positive number of bytes (the default is 16777216, 16 MiB)");
  }

  @Test
  void anOverriddenActShowsTheSourcesTierAndTheOverride() {
    Contract github =
        Contract.of(
                "github",
                List.of(
                    Op.builder("pulls/merge").description("Merge.").tier(Tier.REVERSIBLE).build(),
                    Op.builder("issues/lock").description("Lock.").tier(Tier.REVERSIBLE).build(),
                    Op.builder("repos/get").description("Get.").tier(Tier.READ_ONLY).build()))
            .withTiers(
                List.of(
                    TierOverride.forOpcode("pulls/merge", Tier.IRREVERSIBLE),
                    TierOverride.forOpcode("issues/lock", Tier.READ_ONLY).because("unlock")));
    Map<String, Object> merge = new LinkedHashMap<>();
    AgentkitEndpoint.overridden(merge, github, "pulls/merge");
    assertThat(merge)
        .containsExactly(
            Map.entry("sourceTier", "reversible"), Map.entry("tierOverride", "opcode pulls/merge"));
    Map<String, Object> lock = new LinkedHashMap<>();
    AgentkitEndpoint.overridden(lock, github, "issues/lock");
    assertThat(lock).containsEntry("tierReason", "unlock");
    Map<String, Object> get = new LinkedHashMap<>();
    AgentkitEndpoint.overridden(get, github, "repos/get");
    assertThat(get).isEmpty();
  }
}
