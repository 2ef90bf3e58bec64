package dev.agentkit.langchain4j;

import com.sun.net.httpserver.HttpServer;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.EntityTag;
import dev.agentkit.source.HttpContractSource;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A real HTTP backend on loopback serving a contract the test swaps at will, or failing with 503.
 * The contract is tagged by its digest ({@code ETag}), and a request naming the tag in {@code
 * If-None-Match} is answered {@code 304} with no body, as a backend serving its contract does.
 */
final class LoopbackBackend implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService handlers = Executors.newCachedThreadPool();
  private volatile byte[] body;
  private volatile EntityTag tag;
  private volatile boolean down;

  LoopbackBackend(Contract contract) throws IOException {
    serve(contract);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/contract",
        exchange -> {
          byte[] b = down ? "down".getBytes(StandardCharsets.UTF_8) : body;
          EntityTag t = tag;
          if (!down) {
            // Tagged by the contract's digest, as a backend serves it: 304 to a tag it names.
            exchange.getResponseHeaders().set("ETag", t.header());
            if (t.matchedBy(exchange.getRequestHeaders().getFirst("If-None-Match"))) {
              exchange.sendResponseHeaders(304, -1);
              exchange.close();
              return;
            }
          }
          exchange.getResponseHeaders().set("Content-Type", "application/json");
          exchange.sendResponseHeaders(down ? 503 : 200, b.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(b);
          }
        });
    server.setExecutor(handlers);
    server.start();
  }

  /** Serves this contract from the next request on. */
  void serve(Contract contract) {
    body = ContractSnapshot.write(contract).getBytes(StandardCharsets.UTF_8);
    tag = EntityTag.ofDigest(contract.digest());
    down = false;
  }

  /** Answers every request with 503 until the next {@link #serve}. */
  void goDown() {
    down = true;
  }

  URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/contract");
  }

  /** A cache over this backend through a real {@link HttpContractSource}. */
  CachedContract cache(Duration ttl, Duration maxStaleness) {
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
    server.stop(0);
    handlers.shutdownNow();
  }
}
