package dev.agentkit.spring;

import dev.agentkit.contract.Contract;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import io.micrometer.observation.Observation;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Observes each fetch of the source under a contract's cache ({@link AgentkitObservation#FETCH},
 * outcome {@code success} or {@code failure}) and keeps the last outcome, for the health indicator.
 * The failure kept is the source's own message, which names the URL without user-info or query
 * string and never a header's value.
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
  private final AgentkitObservations observations;
  private final Clock clock;
  private volatile LastFetch last;

  ObservedSource(
      String contract, ContractSource source, AgentkitObservations observations, Clock clock) {
    this.contract = contract;
    this.source = source;
    this.observations = observations;
    this.clock = clock;
  }

  @Override
  public Contract fetch() throws ContractSourceException {
    AgentkitObservationContext context =
        new AgentkitObservationContext(AgentkitObservation.FETCH, contract, null, null);
    Observation observation = observations.start(context);
    boolean ok = false;
    String failure = "";
    try (Observation.Scope scope = observation.openScope()) {
      Contract c = source.fetch();
      ok = c != null;
      return c;
    } catch (ContractSourceException | RuntimeException e) {
      failure = String.valueOf(e.getMessage());
      observation.error(e);
      throw e;
    } finally {
      context.outcome(ok ? "success" : "failure");
      observation.stop();
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
