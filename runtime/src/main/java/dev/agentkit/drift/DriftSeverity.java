package dev.agentkit.drift;

/** How a contract difference bears on an agent that was compiled against the old contract. */
public enum DriftSeverity {
  /** The agent's calls or handlers no longer fit the contract: binding must not proceed. */
  BREAKING,
  /** The contract changed in a way the agent absorbs (the live contract is bound). */
  COMPATIBLE,
  /** A change to an op the agent does not use. */
  INFO;

  /** Lower-case name for reports. */
  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
