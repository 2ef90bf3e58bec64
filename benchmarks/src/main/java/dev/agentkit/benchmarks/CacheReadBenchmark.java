package dev.agentkit.benchmarks;

import dev.agentkit.contract.Contract;
import dev.agentkit.source.CachedContract;
import dev.agentkit.source.ContractSourceException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * Benchmark 5: reading a cached contract within its ttl from two threads, against a {@code
 * synchronized} holder with the same ttl check, and against a bare volatile read (the floor).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Threads(2)
public class CacheReadBenchmark {
  private CachedContract cached;
  private SynchronizedTtlHolder synchronizedHolder;
  private volatile Contract bare;
  private volatile long bareFetchedAt;

  @Setup
  public void setUp() throws ContractSourceException {
    Contract contract = SyntheticContract.generate("cached", 50, SyntheticContract.SEED);
    cached =
        CachedContract.builder(() -> contract)
            .ttl(Duration.ofHours(1))
            .maxStaleness(Duration.ofHours(2))
            .build();
    cached.fetch();
    synchronizedHolder = new SynchronizedTtlHolder(() -> contract, Duration.ofHours(1));
    synchronizedHolder.fetch();
    bare = contract;
    bareFetchedAt = System.nanoTime();
  }

  /** Ours: a fetch within the ttl. */
  @Benchmark
  public Contract cachedContract() throws ContractSourceException {
    return cached.fetch();
  }

  /** Anchor: the same ttl check under a lock. */
  @Benchmark
  public Contract synchronizedHolder() throws ContractSourceException {
    return synchronizedHolder.fetch();
  }

  /**
   * The floor of any ttl cache that reads the clock: one volatile read and a {@link
   * System#nanoTime()} compare.
   */
  @Benchmark
  public Contract volatileReadWithClock() {
    return System.nanoTime() - bareFetchedAt < Long.MAX_VALUE / 2 ? bare : null;
  }

  /** The floor: one volatile read. */
  @Benchmark
  public Contract volatileRead() {
    return bare;
  }
}
