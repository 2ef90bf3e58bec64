package dev.agentkit.maven;

/**
 * One {@code <override>} of a contract's {@code <tiers>}: the user's word on the tier of an op in a
 * document they do not own. It names exactly one of an {@code <opcode>} or a {@code <pattern>}
 * ({@code *} stands for any run of characters), the {@code <tier>} it gives, and, to lower a tier
 * below the source's, a {@code <reason>}.
 *
 * <p>Maven sets the fields by name from the POM.
 */
public class TierConfig {
  /** The opcode, exactly as the contract spells it. */
  String opcode;

  /** A pattern of opcodes, such as {@code repos/*}. */
  String pattern;

  /** {@code read_only}, {@code reversible}, {@code external_reversible} or {@code irreversible}. */
  String tier;

  /** Why a tier below the source's is safe; needed only to lower one. */
  String reason;

  @Override
  public String toString() {
    return "override " + (opcode != null ? opcode : pattern);
  }
}
