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
  private final Redactor errors;
  private final Duration connectTimeout;
  private final StderrTail stderr;
  private final Supplier<String> startProblem;
  private final List<Runnable> toolListeners = new CopyOnWriteArrayList<>();
  private Session session;
  private McpSchema.Implementation serverInfo;
  private boolean closed;
  // Whether a session was ever opened: a later one is a reopening, which may have missed notices.
  private boolean opened;
  // Whether the last initialize declared capabilities.tools.listChanged.
  private volatile boolean listChanged;

  Connection(
      Supplier<McpClientTransport> transports,
      String origin,
      Redactor redactor,
      Redactor errors,
      Duration connectTimeout,
      StderrTail stderr,
      Supplier<String> startProblem) {
    this.transports = transports;
    this.origin = origin;
    this.redactor = redactor;
    this.errors = errors;
    this.connectTimeout = connectTimeout;
    this.stderr = stderr;
    this.startProblem = startProblem;
  }

  /** Where the server is, for messages: never a credential. */
  String origin() {
    return origin;
  }

  /** Blanks the credentials out of what the server serves: its stamp, results and warnings. */
  Redactor redactor() {
    return redactor;
  }

  /**
   * Blanks the credentials and the command's arguments out of what the server wrote that reaches an
   * error: its stderr, a stray stdout line, its error answers. A server's usage error or crash
   * report often prints its whole command line.
   */
  Redactor errors() {
    return errors;
  }

  void onToolsChanged(Runnable listener) {
    toolListeners.add(listener);
  }

  /** The server's name and version from {@code initialize}, connecting first if need be. */
  synchronized McpSchema.Implementation serverInfo() throws McpFailure {
    session("initialize");
    return serverInfo;
  }

  /**
   * Sends one request and waits for its answer at most {@code timeout}, or until the session breaks
   * (a child process that exits or writes what is not JSON-RPC on stdout). A transport failure
   * closes the session, so the next request opens a new one; an error the server answered keeps it.
   */
  <T> T request(String what, Duration timeout, Function<McpAsyncClient, Mono<T>> send)
      throws McpFailure {
    Session s = session(what);
    try {
      return s.guard(send.apply(s.client()).timeout(timeout)).block();
    } catch (RuntimeException e) {
      McpFailure failure = classify(what, timeout, e);
      if (!failure.keepsSession()) {
        drop(s);
      }
      throw failure;
    }
  }

  /** A client and what tells that its transport broke: never, over HTTP. */
  private record Session(McpAsyncClient client, Mono<Void> broken) {
    /** The answer, or the failure of the transport if that comes first. */
    <T> Mono<T> guard(Mono<T> answer) {
      return Mono.firstWithSignal(answer, broken.then(Mono.<T>empty()));
    }
  }

  /**
   * The open session, opening one first if need be.
   *
   * @param what the request it is opened for: a session reopened for anything but {@code
   *     tools/list} tells the tool listeners, since a notice sent while none was open is lost
   */
  private synchronized Session session(String what) throws McpFailure {
    if (closed) {
      throw unavailable(McpMessage.CLOSED, origin);
    }
    if (session != null) {
      return session;
    }
    String problem = startProblem.get();
    if (problem != null) {
      throw unavailable(McpMessage.BAD_COMMAND, origin, errors.redact(problem));
    }
    McpClientTransport transport = transports.get();
    Session s;
    try {
      // The SDK answers tools/list_changed by listing every page itself, with no bound on the
      // pages, their size or the time; the tap hands the notice to the listeners instead.
      McpAsyncClient c =
          McpClient.async(new ListChangedTap(transport, this::toolsChanged))
              .clientInfo(McpSchema.Implementation.builder("agentkit", "1").build())
              .requestTimeout(SDK_CEILING)
              .initializationTimeout(connectTimeout)
              .build();
      s = new Session(c, transport instanceof ChildTransport child ? child.broken() : Mono.never());
    } catch (RuntimeException e) {
      transport.close();
      throw withStderr(classify("connecting", connectTimeout, e));
    }
    try {
      // A child that exits or writes a log line on stdout is reported then, not at the timeout.
      McpSchema.InitializeResult init =
          s.guard(s.client().initialize().timeout(connectTimeout)).block();
      serverInfo = init.serverInfo();
      McpSchema.ServerCapabilities capabilities = init.capabilities();
      listChanged =
          capabilities != null
              && capabilities.tools() != null
              && Boolean.TRUE.equals(capabilities.tools().listChanged());
    } catch (RuntimeException e) {
      s.client().close();
      throw withStderr(classify("initialize", connectTimeout, e));
    }
    session = s;
    if (opened && !what.equals("tools/list")) {
      // Notices sent while no session was open were lost: the tools may have changed meanwhile.
      // A listing needs no notice: it reads the tools as they are now.
      toolsChanged();
    }
    opened = true;
    return s;
  }

  /**
   * Whether the server declared at its last {@code initialize} that it sends {@code
   * notifications/tools/list_changed}; false before a session was opened.
   */
  boolean announcesToolChanges() {
    return listChanged;
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

  private synchronized void drop(Session s) {
    if (session == s) {
      session = null;
      s.client().close();
    }
  }

  /** Ends the session; for a child process, returns once the child is gone. */
  @Override
  public synchronized void close() {
    closed = true;
    if (session != null) {
      session.client().close();
      session = null;
    }
  }

  /** One sentence for a failed exchange, tagged by what went wrong. */
  McpFailure classify(String what, Duration timeout, Throwable e) {
    for (Rule<?> rule : rules) {
      McpFailure failure = rule.apply(e, what, timeout);
      if (failure != null) {
        return failure;
      }
    }
    Throwable root = McpError.findRootCause(e);
    return unavailable(
        McpMessage.EXCHANGE_FAILED,
        what,
        origin,
        root.getClass().getSimpleName(),
        root.getMessage() == null ? "" : ": " + excerpt(errors.redact(root.getMessage())));
  }

  /** The sentence for a failure whose cause chain holds a {@code T}. */
  private interface Sentence<T extends Throwable> {
    McpFailure of(T cause, String what, Duration timeout);
  }

  /** One row of {@link #rules}: the cause looked for, and what it says. */
  private record Rule<T extends Throwable>(Class<T> type, Sentence<T> sentence) {
    McpFailure apply(Throwable e, String what, Duration timeout) {
      T cause = find(e, type);
      return cause == null ? null : sentence.of(cause, what, timeout);
    }
  }

  /** The causes a failure is classified by, in the order they are looked for in its chain. */
  private final List<Rule<?>> rules =
      List.of(
          new Rule<>(McpError.class, this::answeredWithError),
          new Rule<>(StdoutNoise.class, this::stdoutNoise),
          new Rule<>(ChildTransport.LineTooLong.class, this::lineTooLong),
          new Rule<>(ChildTransport.Exited.class, this::exited),
          new Rule<>(TimeoutException.class, this::timedOut),
          new Rule<>(ConnectException.class, this::refused));

  private McpFailure answeredWithError(McpError answered, String what, Duration timeout) {
    return new McpFailure(
        McpFailure.Kind.SERVER_ERROR,
        McpMessage.SERVER_ERROR.format(
            origin, what, errors.redact(String.valueOf(answered.getMessage()))));
  }

  private McpFailure stdoutNoise(StdoutNoise noise, String what, Duration timeout) {
    return unavailable(McpMessage.STDOUT_NOISE, origin, what, noise.excerpt(errors));
  }

  private McpFailure lineTooLong(
      ChildTransport.LineTooLong tooLong, String what, Duration timeout) {
    return unavailable(McpMessage.LINE_TOO_LONG, origin, tooLong.limit(), what);
  }

  private McpFailure exited(ChildTransport.Exited exited, String what, Duration timeout) {
    if (stderr != null) {
      stderr.awaitQuiet();
    }
    return unavailable(McpMessage.EXITED, origin, what);
  }

  private McpFailure timedOut(TimeoutException late, String what, Duration timeout) {
    return new McpFailure(
        McpFailure.Kind.TIMED_OUT, McpMessage.TIMED_OUT.format(origin, what, timeout.toMillis()));
  }

  private McpFailure refused(ConnectException refused, String what, Duration timeout) {
    return unavailable(McpMessage.REFUSED, origin);
  }

  /**
   * At most {@value #EXCERPT_CHARS} characters of what a failure said, so a page of HTML is not.
   */
  private static String excerpt(String text) {
    String t = text.strip();
    return t.length() > EXCERPT_CHARS ? t.substring(0, EXCERPT_CHARS) + "…" : t;
  }

  private static McpFailure unavailable(McpMessage message, Object... args) {
    return new McpFailure(McpFailure.Kind.UNAVAILABLE, message.format(args));
  }

  /**
   * The failure to start a session, with the last lines the child wrote to stderr: a server that
   * dies at start usually says why there.
   */
  private McpFailure withStderr(McpFailure failure) {
    String said = stderr == null ? "" : stderr.excerpt(errors);
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
