package dev.agentkit.benchmarks;

import com.sun.net.httpserver.HttpServer;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.mcp.McpContractSource;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.HttpContractSource;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Benchmark 9, MCP: the snapshot of a {@value McpToolServer#TOOLS}-tool MCP server ({@link
 * McpToolServer}, on the MCP Java SDK's server API) read by {@link McpContractSource} over stdio
 * and over Streamable HTTP, against the same contract served as the native contract document on
 * loopback and read by {@link HttpContractSource}. Each snapshot is what {@code mvn
 * agentkit:snapshot} does per contract: fetch, map, write the canonical snapshot text.
 *
 * <ul>
 *   <li>{@code *OpenSession}: the MCP session stays open between snapshots, so one is {@code
 *       tools/list} (the SDK's server answers it in one page) and the mapping; against {@code
 *       nativeSnapshot}, one source whose HTTP client keeps its connection.
 *   <li>{@code *NewSession}: each snapshot builds a new source, connects (over stdio: starts the
 *       server's JVM), initializes, lists, maps and closes it; against {@code nativeNewSource}, a
 *       new {@link HttpContractSource} (a new HTTP client and connection) per snapshot.
 * </ul>
 *
 * <p>Every source's setup fetches once and checks that it gives the synthetic contract itself: same
 * opcodes in the same order and the same digest; the benchmark fails otherwise. Child processes are
 * ended in the tear-downs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class McpSnapshotBenchmark {
  /**
   * The open-session rows' target, as a multiple of the native snapshot: row 9's budget for reading
   * a contract in a foreign format (benchmarks/RESULTS.md). The new-session rows have none: their
   * time is mostly the server's start and the protocol's handshake, not agentkit's work.
   */
  static final double OPEN_SESSION_TARGET = 5.0;

  /** The native contract document on the JDK's HTTP server, and a source held open on it. */
  @State(Scope.Benchmark)
  public static class Native {
    private HttpServer server;
    private URI url;
    private ContractSource held;

    @Setup
    public void setUp() throws Exception {
      byte[] document = SyntheticContract.snapshotBytes(McpToolServer.contract());
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
      server.createContext(
          "/contract",
          exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, document.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(document);
            }
          });
      server.start();
      url = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/contract");
      held = newSource();
      check("HttpContractSource", held.fetch());
    }

    ContractSource newSource() {
      return HttpContractSource.builder(url).contractName("synthetic").build();
    }

    @TearDown
    public void tearDown() {
      server.stop(0);
    }
  }

  /** The stdio command, and a session held open on one child. */
  @State(Scope.Benchmark)
  public static class Stdio {
    private McpContractSource open;
    private Set<Long> openChildren;

    @Setup
    public void setUp() throws Exception {
      open = newSource();
      check("McpContractSource over stdio", open.fetch());
      openChildren = children();
    }

    static McpContractSource newSource() {
      List<String> command = McpToolServer.command();
      return McpContractSource.stdio(command.get(0))
          .args(command.subList(1, command.size()).toArray(String[]::new))
          .contractName("synthetic")
          // A JVM's start on the shared, busy machine can take longer than the default 20 s.
          .connectTimeout(Duration.ofSeconds(60))
          .build();
    }

    /**
     * A guard: the children of new sessions are gone between rounds. Their close already ends them
     * (it waits for the exit), so this finds none unless a close failed.
     */
    @TearDown(Level.Iteration)
    public void endNewSessions() throws Exception {
      endChildren(openChildren);
    }

    @TearDown
    public void tearDown() throws Exception {
      open.close();
      endChildren(Set.of());
    }
  }

  /** The MCP server over HTTP on Tomcat, and a session held open on it. */
  @State(Scope.Benchmark)
  public static class Http {
    private McpToolServer.Served server;
    private McpContractSource open;

    @Setup
    public void setUp() throws Exception {
      server = McpToolServer.http();
      open = newSource();
      check("McpContractSource over Streamable HTTP", open.fetch());
    }

    McpContractSource newSource() {
      return McpContractSource.http(server.url()).contractName("synthetic").build();
    }

    @TearDown
    public void tearDown() throws Exception {
      open.close();
      server.close();
    }
  }

  /** The anchor of the open sessions: a held native source. */
  @Benchmark
  public String nativeSnapshot(Native n) throws Exception {
    return OpenApiSnapshotBenchmark.snapshot(n.held);
  }

  /** The anchor of the new sessions: a new native source per snapshot. */
  @Benchmark
  public String nativeNewSource(Native n) throws Exception {
    return OpenApiSnapshotBenchmark.snapshot(n.newSource());
  }

  @Benchmark
  public String stdioOpenSession(Stdio s) throws Exception {
    return OpenApiSnapshotBenchmark.snapshot(s.open);
  }

  @Benchmark
  public String httpOpenSession(Http h) throws Exception {
    return OpenApiSnapshotBenchmark.snapshot(h.open);
  }

  @Benchmark
  public String stdioNewSession(Stdio s) throws Exception {
    try (McpContractSource source = Stdio.newSource()) {
      return OpenApiSnapshotBenchmark.snapshot(source);
    }
  }

  @Benchmark
  public String httpNewSession(Http h) throws Exception {
    try (McpContractSource source = h.newSource()) {
      return OpenApiSnapshotBenchmark.snapshot(source);
    }
  }

  /**
   * Fails unless {@code got} is the synthetic contract: its opcodes, in order, and its digest; an
   * MCP source's as a tool schema can say it ({@link McpToolServer#asServed()}).
   *
   * @throws IllegalStateException naming the source and the first op that differs
   */
  static void check(String source, Contract got) {
    Contract want =
        source.startsWith("McpContractSource")
            ? McpToolServer.asServed()
            : McpToolServer.contract();
    List<String> wantCodes = want.ops().stream().map(Op::opcode).toList();
    List<String> gotCodes = got.ops().stream().map(Op::opcode).toList();
    if (gotCodes.equals(wantCodes) && got.digest().equals(want.digest())) {
      return;
    }
    int i = 0;
    while (i < Math.min(want.ops().size(), got.ops().size())
        && want.ops().get(i).equals(got.ops().get(i))) {
      i++;
    }
    throw new IllegalStateException(
        source
            + " must give the synthetic contract of "
            + wantCodes.size()
            + " ops, but gave "
            + gotCodes.size()
            + " ops ("
            + (gotCodes.equals(wantCodes) ? "the same opcodes" : "other opcodes")
            + ", digest "
            + got.digest()
            + " instead of "
            + want.digest()
            + "); first difference at op "
            + i
            + ": "
            + (i < got.ops().size() ? got.ops().get(i) : "none")
            + " instead of "
            + (i < want.ops().size() ? want.ops().get(i) : "none"));
  }

  /** The process ids of this JVM's children. */
  static Set<Long> children() {
    return ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
  }

  /**
   * Waits up to 10 seconds for each child of this JVM not in {@code keep} to exit, then ends any
   * still running.
   */
  static void endChildren(Set<Long> keep) throws InterruptedException {
    for (ProcessHandle child : ProcessHandle.current().children().toList()) {
      if (keep.contains(child.pid())) {
        continue;
      }
      try {
        child.onExit().get(10, TimeUnit.SECONDS);
      } catch (TimeoutException | ExecutionException e) {
        child.destroyForcibly();
      }
    }
  }
}
