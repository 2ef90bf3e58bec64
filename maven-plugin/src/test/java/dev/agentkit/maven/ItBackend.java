package dev.agentkit.maven;

import com.sun.net.httpserver.HttpServer;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.SourceDocument;
import dev.agentkit.source.EntityTag;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;

/**
 * A real HTTP backend for the plugin's integration tests, started on a loopback port by an IT's
 * {@code prebuild.groovy} (in the outer Maven JVM) and stopped by its {@code verify.groovy}. It
 * serves the contract in a file of the IT's directory at {@code /contract} (or an OpenAPI document
 * at {@code /openapi.yaml}), re-reading the file on every request, so a build step can change what
 * it serves, and counts requests. The document is tagged ({@code ETag}: the contract's digest, or
 * the OpenAPI document's SHA-256), and a request naming the tag is answered {@code 304}.
 */
public final class ItBackend {
  private static HttpServer server;
  private static int requests;
  private static String authorization;
  private static String tenant;

  private ItBackend() {}

  /** Starts serving {@code contract} on 127.0.0.1:{@code port}, stopping any earlier server. */
  public static void start(int port, File contract) throws IOException {
    serve(port, "/contract", contract, "application/json");
  }

  /**
   * Starts serving an OpenAPI document at {@code /openapi.yaml} on 127.0.0.1:{@code port}, stopping
   * any earlier server.
   */
  public static void startOpenApi(int port, File document) throws IOException {
    serve(port, "/openapi.yaml", document, "application/yaml");
  }

  private static synchronized void serve(int port, String path, File file, String type)
      throws IOException {
    stop();
    requests = 0;
    HttpServer s =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
    s.createContext(
        path,
        exchange -> {
          synchronized (ItBackend.class) {
            requests++;
            authorization = exchange.getRequestHeaders().getFirst("Authorization");
            tenant = exchange.getRequestHeaders().getFirst("X-Tenant");
          }
          byte[] body = Files.readAllBytes(file.toPath());
          EntityTag tag = tag(path, body);
          if (tag != null) {
            exchange.getResponseHeaders().set("ETag", tag.header());
            if (tag.matchedBy(exchange.getRequestHeaders().getFirst("If-None-Match"))) {
              exchange.sendResponseHeaders(304, -1);
              exchange.close();
              return;
            }
          }
          exchange.getResponseHeaders().add("Content-Type", type);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    s.start();
    server = s;
  }

  /**
   * The tag a backend serves its document with: a contract's digest, or the SHA-256 of an OpenAPI
   * document's bytes; none for a file that is not a contract (an IT serving a broken one).
   */
  private static EntityTag tag(String path, byte[] body) {
    if (path.equals("/openapi.yaml")) {
      return EntityTag.ofDigest(SourceDocument.of(body, "openapi/1").digest());
    }
    try {
      return EntityTag.ofDigest(
          ContractSnapshot.parseWire(body, "http://127.0.0.1/contract", "taskboard").digest());
    } catch (ContractFormatException e) {
      return null;
    }
  }

  /** How many contract requests the backend served since it started. */
  public static synchronized int requests() {
    return requests;
  }

  /** Writes the canonical snapshot of a served (wire) contract file, as a committed one. */
  public static void commitSnapshot(File wire, File target) throws Exception {
    dev.agentkit.contract.Contract c =
        dev.agentkit.contract.ContractSnapshot.parseWire(
            Files.readAllBytes(wire.toPath()), "http://127.0.0.1/contract", "taskboard");
    dev.agentkit.contract.ContractSnapshot.writeAtomically(target.toPath(), c);
  }

  /** The Authorization header of the last request, or null. */
  public static synchronized String lastAuthorization() {
    return authorization;
  }

  /** The X-Tenant header of the last request, or null. */
  public static synchronized String lastTenant() {
    return tenant;
  }

  /** Stops the server, if one runs. */
  public static synchronized void stop() {
    if (server != null) {
      server.stop(0);
      server = null;
    }
  }
}
