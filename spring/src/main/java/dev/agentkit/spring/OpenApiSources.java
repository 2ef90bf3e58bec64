package dev.agentkit.spring;

import dev.agentkit.openapi.OpenApiContractSource;
import dev.agentkit.source.ContractSource;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/**
 * Builds the OpenAPI source; a class of its own so that nothing loads agentkit-openapi's classes
 * unless a contract names an OpenAPI document (it is an optional dependency).
 */
final class OpenApiSources {
  private OpenApiSources() {}

  static ContractSource source(
      String contract,
      URI document,
      Duration connectTimeout,
      Duration requestTimeout,
      int maxDocumentBytes,
      String header,
      Optional<String> credential) {
    OpenApiContractSource.Builder b =
        OpenApiContractSource.fromUrl(document)
            .contractName(contract)
            .connectTimeout(connectTimeout)
            .requestTimeout(requestTimeout)
            .maxDocumentBytes(maxDocumentBytes);
    credential.ifPresent(value -> b.header(header, value));
    return b.build();
  }
}
