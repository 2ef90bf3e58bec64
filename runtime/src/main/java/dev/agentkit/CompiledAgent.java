package dev.agentkit;

import dev.agentkit.contract.Contract;
import java.util.Objects;

/**
 * What the processor compiled into an agent's wiring: the agent's name, the ops it uses as the
 * committed snapshot declared them, and that snapshot's digest. Startup re-verification compares
 * the live contract with it.
 *
 * @param agent the agent's name, for messages ({@code TriageAgent})
 * @param contract the ops the agent uses, as the snapshot declared them
 * @param digest the digest of the whole snapshot compiled against
 */
public record CompiledAgent(String agent, Contract contract, String digest) {
  /** Checks every component is present. */
  public CompiledAgent {
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(contract, "contract");
    Objects.requireNonNull(digest, "digest");
  }
}
