package dev.agentkit.source;

import dev.agentkit.contract.Contract;
import java.net.http.HttpHeaders;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What a {@linkplain ContractSource#fetchUnlessUnchanged conditional fetch} learned: either the
 * contract, or that the contract is the one fetched last time ({@linkplain #unchanged()
 * unchanged}), and with either, what the backend said about caching it. A contract is either read
 * from what the backend sent, or {@linkplain #reused() reused}: the document sent was the one the
 * {@linkplain HeldContract held} contract was read from, so it was not mapped again.
 *
 * <ul>
 *   <li>{@link #entityTag()}: the backend's validator for this contract (an HTTP {@code ETag}),
 *       sent back on the next fetch so that an unchanged contract costs a {@code 304} instead of
 *       its bytes.
 *   <li>{@link #maxAge()}: how long the backend says the answer is fresh (HTTP {@code
 *       Cache-Control: max-age}); a {@link CachedContract} serves it that long instead of its ttl,
 *       never past its max staleness.
 * </ul>
 *
 * <p>Immutable.
 */
public final class ContractFetch {
  private final Contract contract;
  private final EntityTag entityTag;
  private final Duration maxAge;
  private final boolean reused;

  private ContractFetch(Contract contract, EntityTag entityTag, Duration maxAge) {
    this(contract, entityTag, maxAge, false);
  }

  private ContractFetch(Contract contract, EntityTag entityTag, Duration maxAge, boolean reused) {
    this.contract = contract;
    this.entityTag = entityTag;
    this.maxAge = maxAge;
    this.reused = reused;
    if (maxAge != null && maxAge.isNegative()) {
      throw new IllegalArgumentException(
          "a max age cannot be negative, but it is " + maxAge + "; give zero for \"revalidate\"");
    }
  }

  /** The contract, with nothing said about caching it. */
  public static ContractFetch of(Contract contract) {
    return new ContractFetch(Objects.requireNonNull(contract, "contract"), null, null);
  }

  /**
   * The contract, with the backend's validator and max age where it gave them.
   *
   * @throws IllegalArgumentException when the max age is negative
   */
  public static ContractFetch of(
      Contract contract, Optional<EntityTag> entityTag, Optional<Duration> maxAge) {
    return new ContractFetch(
        Objects.requireNonNull(contract, "contract"), entityTag.orElse(null), maxAge.orElse(null));
  }

  /**
   * The contract is the one the validator sent stands for (HTTP {@code 304 Not Modified}), with the
   * validator and max age the backend sent with that answer, where it did.
   *
   * @throws IllegalArgumentException when the max age is negative
   */
  public static ContractFetch unchanged(Optional<EntityTag> entityTag, Optional<Duration> maxAge) {
    return new ContractFetch(null, entityTag.orElse(null), maxAge.orElse(null));
  }

  /**
   * The contract held ({@link HeldContract#readFrom}), because the document fetched is the one it
   * was read from: answered without mapping the document again, with the backend's validator and
   * max age where it gave them.
   *
   * @throws IllegalArgumentException when the max age is negative
   */
  public static ContractFetch reused(
      Contract held, Optional<EntityTag> entityTag, Optional<Duration> maxAge) {
    return new ContractFetch(
        Objects.requireNonNull(held, "held"), entityTag.orElse(null), maxAge.orElse(null), true);
  }

  /**
   * The contract held, reused because an HTTP response carried the document it was read from, with
   * the tag and freshness the response's headers give, as {@link #ofHttp} reads them.
   */
  public static ContractFetch reusedHttp(Contract held, HttpHeaders headers) {
    ContractFetch read = HttpCaching.fetched(Objects.requireNonNull(held, "held"), headers);
    return new ContractFetch(held, read.entityTag, read.maxAge, true);
  }

  /**
   * The contract an HTTP response carried, with the tag its {@code ETag} gives and the freshness
   * its {@code Cache-Control} gives ({@code max-age}; zero for {@code no-cache} or {@code
   * no-store}), where they are well formed; for a source that fetches over HTTP.
   */
  public static ContractFetch ofHttp(Contract contract, HttpHeaders headers) {
    return HttpCaching.fetched(Objects.requireNonNull(contract, "contract"), headers);
  }

  /**
   * A {@code 304 Not Modified} response: unchanged, with the tag and freshness its headers give.
   */
  public static ContractFetch unchangedHttp(HttpHeaders headers) {
    return HttpCaching.unchanged(headers);
  }

  /** Whether the backend said the contract is the one fetched last time. */
  public boolean unchanged() {
    return contract == null;
  }

  /**
   * Whether the contract is the held one, answered because the document fetched is the one it was
   * read from, rather than one mapped from what the backend sent.
   */
  public boolean reused() {
    return reused;
  }

  /** The contract fetched; empty when {@linkplain #unchanged() unchanged}. */
  public Optional<Contract> contract() {
    return Optional.ofNullable(contract);
  }

  /** The backend's validator for the contract, where it gave one. */
  public Optional<EntityTag> entityTag() {
    return Optional.ofNullable(entityTag);
  }

  /** How long the backend says this answer is fresh, where it said. */
  public Optional<Duration> maxAge() {
    return Optional.ofNullable(maxAge);
  }

  /** This fetch with its contract replaced, keeping what the backend said about caching. */
  ContractFetch withContract(Contract replaced) {
    return new ContractFetch(replaced, entityTag, maxAge, reused);
  }

  /** Names what was learned; not the validator's text, which is the backend's to choose. */
  @Override
  public String toString() {
    return "ContractFetch["
        + (contract == null ? "unchanged" : contract.name() + " " + contract.digest())
        + (reused ? ", reused" : "")
        + (entityTag == null ? "" : ", with an entity tag")
        + (maxAge == null ? "" : ", max age " + maxAge)
        + "]";
  }
}
