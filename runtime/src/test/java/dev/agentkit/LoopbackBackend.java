package dev.agentkit;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.EntityTag;
import dev.agentkit.source.HttpContractSource;
import dev.agentkit.testing.DocumentServer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A real HTTP backend on loopback serving a contract at {@code /contract} the way a backend does
 * (tagged by its digest, {@code 304} when unchanged), which the test swaps at will or takes down
 * (503). Shared with the adapters' tests through the runtime's test jar.
 */
public final class LoopbackBackend implements AutoCloseable {
  private static final String PATH = "/contract";
  private final DocumentServer server = DocumentServer.start();

  public LoopbackBackend(Contract contract) {
    serve(contract);
  }

  /** Serves this contract from the next request on. */
  public void serve(Contract contract) {
    byte[] body = ContractSnapshot.write(contract).getBytes(StandardCharsets.UTF_8);
    server.serve(PATH, body, "application/json", EntityTag.ofDigest(contract.digest()).header());
  }

  /** Answers every request with 503 until the next {@link #serve}. */
  public void goDown() {
    server.fail(PATH, 503);
  }

  public URI uri() {
    return server.uri(PATH);
  }

  /** What the backend answered so far: full answers, 304s, bytes. */
  public DocumentServer counts() {
    return server;
  }

  /** A cache over this backend through a real {@link HttpContractSource}. */
  public CachedContract cache(Duration ttl, Duration maxStaleness) {
    return CachedContract.builder(
            HttpContractSource.builder(uri())
                .contractName("taskboard")
                .connectTimeout(Duration.ofSeconds(2))
                .requestTimeout(Duration.ofSeconds(2))
                .build())
        .ttl(ttl)
        .maxStaleness(maxStaleness)
        .build();
  }

  @Override
  public void close() {
    server.close();
  }
}
