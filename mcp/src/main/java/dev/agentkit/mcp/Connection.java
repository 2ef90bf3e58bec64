package dev.agentkit.mcp;

import dev.agentkit.source.Redactor;
import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.ConnectException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import reactor.core.publisher.Mono;

/**
 * One MCP client session, opened on first use and reopened after the transport fails: initialize,
 * then requests, each bounded by its own timeout. Turns every failure into one sentence naming the
 * server (never its credentials), and tells listeners when the server says its tools changed.
 * Thread-safe.
 */
final class Connection implements AutoCloseable {
  /** How long the SDK itself waits for any answer; each request here has a shorter bound. */
  private static final Duration SDK_CEILING = Duration.ofMinutes(10);

  private static final int EXCERPT_CHARS = 300;

  private final Supplier<McpClientTransport> transports;
  private final String origin;
  private final Redactor redactor;
  private final Duration connectTimeout;
  private final StderrTail stderr;
  private final Supplier<String> startProblem;
  private final List<Runnable> toolListeners = new CopyOnWriteArrayList<>();
  private McpAsyncClient client;
  private McpSchema.Implementation serverInfo;
  private boolean closed;

  Connection(
      Supplier<McpClientTransport> transports,
      String origin,
      Redactor redactor,
      Duration connectTimeout,
      StderrTail stderr,
      Supplier<String> startProblem) {
    this.transports = transports;
    this.origin = origin;
    this.redactor = redactor;
    this.connectTimeout = connectTimeout;
    this.stderr = stderr;
    this.startProblem = startProblem;
  }

  /** Where the server is, for messages: never a credential. */
  String origin() {
    return origin;
  }

  Redactor redactor() {
    return redactor;
  }

  void onToolsChanged(Runnable listener) {
    toolListeners.add(listener);
  }

  /** The server's name and version from {@code initialize}, connecting first if need be. */
  synchronized McpSchema.Implementation serverInfo() throws McpFailure {
    client();
    return serverInfo;
  }

  /**
   * Sends one request and waits for its answer at most {@code timeout}. A transport failure closes
   * the session, so the next request opens a new one; an error the server answered keeps it.
   */
  <T> T request(String what, Duration timeout, Function<McpAsyncClient, Mono<T>> send)
      throws McpFailure {
    McpAsyncClient c = client();
    try {
      return send.apply(c).timeout(timeout).block();
    } catch (RuntimeException e) {
      McpFailure failure = classify(what, timeout, e);
      if (!failure.keepsSession()) {
        drop(c);
      }
      throw failure;
    }
  }

  private synchronized McpAsyncClient client() throws McpFailure {
    if (closed) {
      throw new McpFailure(
          McpFailure.Kind.UNAVAILABLE,
          "[McpUnavailable] the connection to " + origin + " is closed");
    }
    if (client != null) {
      return client;
    }
    String problem = startProblem.get();
    if (problem != null) {
      throw new McpFailure(
          McpFailure.Kind.UNAVAILABLE,
          "[McpBadCommand] cannot start the MCP server command of "
              + origin
              + ": "
              + redactor.redact(problem)
              + "; check the command and that it is installed");
    }
    McpClientTransport transport = transports.get();
    McpAsyncClient c;
    try {
      c =
          McpClient.async(transport)
              .clientInfo(McpSchema.Implementation.builder("agentkit", "1").build())
              .requestTimeout(SDK_CEILING)
              .initializationTimeout(connectTimeout)
              .toolsChangeConsumer(tools -> Mono.fromRunnable(this::toolsChanged))
              .build();
    } catch (RuntimeException e) {
      throw withStderr(classify("connecting", connectTimeout, e));
    }
    try {
      McpSchema.InitializeResult init = untilExit(transport, c.initialize()).block();
      serverInfo = init.serverInfo();
    } catch (RuntimeException e) {
      c.close();
      throw withStderr(classify("initialize", connectTimeout, e));
    }
    client = c;
    return c;
  }

  /**
   * {@code initialize} within the connect timeout, or, for a child process, the moment the child
   * exits without answering: a server that dies at start is reported then, not when the timeout
   * runs out.
   */
  private Mono<McpSchema.InitializeResult> untilExit(
      McpClientTransport transport, Mono<McpSchema.InitializeResult> initialize) {
    Mono<McpSchema.InitializeResult> answer = initialize.timeout(connectTimeout);
    if (!(transport instanceof ChildTransport child)) {
      return answer;
    }
    return Mono.firstWithSignal(
        answer, child.exited().then(Mono.<McpSchema.InitializeResult>error(new ServerExited())));
  }

  /** The child process ended before it answered {@code initialize}. */
  private static final class ServerExited extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ServerExited() {
      super(null, null, false, false);
    }
  }

  private void toolsChanged() {
    for (Runnable listener : toolListeners) {
      try {
        listener.run();
      } catch (RuntimeException e) {
        // A listener's failure is its own; the others still hear of the change.
      }
    }
  }

  private synchronized void drop(McpAsyncClient c) {
    if (client == c) {
      client = null;
      c.close();
    }
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (client != null) {
      client.close();
      client = null;
    }
  }

  /** One sentence for a failed exchange, tagged by what went wrong. */
  McpFailure classify(String what, Duration timeout, Throwable e) {
    McpError answered = find(e, McpError.class);
    if (answered != null) {
      return new McpFailure(
          McpFailure.Kind.SERVER_ERROR,
          "[McpServerError] "
              + origin
              + " answered "
              + what
              + " with an error: "
              + redactor.redact(String.valueOf(answered.getMessage())));
    }
    if (find(e, ServerExited.class) != null) {
      if (stderr != null) {
        stderr.awaitQuiet();
      }
      return unavailable(
          origin + " exited before it answered " + what + "; run the command by hand to see why");
    }
    if (find(e, TimeoutException.class) != null) {
      return new McpFailure(
          McpFailure.Kind.TIMED_OUT,
          "[McpUnavailable] "
              + origin
              + " did not answer "
              + what
              + " within "
              + timeout.toMillis()
              + " ms");
    }
    if (find(e, ConnectException.class) != null) {
      return unavailable("could not connect to " + origin + "; is the server running?");
    }
    Throwable root = McpError.findRootCause(e);
    return unavailable(
        what
            + " with "
            + origin
            + " failed: "
            + root.getClass().getSimpleName()
            + (root.getMessage() == null
                ? ""
                : ": " + excerpt(redactor.redact(root.getMessage()))));
  }

  /**
   * At most {@value #EXCERPT_CHARS} characters of what a failure said, so a page of HTML is not.
   */
  private static String excerpt(String text) {
    String t = text.strip();
    return t.length() > EXCERPT_CHARS ? t.substring(0, EXCERPT_CHARS) + "…" : t;
  }

  private static McpFailure unavailable(String sentence) {
    return new McpFailure(McpFailure.Kind.UNAVAILABLE, "[McpUnavailable] " + sentence);
  }

  /**
   * The failure to start a session, with the last lines the child wrote to stderr: a server that
   * dies at start usually says why there.
   */
  private McpFailure withStderr(McpFailure failure) {
    String said = stderr == null ? "" : stderr.excerpt(redactor);
    if (said.isEmpty() || failure.answered()) {
      return failure;
    }
    return new McpFailure(
        failure.kind(), failure.getMessage() + "; the server wrote to stderr: " + said);
  }

  private static <X extends Throwable> X find(Throwable e, Class<X> type) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }
}
