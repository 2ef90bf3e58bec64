package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HttpContractSourceTest {
  private static final String SECRET = "Bearer s3cr3t-t0ken-value";
  private static final String TOKEN = "s3cr3t-t0ken-value";
  private static final Duration SHORT = Duration.ofMillis(300);

  private static final Contract CONTRACT =
      Contract.of(
          "taskboard",
          List.of(
              Op.builder("archive_project")
                  .description("Archive a project")
                  .objectType("project")
                  .tier(Tier.IRREVERSIBLE)
                  .operand(Operand.requiredString("project_id", "The project"))
                  .build(),
              Op.builder("set_status")
                  .description("Set a task's status")
                  .objectType("task")
                  .tier(Tier.REVERSIBLE)
                  .operand(Operand.requiredString("task_id", "The task"))
                  .operand(Operand.enumOf("status", true, "open", "blocked", "done"))
                  .build()));

  private HttpServer server;
  private ExecutorService handlers;

  /** The last request's headers (names case-insensitive, as in HTTP) and its raw query. */
  private final Map<String, String> received =
      Collections.synchronizedMap(new TreeMap<>(String.CASE_INSENSITIVE_ORDER));

  private final List<ServerSocket> sockets = new ArrayList<>();
  private final List<Socket> clients = new ArrayList<>();

  @BeforeEach
  void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    handlers = Executors.newCachedThreadPool();
    server.setExecutor(handlers);
    server.start();
  }

  @AfterEach
  void stopServers() throws IOException {
    server.stop(0);
    handlers.shutdownNow();
    for (Socket s : clients) {
      s.close();
    }
    for (ServerSocket s : sockets) {
      s.close();
    }
  }

  @Test
  void fetchesAndParsesTheContract() throws Exception {
    serve(200, "application/json", ContractSnapshot.write(CONTRACT));
    HttpContractSource source = source();

    Contract fetched = source.fetch();

    assertThat(fetched).isEqualTo(CONTRACT);
    assertThat(fetched.digest()).isEqualTo(CONTRACT.digest());
    assertThat(fetched.source()).isEqualTo(url());
    assertThat(received).containsEntry("Accept", "application/json");
  }

  @Test
  void namesTheContractWhenTheBodyDoesNot() throws Exception {
    serve(200, "application/json", "{\"ops\": []}");

    Contract fetched = source().fetch();

    assertThat(fetched.name()).isEqualTo("taskboard");
    assertThat(fetched.isEmpty()).isTrue();
  }

  @Test
  void sendsTheCallersHeadersAndTheQueryStringButShowsNeither() throws Exception {
    serve(200, "application/json", ContractSnapshot.write(CONTRACT));
    HttpContractSource source =
        HttpContractSource.builder(URI.create(url() + "?tenant=acme&key=abc123#top"))
            .contractName("taskboard")
            .header("Authorization", SECRET)
            .header("X-Tenant", "acme")
            .build();

    source.fetch();

    assertThat(received)
        .containsEntry("Authorization", SECRET)
        .containsEntry("X-Tenant", "acme")
        .containsEntry("query", "tenant=acme&key=abc123");
    assertThat(source.describe()).isEqualTo(url());
    assertThat(source)
        .hasToString("HttpContractSource[" + url() + ", headers [Authorization, X-Tenant]]");
  }

  @Test
  void aHeaderSetAgainInAnyCaseReplacesTheValueAndMayReplaceAccept() throws Exception {
    serve(200, "application/json", ContractSnapshot.write(CONTRACT));
    HttpContractSource source =
        HttpContractSource.builder(URI.create(url()))
            .header("Authorization", "Bearer old")
            .header("authorization", SECRET)
            .header("Accept", "application/vnd.taskboard+json")
            .build();

    source.fetch();

    assertThat(received)
        .containsEntry("Authorization", SECRET)
        .containsEntry("Accept", "application/vnd.taskboard+json");
    assertThat(source)
        .hasToString("HttpContractSource[" + url() + ", headers [authorization, Accept]]");
  }

  @Test
  void aStatusOtherThan2xxNamesTheUrlTheStatusAndTheStartOfTheBody() {
    serve(503, "text/plain; charset=utf-8", "backend warming up\n\tretry in a minute\n");

    assertFailure(source())
        .hasMessage(
            "GET "
                + url()
                + " answered HTTP 503 instead of the contract; the response began: \"backend"
                + " warming up retry in a minute\"");
  }

  @Test
  void aStatusWithNoBodyNamesTheUrlAndTheStatus() {
    serve(404, null, "");

    assertFailure(source())
        .hasMessage("GET " + url() + " answered HTTP 404 instead of the contract");
  }

  @Test
  void anErrorBodyThatIsNotTextIsLeftOut() {
    serve(500, "application/octet-stream", "\u0000\u0001binary");

    assertFailure(source())
        .hasMessage("GET " + url() + " answered HTTP 500 instead of the contract");
  }

  @Test
  void aLongErrorBodyIsCutTo200Characters() {
    serve(500, "text/html", "<p>" + "x".repeat(5_000) + "</p>");

    assertFailure(source())
        .hasMessage(
            "GET "
                + url()
                + " answered HTTP 500 instead of the contract; the response began: \"<p>"
                + "x".repeat(197)
                + "…\"");
  }

  @Test
  void aRedirectIsNotFollowedAndItsTargetIsShownWithoutItsQuery() {
    server.createContext(
        "/contract",
        exchange -> {
          exchange.getResponseHeaders().add("Location", "/v2/contract?key=abc123");
          exchange.sendResponseHeaders(302, -1);
          exchange.close();
        });

    assertFailure(source())
        .hasMessage(
            "GET "
                + url()
                + " answered HTTP 302 instead of the contract; it redirects to http://127.0.0.1:"
                + server.getAddress().getPort()
                + "/v2/contract, which is not followed: point the source at that URL");
  }

  @Test
  void anAuthorizationFailurePointsAtTheHeaderAndBlanksAnEchoedCredential() {
    server.createContext(
        "/contract",
        exchange -> {
          String echoed = exchange.getRequestHeaders().getFirst("Authorization");
          respond(exchange, 401, "text/plain", "token " + echoed + " expired; also " + TOKEN);
        });

    assertFailure(source())
        .hasMessage(
            "GET "
                + url()
                + " answered HTTP 401 instead of the contract; check the credentials sent in the"
                + " Authorization header; the response began: \"token [redacted] expired; also"
                + " [redacted]\"");
  }

  @Test
  void aBodyThatIsNotAContractGivesTheParsersMessage() {
    serve(200, "application/json", "{\"ops\": [ {\"opcode\": } ]}");

    Throwable thrown = catchFailure(source());

    assertThat(thrown.getCause()).isInstanceOf(ContractFormatException.class);
    ContractFormatException format = (ContractFormatException) thrown.getCause();
    assertThat(format.origin()).isEqualTo(url());
    assertThat(format.line()).isEqualTo(1);
    assertThat(thrown).hasMessage(format.getMessage()).hasMessageStartingWith(url() + ":1:");
  }

  @Test
  void aStreamedBodyPastTheCapFailsAndReadingStopsAtTheCap() throws Exception {
    AtomicLong written = new AtomicLong();
    AtomicBoolean writeFailed = new AtomicBoolean();
    CountDownLatch handlerDone = new CountDownLatch(1);
    long offered = 256L * 1024 * 1024;
    server.createContext(
        "/contract",
        exchange -> {
          byte[] chunk = new byte[16 * 1024];
          Arrays.fill(chunk, (byte) ' ');
          try (OutputStream out = exchange.getResponseBody()) {
            exchange.sendResponseHeaders(200, 0);
            while (written.get() < offered) {
              out.write(chunk);
              written.addAndGet(chunk.length);
            }
          } catch (IOException e) {
            writeFailed.set(true);
          } finally {
            handlerDone.countDown();
          }
        });
    HttpContractSource source = builder().maxResponseBytes(64 * 1024).build();

    assertFailure(source)
        .hasMessage(
            "GET "
                + url()
                + " sent more than 65536 bytes, the cap on a contract response, so reading stopped"
                + " there; if the contract really is that large, raise maxResponseBytes");
    assertThat(handlerDone.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(writeFailed).isTrue();
    // What the server got out is the cap plus what the socket buffers held, far from all of it.
    assertThat(written.get()).isLessThan(offered / 4);
  }

  @Test
  void aDeclaredLengthPastTheCapFailsWithoutReading() {
    serve(200, "application/json", " ".repeat(70_000));
    HttpContractSource source = builder().maxResponseBytes(64 * 1024).build();

    assertFailure(source)
        .hasMessage(
            "GET "
                + url()
                + " sent more than 65536 bytes, the cap on a contract response, so reading stopped"
                + " there; if the contract really is that large, raise maxResponseBytes");
  }

  @Test
  void aBodyOfExactlyTheCapIsRead() throws Exception {
    String json = ContractSnapshot.write(CONTRACT);
    int cap = json.getBytes(StandardCharsets.UTF_8).length + 1_000;
    serve(200, "application/json", json + " ".repeat(1_000));

    assertThat(builder().maxResponseBytes(cap).build().fetch()).isEqualTo(CONTRACT);
  }

  @Test
  void aBackendThatDoesNotAnswerInTimeFailsNamingTheTimeout() {
    server.createContext(
        "/contract",
        exchange -> {
          sleep(Duration.ofSeconds(10));
          exchange.close();
        });
    HttpContractSource source = builder().requestTimeout(SHORT).build();

    long start = System.nanoTime();
    assertFailure(source)
        .hasMessage(
            "GET "
                + url()
                + " did not answer within the 300ms request timeout; is the backend overloaded, or"
                + " is the timeout too short?");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }

  @Test
  void aBodyThatTricklesPastTheTimeoutsFails() {
    server.createContext(
        "/contract",
        exchange -> {
          try (OutputStream out = exchange.getResponseBody()) {
            exchange.sendResponseHeaders(200, 0);
            out.write("{\"ops\": [".getBytes(StandardCharsets.UTF_8));
            out.flush();
            sleep(Duration.ofSeconds(10));
          }
        });
    // A second each: the headers must come within the request timeout even on a loaded machine,
    // or the failure is the one of a backend that never answered.
    Duration second = Duration.ofSeconds(1);
    HttpContractSource source = builder().connectTimeout(second).requestTimeout(second).build();

    long start = System.nanoTime();
    assertFailure(source)
        .hasMessage(
            "GET "
                + url()
                + " did not finish sending the contract within 2s (its connect and request"
                + " timeouts together); is the backend overloaded, or are the timeouts too short?");
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
  }

  @Test
  void aRefusedConnectionNamesTheUrl() throws Exception {
    int port;
    try (ServerSocket closed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort();
    }
    String url = "http://127.0.0.1:" + port + "/contract";
    HttpContractSource source =
        HttpContractSource.builder(URI.create(url)).header("Authorization", SECRET).build();

    assertFailure(source)
        .hasMessage(
            "could not connect to "
                + url
                + ": the connection was refused or the host is unreachable; is the backend"
                + " running, and is the URL right?");
  }

  @Test
  void aConnectionThatIsNeverAcceptedFailsNamingTheConnectTimeout() throws Exception {
    // A listener with a full accept queue: the kernel drops further connection attempts, so they
    // neither succeed nor get refused.
    ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    sockets.add(listener);
    boolean queueFull = false;
    for (int i = 0; i < 16 && !queueFull; i++) {
      Socket s = new Socket();
      clients.add(s);
      try {
        s.connect(listener.getLocalSocketAddress(), 200);
      } catch (SocketTimeoutException e) {
        queueFull = true;
      }
    }
    assumeThat(queueFull).as("this system drops connections past a full accept queue").isTrue();
    String url = "http://127.0.0.1:" + listener.getLocalPort() + "/contract";
    HttpContractSource source =
        HttpContractSource.builder(URI.create(url))
            .header("Authorization", SECRET)
            .connectTimeout(SHORT)
            .build();

    assertFailure(source)
        .hasMessage(
            "could not connect to "
                + url
                + " within the 300ms connect timeout; is the backend up and reachable from here?");
  }

  @Test
  void aConnectionClosedWithoutAnAnswerNamesTheUrlAndTheReason() throws Exception {
    ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    sockets.add(listener);
    handlers.submit(
        () -> {
          while (!listener.isClosed()) {
            try (Socket s = listener.accept()) {
              s.getInputStream().read();
            }
          }
          return null;
        });
    String url = "http://127.0.0.1:" + listener.getLocalPort() + "/contract";
    HttpContractSource source =
        HttpContractSource.builder(URI.create(url)).header("Authorization", SECRET).build();

    Throwable thrown = catchFailure(source);

    assertThat(thrown.getMessage()).startsWith("GET " + url + " failed: ");
    assertThat(thrown.getMessage()).isEqualTo("GET " + url + " failed: " + reason(thrown));
  }

  @Test
  void aMalformedStatusLineThatEchoesTheCredentialIsRedacted() throws Exception {
    ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    sockets.add(listener);
    handlers.submit(
        () -> {
          while (!listener.isClosed()) {
            try (Socket s = listener.accept()) {
              s.getInputStream().read();
              s.getOutputStream()
                  .write(
                      ("HTTP/1.1 2x0 " + TOKEN + "\r\nContent-Length: 0\r\n\r\n")
                          .getBytes(StandardCharsets.ISO_8859_1));
              s.getOutputStream().flush();
            }
          }
          return null;
        });
    String url = "http://127.0.0.1:" + listener.getLocalPort() + "/contract";
    HttpContractSource source =
        HttpContractSource.builder(URI.create(url)).header("Authorization", SECRET).build();

    Throwable thrown = catchFailure(source);

    assertThat(thrown.getMessage()).startsWith("GET " + url + " failed: ");
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      assertThat(t.toString()).doesNotContain(TOKEN.substring(0, 8));
    }
  }

  @Test
  void anInterruptedFetchKeepsTheInterruptAndNamesTheUrl() throws Exception {
    CountDownLatch arrived = new CountDownLatch(1);
    server.createContext(
        "/contract",
        exchange -> {
          arrived.countDown();
          sleep(Duration.ofSeconds(10));
          exchange.close();
        });
    HttpContractSource source = source();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicBoolean interruptKept = new AtomicBoolean();
    Thread caller =
        new Thread(
            () -> {
              try {
                source.fetch();
              } catch (ContractSourceException e) {
                failure.set(e);
                interruptKept.set(Thread.currentThread().isInterrupted());
              }
            });
    caller.start();
    assertThat(arrived.await(10, TimeUnit.SECONDS)).isTrue();
    caller.interrupt();
    caller.join(10_000);

    assertThat(failure.get())
        .hasMessage("interrupted while fetching the contract from " + url())
        .hasCauseInstanceOf(InterruptedException.class);
    assertNoSecret(failure.get());
    assertThat(interruptKept).isTrue();
  }

  @Test
  void theUrlMustBeAbsolute() {
    assertThatThrownBy(() -> HttpContractSource.builder(URI.create("contract.json")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the contract URL \"contract.json\" is relative; give an absolute http or https URL,"
                + " such as https://backend.example/contract");
  }

  @Test
  void theUrlMustBeHttpOrHttps() {
    assertThatThrownBy(
            () ->
                HttpContractSource.builder(URI.create("ftp://backend.example/contract?key=abc123"))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the contract URL ftp://backend.example/contract uses the scheme \"ftp\";"
                + " HttpContractSource fetches over http or https only");
  }

  @Test
  void theUrlMustNameAHost() {
    assertThatThrownBy(() -> HttpContractSource.builder(URI.create("http:///contract")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the contract URL http:///contract names no host");
  }

  @Test
  void credentialsInTheUrlAreRefusedWithoutBeingShown() {
    assertThatThrownBy(
            () ->
                HttpContractSource.builder(
                        URI.create("https://agent:" + TOKEN + "@backend.example:8443/contract"))
                    .build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the contract URL https://backend.example:8443/contract carries credentials before"
                + " its host (user:password@), which the HTTP client does not send; pass them in a"
                + " header instead, such as header(\"Authorization\", ...)");
  }

  @Test
  void timeoutsAndTheCapMustBePositive() {
    URI uri = URI.create("https://backend.example/contract");
    assertThatThrownBy(() -> HttpContractSource.builder(uri).connectTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the connect timeout must be positive, but it is 0s");
    assertThatThrownBy(() -> HttpContractSource.builder(uri).requestTimeout(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the request timeout must be positive, but it is -1s");
    assertThatThrownBy(() -> HttpContractSource.builder(uri).maxResponseBytes(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxResponseBytes must be positive, but it is 0");
  }

  @Test
  void aHeaderTheClientCannotSendIsRefusedByName() {
    URI uri = URI.create("https://backend.example/contract");
    assertThatThrownBy(() -> HttpContractSource.builder(uri).header("Host", TOKEN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the HTTP client cannot send a header named \"Host\": restricted header name: \"Host\"");
    assertThatThrownBy(() -> HttpContractSource.builder(uri).header("X Token", TOKEN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the HTTP client cannot send a header named \"X Token\": invalid header name: \"X"
                + " Token\"");
  }

  @Test
  void aHeaderValueHttpForbidsIsRefusedWithoutShowingIt() {
    URI uri = URI.create("https://backend.example/contract");
    assertThatThrownBy(
            () -> HttpContractSource.builder(uri).header("Authorization", SECRET + "\r\nX-Evil: 1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the value of header \"Authorization\" contains a line break, a control character or"
                + " a character outside Latin-1, which HTTP does not allow (the value is not"
                + " shown)")
        .hasNoCause();
  }

  private String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/contract";
  }

  private HttpContractSource.Builder builder() {
    return HttpContractSource.builder(URI.create(url()))
        .contractName("taskboard")
        .header("Authorization", SECRET);
  }

  private HttpContractSource source() {
    return builder().build();
  }

  /** Serves a fixed response and records the request's headers and query. */
  private void serve(int status, String contentType, String body) {
    server.createContext("/contract", recording(e -> respond(e, status, contentType, body)));
  }

  private HttpHandler recording(HttpHandler handler) {
    return exchange -> {
      exchange.getRequestHeaders().forEach((name, values) -> received.put(name, values.get(0)));
      String query = exchange.getRequestURI().getRawQuery();
      if (query != null) {
        received.put("query", query);
      }
      handler.handle(exchange);
    };
  }

  private static void respond(HttpExchange exchange, int status, String contentType, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    if (contentType != null) {
      exchange.getResponseHeaders().add("Content-Type", contentType);
    }
    exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  /** The failure of a fetch, checked to carry no credential anywhere in its chain. */
  private static Throwable catchFailure(HttpContractSource source) {
    try {
      source.fetch();
    } catch (ContractSourceException e) {
      assertNoSecret(e);
      assertThat(source.toString()).doesNotContain(TOKEN);
      return e;
    }
    throw new AssertionError("the fetch succeeded");
  }

  private static org.assertj.core.api.AbstractThrowableAssert<?, ? extends Throwable> assertFailure(
      HttpContractSource source) {
    return assertThat(catchFailure(source)).isInstanceOf(ContractSourceException.class);
  }

  private static void assertNoSecret(Throwable thrown) {
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      assertThat(String.valueOf(t.getMessage())).doesNotContain(TOKEN);
      assertThat(t.toString()).doesNotContain(TOKEN);
    }
  }

  private static String reason(Throwable thrown) {
    Throwable cause = thrown.getCause();
    return cause.getMessage() == null ? cause.getClass().getName() : cause.getMessage();
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
