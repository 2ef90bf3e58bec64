package dev.agentkit.source;

import dev.agentkit.contract.Contract;

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
   * Where the contract comes from, for messages: a URL, a class name. Never contains credentials.
   */
  default String describe() {
    return getClass().getName();
  }
}
