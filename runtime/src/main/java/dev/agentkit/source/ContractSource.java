package dev.agentkit.source;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.TierOverride;
import java.util.List;
import java.util.Optional;

/**
 * Serves a backend's op contract: what it will actually accept. Implement it over whatever the
 * backend already exposes (an HTTP endpoint, a list-ops RPC); {@link HttpContractSource} and {@link
 * CachedContract} are provided.
 *
 * <p>Implementations must be safe to call from several threads.
 */
public interface ContractSource {
  /**
   * Fetches the contract.
   *
   * @throws ContractSourceException when the contract cannot be had; binding then fails closed
   */
  Contract fetch() throws ContractSourceException;

  /**
   * Fetches the contract unless the backend says it is still the one {@code last} tags: an HTTP
   * source sends {@code If-None-Match} and takes {@code 304 Not Modified} as {@linkplain
   * ContractFetch#unchanged() unchanged}, so a fleet polling an unchanged contract costs its
   * backend a header each, not the document. The answer also carries what the backend said about
   * caching (its tag, its {@code Cache-Control: max-age}). {@link CachedContract} refreshes through
   * this method.
   *
   * <p>The default fetches in full, ignoring {@code last}. Override it in a source whose backend
   * can answer "unchanged"; answer unchanged only when {@code last} is present.
   *
   * @param last the tag of the contract held, from the previous answer; empty when none is held or
   *     the backend gave no tag
   * @throws ContractSourceException as {@link #fetch()} does
   */
  default ContractFetch fetchUnlessUnchanged(Optional<EntityTag> last)
      throws ContractSourceException {
    Contract contract = fetch();
    return contract == null ? null : ContractFetch.of(contract);
  }

  /**
   * Where the contract comes from, for messages: a URL, a class name. Never contains credentials.
   */
  default String describe() {
    return getClass().getName();
  }

  /**
   * This source with the user's word on tiers: every contract it fetches has these overrides
   * applied ({@link Contract#withTiers}), for a document you do not own. Wrap the source a {@link
   * CachedContract} caches, not the cache. Generated wiring applies the overrides its snapshot
   * recorded instead, when it recorded any. Check the overrides against a contract in a test with
   * {@link TierOverride#check}: here one that matches nothing changes nothing.
   *
   * @throws IllegalArgumentException when an opcode or a pattern is given twice
   */
  default ContractSource withTiers(List<TierOverride> overrides) {
    return new TieredSource(this, overrides);
  }
}
