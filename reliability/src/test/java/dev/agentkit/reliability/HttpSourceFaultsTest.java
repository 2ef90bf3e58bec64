package dev.agentkit.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.agentkit.benchmarks.SyntheticContract;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.HttpContractSource;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link HttpContractSource} against a raw loopback server that misbehaves in each way a backend
 * can: every fault is a {@link ContractSourceException} naming the URL and what went wrong.
 */
class HttpSourceFaultsTest {
  private static final byte[] CONTRACT =
      SyntheticContract.snapshotBytes(SyntheticContract.generate("faults", 3, 1));

  private ServerSocket server;
  private Thread serving;

  @AfterEach
  void stop() throws Exception {
    if (server != null) {
      server.close();
      serving.join(5_000);
    }
  }

  /** Serves every connection with {@code handler}, which writes the raw response. */
  private URI serve(Consumer<Socket> handler) throws IOException {
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    serving =
        new Thread(
            () -> {
              while (!server.isClosed()) {
                try (Socket s = server.accept()) {
                  readHead(s.getInputStream());
                  handler.accept(s);
                } catch (IOException e) {
                  // Closed by the test, or the client gave up: the next accept decides.
                }
              }
            });
    serving.setDaemon(true);
    serving.start();
    return URI.create("http://127.0.0.1:" + server.getLocalPort() + "/contract");
  }

  private static void readHead(InputStream in) throws IOException {
    int state = 0;
    while (state < 4) {
      int b = in.read();
      if (b < 0) {
        return;
      }
      state = (b == '\r' || b == '\n') ? state + 1 : 0;
    }
  }

  private static void write(Socket s, String head, byte[] body) {
    try {
      OutputStream out = s.getOutputStream();
      out.write(head.getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static String fetchFailure(URI uri, int cap, Duration timeout) {
    HttpContractSource source =
        HttpContractSource.builder(uri)
            .contractName("faults")
            .maxResponseBytes(cap)
            .connectTimeout(timeout)
            .requestTimeout(timeout)
            .build();
    ContractSourceException e = catchThrowableOfType(ContractSourceException.class, source::fetch);
    assertThat(e).as("a fault must be a ContractSourceException").isNotNull();
    assertThat(e.getMessage()).contains("127.0.0.1:" + uri.getPort() + "/contract");
    return e.getMessage();
  }

  private static String fetchFailure(URI uri) {
    return fetchFailure(uri, 1 << 20, Duration.ofSeconds(2));
  }

  @Test
  void connectionRefused() throws IOException {
    int port;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = probe.getLocalPort();
    }
    String m = fetchFailure(URI.create("http://127.0.0.1:" + port + "/contract"));
    assertThat(m).contains("connection was refused");
  }

  @Test
  void resetMidBody() throws IOException {
    URI uri =
        serve(
            s -> {
              write(
                  s,
                  "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                      + CONTRACT.length
                      + "\r\n\r\n",
                  java.util.Arrays.copyOf(CONTRACT, CONTRACT.length / 2));
              try {
                s.setSoLinger(true, 0);
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    String m = fetchFailure(uri);
    assertThat(m).containsAnyOf("failed", "closed", "reset", "EOF");
  }

  @Test
  void slowBackend() throws IOException {
    URI uri =
        serve(
            s -> {
              try {
                Thread.sleep(3_000);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    String m = fetchFailure(uri, 1 << 20, Duration.ofMillis(300));
    assertThat(m).containsAnyOf("timed out", "within", "timeout");
  }

  @Test
  void truncatedBody() throws IOException {
    URI uri =
        serve(
            s ->
                write(
                    s,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n",
                    java.util.Arrays.copyOf(CONTRACT, CONTRACT.length - 40)));
    String m = fetchFailure(uri);
    assertThat(m).contains("ends in the middle of the JSON document (it was cut off)");
  }

  @Test
  void oversizedBody() throws IOException {
    URI uri =
        serve(
            s ->
                write(
                    s,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n",
                    CONTRACT));
    String m = fetchFailure(uri, 1_000, Duration.ofSeconds(2));
    assertThat(m).contains("sent more than 1000 bytes");
  }

  @Test
  void invalidUtf8() throws IOException {
    byte[] body = CONTRACT.clone();
    int at = new String(CONTRACT, StandardCharsets.ISO_8859_1).indexOf("\"description\": \"") + 17;
    body[at] = (byte) 0xC3;
    body[at + 1] = (byte) 0x28;
    URI uri =
        serve(
            s ->
                write(
                    s,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                        + body.length
                        + "\r\n\r\n",
                    body));
    String m = fetchFailure(uri);
    assertThat(m).containsIgnoringCase("UTF-8");
  }

  @Test
  void wrongContentType() throws IOException {
    byte[] page = "<html><body>Service login</body></html>".getBytes(StandardCharsets.UTF_8);
    URI uri =
        serve(
            s ->
                write(
                    s,
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: "
                        + page.length
                        + "\r\n\r\n",
                    page));
    String m = fetchFailure(uri);
    assertThat(m).contains("/contract:1:1: at $: the served contract is not valid JSON");
  }
}
