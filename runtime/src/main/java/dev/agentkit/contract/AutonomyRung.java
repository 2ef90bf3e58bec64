package dev.agentkit.contract;

/**
 * Whether an act may run without a human: {@link #AUTO} acts may run live, {@link #ASK} acts are
 * withheld and proposed to the user.
 */
public enum AutonomyRung {
  /** Withheld: proposed to a human, who accepts or declines it. */
  ASK,
  /** May run live without asking. */
  AUTO;

  /**
   * The highest rung an act of this tier may reach: read-only and reversible acts may run
   * automatically; every other tier, and a missing one, must be asked.
   */
  public static AutonomyRung maxRungFor(Tier tier) {
    if (tier == Tier.READ_ONLY || tier == Tier.REVERSIBLE) {
      return AUTO;
    }
    return ASK;
  }

  /** The lower of two rungs. */
  public static AutonomyRung min(AutonomyRung a, AutonomyRung b) {
    return a == AUTO && b == AUTO ? AUTO : ASK;
  }
}
