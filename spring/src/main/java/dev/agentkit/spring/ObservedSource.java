package dev.agentkit.spring;

import dev.agentkit.contract.Contract;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Times each fetch of the source under a contract's cache and keeps the last outcome, for the
 * metrics and the health indicator. The failure kept is the source's own message, which names the
 * URL without user-info or query string and never a header's value.
 */
final class ObservedSource implements ContractSource {
  /**
   * The last fetch.
   *
   * @param ok whether it returned a contract
   * @param at when it finished
   * @param failure the source's message when it failed, else empty
   */
  record LastFetch(boolean ok, Instant at, String failure) {}

  private final String contract;
  private final ContractSource source;
  private final AgentObserver observer;
  private final Clock clock;
  private volatile LastFetch last;

  ObservedSource(String contract, ContractSource source, AgentObserver observer, Clock clock) {
    this.contract = contract;
    this.source = source;
    this.observer = observer;
    this.clock = clock;
  }

  @Override
  public Contract fetch() throws ContractSourceException {
    long start = System.nanoTime();
    boolean ok = false;
    String failure = "";
    try {
      Contract c = source.fetch();
      ok = c != null;
      return c;
    } catch (ContractSourceException | RuntimeException e) {
      failure = String.valueOf(e.getMessage());
      throw e;
    } finally {
      observer.fetched(contract, System.nanoTime() - start, ok);
      last = new LastFetch(ok, clock.instant(), failure);
    }
  }

  /** The last fetch, if there was one. */
  Optional<LastFetch> last() {
    return Optional.ofNullable(last);
  }

  @Override
  public String describe() {
    return source.describe();
  }

  @Override
  public String toString() {
    return source.toString();
  }
}
