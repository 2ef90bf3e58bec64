package dev.agentkit.source;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waiting for what a cache does in the background, with a deadline that fails the test. */
final class Waits {
  private Waits() {}

  /** Returns once {@code condition} holds; fails the test after 10 seconds. */
  static void until(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out");
      }
      Thread.sleep(5);
    }
  }
}
