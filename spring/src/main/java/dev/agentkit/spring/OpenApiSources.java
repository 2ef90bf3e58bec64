package dev.agentkit.spring;

import dev.agentkit.openapi.OpenApiContractSource;
import dev.agentkit.source.ContractSource;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * Builds the OpenAPI source; a class of its own so that nothing loads agentkit-openapi's classes
 * unless a contract names an OpenAPI document (it is an optional dependency).
 */
final class OpenApiSources {
  private OpenApiSources() {}

  /**
   * The limits {@code agentkit.contracts.<name>.openapi-limits.<limit>} sets, by property name;
   * each is the builder method of the same name ({@code max-document-nodes}: {@code
   * maxDocumentNodes}).
   */
  static final Map<String, BiConsumer<OpenApiContractSource.Builder, Integer>> LIMITS =
      Map.of(
          "max-document-nodes", OpenApiContractSource.Builder::maxDocumentNodes,
          "max-document-depth", OpenApiContractSource.Builder::maxDocumentDepth,
          "max-enum-values", OpenApiContractSource.Builder::maxEnumValues,
          "max-alias-expansion", OpenApiContractSource.Builder::maxAliasExpansion,
          "max-yaml-aliases", OpenApiContractSource.Builder::maxYamlAliases,
          "max-yaml-line-chars", OpenApiContractSource.Builder::maxYamlLineChars);

  static ContractSource source(
      String contract,
      URI document,
      Duration connectTimeout,
      Duration requestTimeout,
      int maxDocumentBytes,
      Map<String, Integer> limits,
      String header,
      Optional<String> credential) {
    OpenApiContractSource.Builder b =
        OpenApiContractSource.fromUrl(document)
            .contractName(contract)
            .connectTimeout(connectTimeout)
            .requestTimeout(requestTimeout)
            .maxDocumentBytes(maxDocumentBytes);
    limits.forEach((name, value) -> LIMITS.get(name).accept(b, value));
    credential.ifPresent(value -> b.header(header, value));
    return b.build();
  }
}
