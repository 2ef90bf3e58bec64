package dev.agentkit.internal;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Ops as generated wiring compiles them in: as code, one {@link #op} call each, or, for an op whose
 * schema trees are too large to build as Java (a method holds at most 64 KB of bytecode), as the
 * snapshot of a contract of that one op in a string literal, which the wiring reads back once, when
 * its class is initialised, with the snapshot reader itself ({@link #read}), so it is the op the
 * snapshot held. Not API: see the package documentation.
 */
public final class CompiledOps {
  private CompiledOps() {}

  /**
   * An op the wiring compiles in as code, its operands built by {@link Operand}'s factories: the op
   * {@code Op.builder(…)} builds, in one call for javac to resolve rather than a chain of them.
   */
  public static Op op(
      String opcode, String description, String objectType, Tier tier, Operand... operands) {
    return new Op(opcode, description, objectType, tier, List.of(operands));
  }

  /**
   * The one op of a snapshot the processor wrote.
   *
   * @throws IllegalStateException when the text is not such a snapshot, which only a runtime older
   *     than the processor that compiled the wiring gives
   */
  public static Op read(String snapshot) {
    return Snapshots.read(snapshot);
  }

  /**
   * Where a compiled-in snapshot is read. A class apart, so that loading {@link CompiledOps} for
   * {@link #op}, as every first bind does, loads no exception type its handler names.
   */
  private static final class Snapshots {
    static Op read(String snapshot) {
      Contract c;
      try {
        c = ContractSnapshot.parse(snapshot.getBytes(StandardCharsets.UTF_8), "compiled wiring");
      } catch (ContractFormatException e) {
        throw new IllegalStateException(
            "the wiring's compiled-in op cannot be read by this agentkit runtime, which is older"
                + " than the processor that compiled it; use the same agentkit version for both ("
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
}
