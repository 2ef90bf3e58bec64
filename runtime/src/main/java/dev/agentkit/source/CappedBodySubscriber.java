package dev.agentkit.source;

import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * Reads a response body into memory up to a cap, one buffer at a time. Past the cap it stops
 * reading, cancels the subscription (so the client drops the connection instead of draining it) and
 * completes with what it has, marked truncated. The caller decides whether truncation is an error
 * (a contract) or fine (the excerpt of an error page).
 */
final class CappedBodySubscriber implements HttpResponse.BodySubscriber<CappedBodySubscriber.Body> {
  /**
   * A body read up to the cap.
   *
   * @param bytes the bytes read, at most the cap
   * @param truncated whether the response had more than the cap (the rest was not read)
   */
  record Body(byte[] bytes, boolean truncated) {}

  private final int cap;
  private final boolean knownTooLarge;
  private final CompletableFuture<Body> result = new CompletableFuture<>();
  private Flow.Subscription subscription;
  private byte[] buffer;
  private int size;

  /**
   * A subscriber reading at most {@code cap} bytes. With {@code knownTooLarge} (a declared length
   * past the cap) it reads nothing and completes truncated at once.
   */
  CappedBodySubscriber(int cap, boolean knownTooLarge) {
    this.cap = cap;
    this.knownTooLarge = knownTooLarge;
    this.buffer = new byte[Math.min(cap, 8 * 1024)];
  }

  /** A handler reading 2xx bodies up to {@code cap} and other bodies up to {@code errorCap}. */
  static HttpResponse.BodyHandler<Body> handler(int cap, int errorCap) {
    return info -> {
      boolean success = info.statusCode() / 100 == 2;
      int limit = success ? cap : errorCap;
      long declared = info.headers().firstValueAsLong("Content-Length").orElse(-1);
      return new CappedBodySubscriber(limit, success && declared > limit);
    };
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (knownTooLarge) {
      subscription.cancel();
      result.complete(new Body(new byte[0], true));
      return;
    }
    subscription.request(1);
  }

  @Override
  public void onNext(List<ByteBuffer> items) {
    if (result.isDone()) {
      return;
    }
    for (ByteBuffer item : items) {
      int room = cap - size;
      if (item.remaining() > room) {
        append(item, room);
        subscription.cancel();
        result.complete(new Body(Arrays.copyOf(buffer, size), true));
        return;
      }
      append(item, item.remaining());
    }
    subscription.request(1);
  }

  @Override
  public void onError(Throwable failure) {
    result.completeExceptionally(failure);
  }

  @Override
  public void onComplete() {
    result.complete(new Body(Arrays.copyOf(buffer, size), false));
  }

  @Override
  public CompletionStage<Body> getBody() {
    return result;
  }

  private void append(ByteBuffer item, int count) {
    if (count == 0) {
      return;
    }
    if (size + count > buffer.length) {
      int grown = (int) Math.min(cap, Math.max((long) buffer.length * 2, (long) size + count));
      buffer = Arrays.copyOf(buffer, grown);
    }
    item.get(buffer, size, count);
    size += count;
  }
}
