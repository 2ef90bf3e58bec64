package dev.agentkit.annotation;

import dev.agentkit.contract.Tier;

/**
 * The tier an {@link Act} asserts the backend gives its op. {@link #BACKEND}, the default, accepts
 * whatever the backend says; any other value is checked against the contract (at compile time
 * against the snapshot, at startup against the live backend) and a difference fails the build or
 * the binding. Annotation attributes cannot be null, so this enum stands for "no assertion" without
 * giving the runtime {@link Tier} an unset constant.
 */
public enum AssertedTier {
  /** No assertion: the backend's tier is taken as is. */
  BACKEND(null),
  /** Asserts {@link Tier#READ_ONLY}. */
  READ_ONLY(Tier.READ_ONLY),
  /** Asserts {@link Tier#REVERSIBLE}. */
  REVERSIBLE(Tier.REVERSIBLE),
  /** Asserts {@link Tier#EXTERNAL_REVERSIBLE}. */
  EXTERNAL_REVERSIBLE(Tier.EXTERNAL_REVERSIBLE),
  /** Asserts {@link Tier#IRREVERSIBLE}. */
  IRREVERSIBLE(Tier.IRREVERSIBLE);

  private final Tier tier;

  AssertedTier(Tier tier) {
    this.tier = tier;
  }

  /** The asserted tier, or null for {@link #BACKEND}. */
  public Tier tier() {
    return tier;
  }
}
