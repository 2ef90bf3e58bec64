package dev.agentkit.benchmarks;

import com.sun.net.httpserver.HttpServer;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.openapi.OpenApiContractSource;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.HttpContractSource;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Benchmark 9: what {@code mvn agentkit:snapshot} does per contract (fetch over HTTP, map, write
 * the canonical snapshot text) for a {@value #OPERATIONS}-operation OpenAPI document served on
 * loopback, against the same contract served as the native contract document and read by {@link
 * HttpContractSource}. Both are served by one in-process HTTP server; the setup checks that both
 * sources give the same contract (equal digests).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class OpenApiSnapshotBenchmark {
  /** The operation count of the document. */
  static final int OPERATIONS = 500;

  private HttpServer server;
  private ContractSource openApi;
  private ContractSource nativeSource;

  @Setup
  public void setUp() throws Exception {
    byte[] document = OpenApiDocument.generate(OPERATIONS, SyntheticContract.SEED);
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
    serve("/openapi.json", document);
    server.start();
    String base = "http://127.0.0.1:" + server.getAddress().getPort();
    openApi =
        OpenApiContractSource.fromUrl(URI.create(base + "/openapi.json"))
            .contractName("synthetic")
            .build();
    Contract mapped = openApi.fetch();
    serve("/contract", ContractSnapshot.write(mapped).getBytes(StandardCharsets.UTF_8));
    nativeSource =
        HttpContractSource.builder(URI.create(base + "/contract"))
            .contractName("synthetic")
            .build();
    Contract same = nativeSource.fetch();
    if (mapped.ops().size() != OPERATIONS || !same.digest().equals(mapped.digest())) {
      throw new IllegalStateException(
          "the two sources must serve one contract of "
              + OPERATIONS
              + " ops: "
              + mapped.ops().size()
              + " ops, "
              + mapped.digest()
              + " vs "
              + same.digest());
    }
  }

  private void serve(String path, byte[] body) {
    server.createContext(
        path,
        exchange -> {
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
  }

  @TearDown
  public void tearDown() {
    server.stop(0);
  }

  /** The snapshot text of the contract, as the plugin writes it. */
  static String snapshot(ContractSource source) throws Exception {
    Contract fetched = source.fetch();
    return ContractSnapshot.write(Contract.of("synthetic", source.describe(), fetched.ops()));
  }

  @Benchmark
  public String nativeSnapshot() throws Exception {
    return snapshot(nativeSource);
  }

  @Benchmark
  public String openApiSnapshot() throws Exception {
    return snapshot(openApi);
  }

  /** The document's size, for the table. */
  static int documentBytes() {
    return OpenApiDocument.generate(OPERATIONS, SyntheticContract.SEED).length;
  }
}
