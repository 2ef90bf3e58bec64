package dev.agentkit.source;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.TierOverride;
import java.util.List;

/**
 * A source whose contracts carry the user's tier overrides; see {@link ContractSource#withTiers}.
 */
final class TieredSource implements ContractSource {
  private final ContractSource source;
  private final List<TierOverride> overrides;

  TieredSource(ContractSource source, List<TierOverride> overrides) {
    this.source = source;
    this.overrides = List.copyOf(overrides);
    // Refuses an opcode or pattern given twice now, not at the first fetch.
    Contract.of("", List.of()).withTiers(this.overrides);
  }

  @Override
  public Contract fetch() throws ContractSourceException {
    Contract c = source.fetch();
    return c == null ? null : c.withTiers(overrides);
  }

  @Override
  public ContractFetch fetchUnlessUnchanged(HeldContract held) throws ContractSourceException {
    ContractFetch fetched = source.fetchUnlessUnchanged(held);
    if (fetched == null || fetched.unchanged()) {
      return fetched;
    }
    return fetched.withContract(fetched.contract().orElseThrow().withTiers(overrides));
  }

  @Override
  public String describe() {
    return source.describe();
  }
}
