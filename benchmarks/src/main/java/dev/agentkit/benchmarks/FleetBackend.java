package dev.agentkit.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.agentkit.contract.Contract;
import dev.agentkit.source.EntityTag;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Row 13's backend, in a JVM of its own so that its CPU time is its own: serves one contract at
 * {@code /contract} as a backend does, tagged by the contract's digest ({@link EntityTag#ofDigest})
 * and answered {@code 304} to an {@code If-None-Match} that names it, or, once told {@code /plain},
 * untagged and in full every time, as a backend without conditional requests. Counts what it
 * receives and sends ({@code /stats}: requests, full and {@code 304} answers, body bytes, header
 * bytes as the request arrived and the response left, the most requests answered at once, the CPU
 * time of its request handlers, and the whole process's, JIT and GC included), and starts counting
 * again at {@code /reset}. Warms itself up first, then prints its port.
 */
public final class FleetBackend {
  private static final int WARM_UP = 2000;

  private final byte[] body;
  private final EntityTag tag;
  private volatile boolean conditional = true;
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong full = new AtomicLong();
  private final AtomicLong notModified = new AtomicLong();
  private final AtomicLong bodyBytes = new AtomicLong();
  private final AtomicLong headerBytes = new AtomicLong();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger peak = new AtomicInteger();
  private final AtomicLong handlerCpu = new AtomicLong();
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private volatile long cpuAtReset;
  private final OperatingSystemMXBean os =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private FleetBackend(Contract contract) {
    this.body = SyntheticContract.snapshotBytes(contract);
    this.tag = EntityTag.ofDigest(contract.digest());
  }

  /**
   * @param args the contract's op count
   */
  public static void main(String[] args) throws IOException {
    FleetBackend backend =
        new FleetBackend(
            SyntheticContract.generate("fleet", Integer.parseInt(args[0]), SyntheticContract.SEED));
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4096);
    server.setExecutor(Executors.newCachedThreadPool());
    server.createContext("/contract", backend::contract);
    server.createContext("/stats", ex -> reply(ex, backend.stats()));
    server.createContext(
        "/reset",
        ex -> {
          backend.reset();
          reply(ex, "reset");
        });
    server.createContext(
        "/plain",
        ex -> {
          backend.conditional = false;
          reply(ex, "plain");
        });
    server.createContext(
        "/conditional",
        ex -> {
          backend.conditional = true;
          reply(ex, "conditional");
        });
    server.start();
    backend.warmUp(server.getAddress().getPort());
    System.out.println(server.getAddress().getPort());
    System.out.flush();
  }

  /**
   * Answers a few thousand requests of each kind (full, and {@code 304}) before the simulation, so
   * that its CPU time is a warm backend's, not the JIT's; then counts from zero.
   */
  private void warmUp(int port) throws IOException {
    HttpClient client = HttpClient.newHttpClient();
    URI uri = URI.create("http://127.0.0.1:" + port + "/contract");
    try {
      for (int i = 0; i < WARM_UP; i++) {
        client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.discarding());
        client.send(
            HttpRequest.newBuilder(uri).header("If-None-Match", tag.header()).build(),
            HttpResponse.BodyHandlers.discarding());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while warming up", e);
    }
    reset();
  }

  private void contract(HttpExchange ex) throws IOException {
    long cpu = threads.getCurrentThreadCpuTime();
    requests.incrementAndGet();
    peak.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
    try (ex) {
      headerBytes.addAndGet(requestHeaderBytes(ex));
      Headers out = ex.getResponseHeaders();
      out.set("Content-Type", "application/json");
      if (conditional) {
        out.set("ETag", tag.header());
        if (tag.matchedBy(ex.getRequestHeaders().getFirst("If-None-Match"))) {
          notModified.incrementAndGet();
          headerBytes.addAndGet(responseHeaderBytes(out, 304, -1));
          ex.sendResponseHeaders(304, -1);
          return;
        }
      }
      headerBytes.addAndGet(responseHeaderBytes(out, 200, body.length));
      // Counted before the body goes out, so the counts are complete once the clients have it.
      full.incrementAndGet();
      bodyBytes.addAndGet(body.length);
      ex.sendResponseHeaders(200, body.length);
      try (OutputStream o = ex.getResponseBody()) {
        o.write(body);
      }
    } finally {
      inFlight.decrementAndGet();
      handlerCpu.addAndGet(threads.getCurrentThreadCpuTime() - cpu);
    }
  }

  /** The request line and headers as they arrived, near enough: names, values, separators. */
  private static long requestHeaderBytes(HttpExchange ex) {
    long n =
        ex.getRequestMethod().length()
            + 1
            + ex.getRequestURI().toString().length()
            + 1
            + ex.getProtocol().length()
            + 2;
    return n + headerBytes(ex.getRequestHeaders()) + 2;
  }

  /**
   * The status line and headers the server sends: those set here, and the {@code Date} and {@code
   * Content-length} it adds itself.
   */
  private static long responseHeaderBytes(Headers set, int status, long length) {
    long n = "HTTP/1.1 200 OK\r\n".length() + "Date: Thu, 01 Jan 2026 00:00:00 GMT\r\n".length();
    if (status != 304) {
      n += ("Content-length: " + length + "\r\n").length();
    }
    return n + headerBytes(set) + 2;
  }

  private static long headerBytes(Headers headers) {
    long n = 0;
    for (Map.Entry<String, List<String>> h : headers.entrySet()) {
      for (String v : h.getValue()) {
        n += h.getKey().length() + 2 + v.length() + 2;
      }
    }
    return n;
  }

  private void reset() {
    requests.set(0);
    full.set(0);
    notModified.set(0);
    bodyBytes.set(0);
    headerBytes.set(0);
    peak.set(inFlight.get());
    handlerCpu.set(0);
    cpuAtReset = os.getProcessCpuTime();
  }

  private String stats() {
    // The clients have their answers; the handlers that sent them may still be counting.
    long deadline = System.nanoTime() + 1_000_000_000L;
    while (inFlight.get() > 0 && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    return String.format(
        Locale.ROOT,
        "requests=%d full=%d notModified=%d bodyBytes=%d headerBytes=%d peak=%d handlerCpuNanos=%d"
            + " cpuNanos=%d documentBytes=%d",
        requests.get(),
        full.get(),
        notModified.get(),
        bodyBytes.get(),
        headerBytes.get(),
        peak.get(),
        handlerCpu.get(),
        os.getProcessCpuTime() - cpuAtReset,
        body.length);
  }

  private static void reply(HttpExchange ex, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    try (ex) {
      ex.sendResponseHeaders(200, bytes.length);
      try (OutputStream o = ex.getResponseBody()) {
        o.write(bytes);
      }
    }
  }
}
