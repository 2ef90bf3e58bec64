package dev.agentkit.testing;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A real HTTP server on loopback serving documents (a contract, an OpenAPI file) the way a backend
 * does, and counting what it sent: full answers, {@code 304 Not Modified} answers, body bytes, the
 * most requests it was answering at once.
 *
 * <p>A document served with an entity tag is sent with {@code ETag}, and a {@code GET} whose {@code
 * If-None-Match} names that tag (weakly, or {@code *}) is answered {@code 304} with no body, unless
 * {@linkplain #ignoreConditionalRequests() turned off} to play a backend that never does. The
 * matching is written here independently of the runtime's, so a test of the client against it tests
 * two readings of RFC 9110 against each other.
 *
 * <pre>{@code
 * try (DocumentServer server = DocumentServer.start()) {
 *   server.serve("/contract", bytes, "application/json", "\"sha256:…\"");
 *   URI uri = server.uri("/contract");
 * }
 * }</pre>
 *
 * Thread-safe.
 */
public final class DocumentServer implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService handlers;
  private final Map<String, Document> documents = new ConcurrentHashMap<>();
  private final AtomicReference<String> cacheControl = new AtomicReference<>();
  private volatile boolean conditional = true;
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong full = new AtomicLong();
  private final AtomicLong notModified = new AtomicLong();
  private final AtomicLong bodyBytes = new AtomicLong();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger peakInFlight = new AtomicInteger();
  private final AtomicReference<Headers> lastRequest = new AtomicReference<>(new Headers());

  private record Document(int status, byte[] body, String contentType, String entityTag) {}

  private DocumentServer(HttpServer server, ExecutorService handlers) {
    this.server = server;
    this.handlers = handlers;
  }

  /** A server on a free loopback port, answering on a pool of threads. */
  public static DocumentServer start() {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      ExecutorService handlers = Executors.newCachedThreadPool();
      server.setExecutor(handlers);
      DocumentServer documents = new DocumentServer(server, handlers);
      server.createContext("/", documents::handle);
      server.start();
      return documents;
    } catch (IOException e) {
      throw new UncheckedIOException("could not start a loopback HTTP server", e);
    }
  }

  /**
   * Serves {@code body} at {@code path} from now on, replacing what was served there.
   *
   * @param entityTag the {@code ETag} header value, quotes included ({@code "\"v1\""}, {@code
   *     "W/\"v1\""}); null for a backend that sends none
   */
  public void serve(String path, byte[] body, String contentType, String entityTag) {
    documents.put(path, new Document(200, body.clone(), contentType, entityTag));
  }

  /**
   * Answers every request for {@code path} with {@code status} and a short plain-text body from now
   * on (a backend that is down: 503), until the next {@link #serve}.
   */
  public void fail(String path, int status) {
    byte[] body = ("status " + status).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    documents.put(path, new Document(status, body, "text/plain", null));
  }

  /** Sends this {@code Cache-Control} value with every answer; null for none. */
  public void cacheControl(String value) {
    cacheControl.set(value);
  }

  /** Answers every {@code GET} in full from now on, as a backend without conditional requests. */
  public void ignoreConditionalRequests() {
    conditional = false;
  }

  /** The URL of a path on this server. */
  public URI uri(String path) {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
  }

  /** Requests received. */
  public long requests() {
    return requests.get();
  }

  /** Answers sent with the document. */
  public long fullAnswers() {
    return full.get();
  }

  /** {@code 304} answers sent. */
  public long notModifiedAnswers() {
    return notModified.get();
  }

  /** Body bytes sent, over every answer. */
  public long bodyBytes() {
    return bodyBytes.get();
  }

  /** The most requests this server was answering at one time. */
  public int peakConcurrentRequests() {
    return peakInFlight.get();
  }

  /** The value of a header of the last request, or null. */
  public String lastRequestHeader(String name) {
    return lastRequest.get().getFirst(name);
  }

  /** Stops the server at once. */
  @Override
  public void close() {
    server.stop(0);
    handlers.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    requests.incrementAndGet();
    peakInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
    try (exchange) {
      lastRequest.set(exchange.getRequestHeaders());
      Document doc = documents.get(exchange.getRequestURI().getPath());
      if (doc == null || !exchange.getRequestMethod().equals("GET")) {
        exchange.sendResponseHeaders(doc == null ? 404 : 405, -1);
        return;
      }
      Headers out = exchange.getResponseHeaders();
      if (doc.status() != 200) {
        send(exchange, doc);
        return;
      }
      if (doc.entityTag() != null) {
        out.set("ETag", doc.entityTag());
      }
      String cache = cacheControl.get();
      if (cache != null) {
        out.set("Cache-Control", cache);
      }
      String ifNoneMatch = exchange.getRequestHeaders().getFirst("If-None-Match");
      if (conditional && doc.entityTag() != null && names(ifNoneMatch, doc.entityTag())) {
        notModified.incrementAndGet();
        exchange.sendResponseHeaders(304, -1);
        return;
      }
      // Counted before the body goes out: a client may read it, and a test look at the counts,
      // before this thread runs again.
      full.incrementAndGet();
      bodyBytes.addAndGet(doc.body().length);
      send(exchange, doc);
    } finally {
      inFlight.decrementAndGet();
    }
  }

  private static void send(HttpExchange exchange, Document doc) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", doc.contentType());
    exchange.sendResponseHeaders(doc.status(), doc.body().length);
    try (OutputStream body = exchange.getResponseBody()) {
      body.write(doc.body());
    }
  }

  /** Whether an If-None-Match list names the tag, by weak comparison, or is "*". */
  static boolean names(String ifNoneMatch, String entityTag) {
    if (ifNoneMatch == null) {
      return false;
    }
    String wanted = opaque(entityTag);
    for (String item : List.of(ifNoneMatch.split(","))) {
      String one = item.trim();
      if (one.equals("*") || opaque(one).equals(wanted)) {
        return true;
      }
    }
    return false;
  }

  private static String opaque(String tag) {
    String t = Objects.requireNonNull(tag).trim();
    return t.startsWith("W/") ? t.substring(2) : t;
  }
}
