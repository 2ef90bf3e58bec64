package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.source.ContractFetch;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.HeldContract;

/**
 * A source described by the text the POM names it with, so that the snapshot's {@code source} is
 * the same on every machine (a relative path, not where the checkout happens to be).
 */
record Stamped(ContractSource source, String stamp) implements ContractSource {
  @Override
  public Contract fetch() throws ContractSourceException {
    return source.fetch();
  }

  @Override
  public ContractFetch fetchUnlessUnchanged(HeldContract held) throws ContractSourceException {
    return source.fetchUnlessUnchanged(held);
  }

  @Override
  public String describe() {
    return stamp;
  }
}
