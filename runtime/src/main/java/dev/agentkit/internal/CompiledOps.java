package dev.agentkit.internal;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import java.nio.charset.StandardCharsets;

/**
 * Ops compiled into generated wiring as snapshot text: the annotation processor writes an op whose
 * schema trees are too large to build as Java (a method holds at most 64 KB of bytecode) as the
 * snapshot of a contract of that one op, in a string literal, and the wiring reads it back once,
 * when its class is initialised, with the snapshot reader itself, so it is the op the snapshot
 * held. Not API: see the package documentation.
 */
public final class CompiledOps {
  private CompiledOps() {}

  /**
   * The one op of a snapshot the processor wrote.
   *
   * @throws IllegalStateException when the text is not such a snapshot, which only a runtime older
   *     than the processor that compiled the wiring gives
   */
  public static Op read(String snapshot) {
    Contract c;
    try {
      c = ContractSnapshot.parse(snapshot.getBytes(StandardCharsets.UTF_8), "compiled wiring");
    } catch (ContractFormatException e) {
      throw new IllegalStateException(
          "the wiring's compiled-in op cannot be read by this agentkit runtime, which is older than"
              + " the processor that compiled it; use the same agentkit version for both ("
              + e.getMessage()
              + ")",
          e);
    }
    if (c.ops().size() != 1) {
      throw new IllegalStateException(
          "a compiled-in snapshot holds " + c.ops().size() + " ops, not one");
    }
    return c.ops().get(0);
  }
}
