package dev.agentkit.benchmarks;

import dev.agentkit.contract.Contract;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import java.time.Duration;

/** The obvious ttl cache: every read takes the lock and checks the clock. The anchor of bench 5. */
final class SynchronizedTtlHolder {
  private final ContractSource source;
  private final long ttlNanos;
  private Contract contract;
  private long fetchedAt;

  SynchronizedTtlHolder(ContractSource source, Duration ttl) {
    this.source = source;
    this.ttlNanos = ttl.toNanos();
  }

  synchronized Contract fetch() throws ContractSourceException {
    long now = System.nanoTime();
    if (contract == null || now - fetchedAt >= ttlNanos) {
      contract = source.fetch();
      fetchedAt = now;
    }
    return contract;
  }
}
