package dev.agentkit;

/** x */
public enum Tier {
  READ_ONLY
}
