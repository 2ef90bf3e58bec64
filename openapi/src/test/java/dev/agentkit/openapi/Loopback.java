package dev.agentkit.openapi;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A real HTTP server on loopback: serves fixed answers by path and records every request it gets
 * (method, raw path and query, headers, body).
 */
final class Loopback implements AutoCloseable {
  /** One request as the server received it. */
  record Received(
      String method, String rawPath, String rawQuery, Map<String, String> headers, String body) {}

  /** What the server answers. */
  interface Answer {
    void answer(HttpExchange exchange) throws IOException;
  }

  private final HttpServer server;
  private final ExecutorService pool = Executors.newCachedThreadPool();
  final List<Received> received = new CopyOnWriteArrayList<>();
  private final Set<String> paths = ConcurrentHashMap.newKeySet();

  Loopback() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.setExecutor(pool);
    server.start();
  }

  /** Serves {@code answer} at {@code path} (and below it), in place of what it served there. */
  Loopback serve(String path, Answer answer) {
    // JDK 25 refuses a second context for a path, and JDK 17 ignored it, serving the first:
    // replace it, so that a test serving a path twice gets its second answer on every JDK.
    if (!paths.add(path)) {
      server.removeContext(path);
    }
    server.createContext(
        path,
        exchange -> {
          try (exchange) {
            Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k, String.join(",", v)));
            String body =
                new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(
                new Received(
                    exchange.getRequestMethod(),
                    exchange.getRequestURI().getRawPath(),
                    exchange.getRequestURI().getRawQuery(),
                    headers,
                    body));
            answer.answer(exchange);
          }
        });
    return this;
  }

  /** Serves a fixed text with a status. */
  Loopback serve(String path, int status, String text) {
    return serve(path, exchange -> send(exchange, status, text));
  }

  static void send(HttpExchange exchange, int status, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    if (bytes.length > 0) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    }
  }

  URI uri(String path) {
    return URI.create(
        "http://"
            + server.getAddress().getHostString()
            + ":"
            + server.getAddress().getPort()
            + path);
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }
}
