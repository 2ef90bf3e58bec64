package dev.agentkit.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * The stdio transport to a server started as a child process: JSON-RPC messages one a line on its
 * stdin and stdout, its stderr kept for messages. Unlike the SDK's, it tells at once when the
 * session is broken ({@link #broken()}): the child exited, or wrote a line on stdout that is not a
 * JSON-RPC message (a log line, which the SDK's transport logs with a stack trace and then stops
 * reading on, so every later answer times out). And {@link #close()} ends the child: stdin closed,
 * then TERM, then KILL, each after a short wait, the child's own children too. Thread-safe.
 */
final class ChildTransport implements McpClientTransport {
  /** The longest line read as one message, as the SDK's transport bounds it. */
  static final int MAX_LINE_CHARS = 16 * 1024 * 1024;

  /** How long the child may take to exit once its stdin is closed, and after TERM. */
  private static final Duration EOF_GRACE = Duration.ofSeconds(1);

  private static final Duration TERM_GRACE = Duration.ofSeconds(1);
  private static final Duration KILL_GRACE = Duration.ofSeconds(2);

  /** How long the last lines of a child that exited may take to be read. */
  private static final Duration EXIT_SETTLE = Duration.ofMillis(500);

  private final List<String> command;
  private final Map<String, String> env;
  private final McpJsonMapper json;
  private final Consumer<String> stderr;
  private final int maxLineChars;
  private final CompletableFuture<Void> broken = new CompletableFuture<>();
  private final List<Thread> readers = new ArrayList<>();
  private Process process;
  private ExecutorService writer;
  private boolean stopped;
  private volatile boolean closing;

  ChildTransport(
      List<String> command,
      Map<String, String> env,
      McpJsonMapper json,
      Consumer<String> stderr,
      int maxLineChars) {
    this.command = List.copyOf(command);
    this.env = Map.copyOf(env);
    this.json = json;
    this.stderr = stderr;
    this.maxLineChars = maxLineChars;
  }

  /** Starts the child: the SDK sends {@code initialize} right after, so it starts here at once. */
  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return Mono.fromRunnable(() -> start(handler));
  }

  private synchronized void start(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    if (stopped || process != null) {
      throw new IllegalStateException("the transport was started or closed already");
    }
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(env);
    try {
      process = builder.start();
    } catch (IOException e) {
      // Reported through broken(), as a failed initialize, not as the SDK's logged stack trace.
      broken.completeExceptionally(new UncheckedIOException(e));
      return;
    }
    String name = "agentkit-mcp-" + process.pid() + "-";
    writer =
        Executors.newSingleThreadExecutor(
            task -> {
              Thread t = new Thread(task, name + "stdin");
              t.setDaemon(true);
              return t;
            });
    InputStream out = process.getInputStream();
    InputStream err = process.getErrorStream();
    reader(name + "stdout", () -> readStdout(out, handler));
    reader(name + "stderr", () -> readStderr(err));
    // A child that exits while another process still holds its stdout is noticed all the same.
    process
        .onExit()
        .thenRunAsync(
            () -> fail(new Exited()),
            CompletableFuture.delayedExecutor(EXIT_SETTLE.toMillis(), TimeUnit.MILLISECONDS));
  }

  private void reader(String name, Runnable body) {
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    readers.add(t);
    t.start();
  }

  /**
   * Completes exceptionally, with {@link Exited}, {@link StdoutNoise} or {@link LineTooLong}, when
   * the session can carry no more answers; never completes while it can.
   */
  Mono<Void> broken() {
    return Mono.fromFuture(broken, true);
  }

  private void fail(RuntimeException why) {
    if (!closing) {
      broken.completeExceptionally(why);
    }
  }

  private void readStdout(
      InputStream in,
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    try {
      Lines.read(
          in,
          maxLineChars,
          (line, cut) -> {
            if (cut) {
              fail(new LineTooLong(maxLineChars));
              return false;
            }
            return deliver(line, handler);
          });
    } catch (IOException e) {
      // Closed under the reader: the same as the end of the stream.
    }
    // The child exited, or closed its stdout: either way no answer can come.
    fail(new Exited());
  }

  private boolean deliver(
      String line,
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    if (line.isBlank()) {
      return true; // an empty line carries nothing, and costs nothing to skip
    }
    McpSchema.JSONRPCMessage message;
    try {
      message = McpSchema.deserializeJsonRpcMessage(json, line);
    } catch (IOException | RuntimeException e) {
      fail(new StdoutNoise(line));
      return false;
    }
    handler.apply(Mono.just(message)).subscribe(handled -> {}, error -> {});
    return true;
  }

  private void readStderr(InputStream in) {
    try {
      Lines.read(
          in,
          maxLineChars,
          (line, cut) -> {
            stderr.accept(line);
            return true;
          });
    } catch (IOException e) {
      // Closed under the reader: nothing more to read.
    }
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return Mono.fromFuture(() -> CompletableFuture.runAsync(() -> write(message), writer()), true);
  }

  private synchronized ExecutorService writer() {
    if (writer == null) {
      throw new IllegalStateException("the transport is not started");
    }
    return writer;
  }

  /** On the one writer thread, so a child that does not read its stdin blocks no caller. */
  private void write(McpSchema.JSONRPCMessage message) {
    try {
      byte[] line = (json.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8);
      OutputStream stdin = process.getOutputStream();
      stdin.write(line);
      stdin.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
    return json.convertValue(data, typeRef);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return Mono.<Void>fromRunnable(this::close).subscribeOn(Schedulers.boundedElastic());
  }

  /**
   * Ends the child and returns when it is gone: closes its stdin and waits a second for it to exit,
   * then sends TERM and waits another, then KILL; its own children (such as the server {@code npx}
   * starts) the same way. Then waits briefly for this transport's threads to end.
   */
  @Override
  public void close() {
    Process p;
    ExecutorService w;
    synchronized (this) {
      if (stopped) {
        return;
      }
      stopped = true;
      closing = true;
      p = process;
      w = writer;
    }
    if (p == null) {
      return;
    }
    List<ProcessHandle> family = new ArrayList<>();
    family.add(p.toHandle());
    family.addAll(p.descendants().toList());
    // After the messages already queued, so the child reads them all before its end of input.
    w.execute(() -> closeQuietly(p.getOutputStream()));
    w.shutdown();
    if (!ended(family, EOF_GRACE)) {
      family.forEach(ProcessHandle::destroy);
      if (!ended(family, TERM_GRACE)) {
        family.forEach(ProcessHandle::destroyForcibly);
        ended(family, KILL_GRACE);
      }
    }
    awaitThreads(w);
  }

  /** Whether every process of the family has exited within {@code grace}. */
  private static boolean ended(List<ProcessHandle> family, Duration grace) {
    CompletableFuture<?>[] exits =
        family.stream().map(ProcessHandle::onExit).toArray(CompletableFuture<?>[]::new);
    try {
      CompletableFuture.allOf(exits).get(grace.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      return family.stream().noneMatch(ProcessHandle::isAlive);
    }
  }

  /** The readers end at the end of the child's streams, the writer once stdin is closed. */
  private void awaitThreads(ExecutorService w) {
    try {
      if (!w.awaitTermination(1, TimeUnit.SECONDS)) {
        w.shutdownNow();
      }
      for (Thread t : readers) {
        t.join(1_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void closeQuietly(OutputStream out) {
    try {
      out.close();
    } catch (IOException e) {
      // The child is gone already: its stdin is closed either way.
    }
  }

  /** The child exited, or closed its stdout. */
  static final class Exited extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Exited() {
      super(null, null, false, false);
    }
  }

  /** The child wrote a line on stdout longer than the longest message read. */
  static final class LineTooLong extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int limit;

    LineTooLong(int limit) {
      super(null, null, false, false);
      this.limit = limit;
    }

    int limit() {
      return limit;
    }
  }
}
