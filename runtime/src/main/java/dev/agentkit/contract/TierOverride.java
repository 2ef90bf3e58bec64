package dev.agentkit.contract;

import java.util.List;
import java.util.Objects;

/**
 * The user's word on the tier of ops in a contract they do not own: {@code pulls/merge} is
 * irreversible whatever the document says. An override names one opcode exactly, or a pattern of
 * opcodes in which {@code *} stands for any run of characters ({@code repos/*}).
 *
 * <p>Raising a tier (toward more oversight) needs no reason. An override given no reason never
 * lowers: when the source's tier is above it, the source's tier stands. An override with a reason
 * sets the tier it gives, lower or not. When an exact override and a pattern match one opcode, the
 * exact one wins; of several patterns, the one with the most characters besides {@code *} wins, and
 * of patterns as specific as each other, the highest tier. Apply overrides with {@link
 * Contract#withTiers}; {@link #check} says what is wrong with them for a given contract.
 *
 * @param opcode the opcode this override names exactly, or empty for a pattern
 * @param pattern the pattern of opcodes this override names, or empty for an exact opcode
 * @param tier the tier it gives
 * @param reason why the tier may be below the source's, or empty
 */
public record TierOverride(String opcode, String pattern, Tier tier, String reason) {
  /**
   * Checks the override names exactly one of an opcode or a pattern.
   *
   * @throws IllegalArgumentException when both or neither are given
   */
  public TierOverride {
    opcode = opcode == null ? "" : opcode.trim();
    pattern = pattern == null ? "" : pattern.trim();
    Objects.requireNonNull(tier, "tier");
    reason = reason == null ? "" : reason.trim();
    if (opcode.isEmpty() == pattern.isEmpty()) {
      throw new IllegalArgumentException(
          opcode.isEmpty()
              ? "a tier override names no op: give an opcode, or a pattern such as repos/*"
              : "a tier override names both opcode "
                  + opcode
                  + " and pattern "
                  + pattern
                  + ": give one, and a second override for the other");
    }
  }

  /** An override of one opcode, exactly as the contract spells it. */
  public static TierOverride forOpcode(String opcode, Tier tier) {
    return new TierOverride(opcode, "", tier, "");
  }

  /** An override of every opcode a pattern matches; {@code *} stands for any run of characters. */
  public static TierOverride forPattern(String pattern, Tier tier) {
    return new TierOverride("", pattern, tier, "");
  }

  /** This override with a reason, which lets it lower a tier. */
  public TierOverride because(String reason) {
    return new TierOverride(opcode, pattern, tier, reason);
  }

  /** Whether this override names a pattern rather than one opcode. */
  public boolean isPattern() {
    return !pattern.isEmpty();
  }

  /** Whether this override names the opcode. */
  public boolean matches(String opcodeName) {
    return isPattern() ? TierRules.glob(pattern, opcodeName) : opcode.equals(opcodeName);
  }

  /** {@code opcode pulls/merge} or {@code pattern repos/*}, for messages. */
  public String describe() {
    return isPattern() ? "pattern " + pattern : "opcode " + opcode;
  }

  /**
   * What is wrong with these overrides for a contract as its source serves it, one sentence each,
   * naming the override and the fix: an opcode the contract does not have, a pattern that matches
   * nothing, a lowering without a reason, an opcode or pattern given twice, and patterns as
   * specific as each other that give one opcode different tiers. Empty when nothing is. {@code
   * agentkit:snapshot} and {@code agentkit:check} refuse overrides with any; call it in a test when
   * you set overrides in code.
   */
  public static List<String> check(Contract served, List<TierOverride> overrides) {
    return TierRules.check(served.served(), List.copyOf(overrides));
  }
}
