package dev.agentkit.source;

import java.util.function.LongSupplier;

/**
 * Test access to {@link CachedContract}'s package-private clock, for tests in other packages that
 * need a cache whose age they control.
 */
public final class CachedContracts {
  private CachedContracts() {}

  /** The builder reading time from {@code nanoTime} instead of {@link System#nanoTime()}. */
  public static CachedContract.Builder withNanoTime(
      CachedContract.Builder builder, LongSupplier nanoTime) {
    return builder.nanoTime(nanoTime);
  }
}
