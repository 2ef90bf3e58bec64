package dev.agentkit.openapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One HTTP exchange with a deadline for the whole of it (head and body) and a cap on the body:
 * reading stops at the cap and the connection is dropped rather than drained.
 */
final class HttpExchange {
  private static final ScheduledExecutorService DEADLINES =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "agentkit-openapi-deadline");
            t.setDaemon(true);
            return t;
          });

  /**
   * A response read up to the cap.
   *
   * @param status the HTTP status
   * @param body the bytes read, at most the cap
   * @param truncated whether there was more than the cap
   * @param sha256 the SHA-256 of the body, computed as it arrived
   */
  record Answer(int status, HttpHeaders headers, byte[] body, boolean truncated, byte[] sha256) {}

  private HttpExchange() {}

  /**
   * Sends the request and reads the answer.
   *
   * @throws TimeoutException when the whole exchange took longer than {@code deadline}
   * @throws IOException when the transport failed
   */
  static Answer send(HttpClient client, HttpRequest request, int cap, Duration deadline)
      throws IOException, InterruptedException, TimeoutException {
    long end = System.nanoTime() + deadline.toNanos();
    CompletableFuture<HttpResponse<InputStream>> pending =
        client.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
    HttpResponse<InputStream> response;
    try {
      response = pending.get(deadline.toNanos(), TimeUnit.NANOSECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof HttpTimeoutException) {
        throw new TimeoutException("no answer in time");
      }
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } catch (TimeoutException | InterruptedException e) {
      pending.cancel(true);
      throw e;
    }
    InputStream in = response.body();
    boolean[] expired = new boolean[1];
    ScheduledFuture<?> closer =
        DEADLINES.schedule(
            () -> {
              expired[0] = true;
              closeQuietly(in);
            },
            Math.max(0, end - System.nanoTime()),
            TimeUnit.NANOSECONDS);
    try {
      return read(response.statusCode(), response.headers(), in, cap);
    } catch (IOException | UncheckedIOException e) {
      if (expired[0]) {
        throw new TimeoutException("the body did not arrive in time");
      }
      throw e instanceof IOException io ? io : ((UncheckedIOException) e).getCause();
    } finally {
      closer.cancel(false);
      closeQuietly(in);
    }
  }

  /**
   * Reads the body up to the cap, hashing it as it arrives; the buffer starts at the size the
   * response announces (within the cap), so a large document is not copied while it grows.
   */
  private static Answer read(int status, HttpHeaders headers, InputStream in, int cap)
      throws IOException {
    long announced = headers.firstValueAsLong("Content-Length").orElse(-1);
    int first = announced >= 0 && announced <= cap ? (int) announced + 1 : 8 * 1024;
    byte[] buf = new byte[Math.min(cap + 1, first)];
    MessageDigest sha = sha256();
    int size = 0;
    while (size <= cap) {
      if (size == buf.length) {
        buf = Arrays.copyOf(buf, (int) Math.min((long) cap + 1, buf.length * 2L));
      }
      int n = in.read(buf, size, buf.length - size);
      if (n < 0) {
        byte[] body = size == buf.length ? buf : Arrays.copyOf(buf, size);
        return new Answer(status, headers, body, false, sha.digest());
      }
      sha.update(buf, size, Math.min(n, cap - size));
      size += n;
    }
    return new Answer(status, headers, Arrays.copyOf(buf, cap), true, sha.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  private static void closeQuietly(InputStream in) {
    try {
      in.close();
    } catch (IOException ignored) {
      // Closing only drops the connection; there is nothing left to report.
    }
  }
}
