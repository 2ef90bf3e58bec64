package dev.agentkit.source;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.TierOverride;
import java.util.List;

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
   * Fetches the contract, unless what the caller {@linkplain HeldContract holds} makes that
   * unnecessary:
   *
   * <ul>
   *   <li>an HTTP source sends the held {@linkplain HeldContract#entityTag() tag} as {@code
   *       If-None-Match} and takes {@code 304 Not Modified} as {@linkplain
   *       ContractFetch#unchanged() unchanged}, so a fleet polling an unchanged contract costs its
   *       backend a header each, not the document;
   *   <li>a source that maps a document of its own (an OpenAPI document) answers the held contract
   *       ({@linkplain ContractFetch#reused() reused}) when the document it fetched is the one that
   *       contract was read from ({@link HeldContract#readFrom}), so an unchanged document costs a
   *       hash, not a mapping.
   * </ul>
   *
   * <p>The answer also carries what the backend said about caching (its tag, its {@code
   * Cache-Control: max-age}). {@link CachedContract} refreshes through this method, and generated
   * wiring binds through it, holding the snapshot it was compiled against.
   *
   * <p>The default fetches in full, ignoring {@code held}. Override it in a source that can do
   * better; answer unchanged only when {@code held} has a tag.
   *
   * @param held what the caller holds; {@link HeldContract#none()} when nothing
   * @throws ContractSourceException as {@link #fetch()} does
   */
  default ContractFetch fetchUnlessUnchanged(HeldContract held) throws ContractSourceException {
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
