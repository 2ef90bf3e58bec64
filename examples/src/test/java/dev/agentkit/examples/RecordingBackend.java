package dev.agentkit.examples;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * A stand-in for the task board on loopback that records the body of the last {@code POST /apply}
 * and answers it as the backend would, so a test sees exactly what a client sent.
 */
final class RecordingBackend implements AutoCloseable {
  private final HttpServer server;
  private volatile String lastApply = "";

  private RecordingBackend(HttpServer server) {
    this.server = server;
  }

  static RecordingBackend start() throws IOException {
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    RecordingBackend backend = new RecordingBackend(server);
    server.createContext("/state", ex -> answer(ex, "{\"tasks\": []}"));
    server.createContext(
        "/apply",
        ex -> {
          backend.lastApply =
              new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          answer(ex, "{\"ok\": true, \"created\": \"t9\"}");
        });
    server.start();
    return backend;
  }

  URI baseUri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** The body of the last {@code POST /apply}, as sent. */
  String lastApply() {
    return lastApply;
  }

  private static void answer(HttpExchange ex, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(200, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
