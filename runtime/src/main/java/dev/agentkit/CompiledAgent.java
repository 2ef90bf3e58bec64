package dev.agentkit;

import dev.agentkit.contract.Contract;
import java.util.Objects;

/**
 * What the processor compiled into an agent's wiring: the agent's name, the ops it uses as the
 * committed snapshot declared them, that snapshot's digest, and whether the processor copied the
 * snapshot into the class output. Startup re-verification compares the live contract with it.
 *
 * @param agent the agent's name, for messages ({@code TriageAgent})
 * @param contract the ops the agent uses, as the snapshot declared them
 * @param digest the digest of the whole snapshot compiled against
 * @param snapshotCopied whether the processor put a copy of the snapshot beside the wiring (it does
 *     when the snapshot records its source document): only then does binding look the copy up, so
 *     that a source whose document is unchanged answers it without mapping the document. A wiring
 *     without a copy never asks the class loaders for one, which in a fresh JVM costs a scan of
 *     every jar on the class path.
 */
public record CompiledAgent(
    String agent, Contract contract, String digest, boolean snapshotCopied) {
  /** Checks every component is present. */
  public CompiledAgent {
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(contract, "contract");
    Objects.requireNonNull(digest, "digest");
  }

  /**
   * An agent compiled against a snapshot the processor did not copy: binding maps the source's
   * document as it is served.
   */
  public CompiledAgent(String agent, Contract contract, String digest) {
    this(agent, contract, digest, false);
  }
}
