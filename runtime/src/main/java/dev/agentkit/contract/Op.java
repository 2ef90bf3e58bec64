package dev.agentkit.contract;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One op as the backend's contract declares it: its opcode, what it does, the kind of object it
 * acts on, how reversible it is, and its operands. An op says nothing about any agent; what an
 * agent believes about it is its {@code Premise}, and what a model asked for is a {@code Call}.
 *
 * <p>Immutable: every collection is copied on construction.
 *
 * @param opcode the op's name as the backend knows it
 * @param description what the op does; it is the prompt the model reads
 * @param objectType the kind of object the op acts on ({@code task}), or empty
 * @param tier how reversible the op is; null means unset, which every check rejects; {@link
 *     Tier#IRREVERSIBLE} for a tier this version does not know
 * @param operands the operands in the contract's order
 * @param unknownTier the tier's name as served when this version does not know it, else empty;
 *     given, it makes the tier {@link Tier#IRREVERSIBLE}, so nothing unknown ever runs live
 */
public record Op(
    String opcode,
    String description,
    String objectType,
    Tier tier,
    List<Operand> operands,
    String unknownTier) {

  /**
   * Copies the operands; null strings become empty and a null list empty. An unknown tier name
   * makes the tier {@link Tier#IRREVERSIBLE}.
   *
   * @throws IllegalArgumentException when {@code unknownTier} is a name this version knows
   */
  public Op {
    opcode = opcode == null ? "" : opcode;
    description = description == null ? "" : description;
    objectType = objectType == null ? "" : objectType;
    operands = operands == null ? List.of() : List.copyOf(operands);
    unknownTier = unknownTier == null || unknownTier.isBlank() ? "" : unknownTier;
    if (!unknownTier.isEmpty()) {
      if (Tier.lookup(unknownTier).isPresent()) {
        throw new IllegalArgumentException(
            "tier \"" + unknownTier.trim() + "\" is known; give it as the op's tier instead");
      }
      tier = Tier.IRREVERSIBLE;
    }
  }

  /** An op whose tier, if any, is one this version knows. */
  public Op(
      String opcode, String description, String objectType, Tier tier, List<Operand> operands) {
    this(opcode, description, objectType, tier, operands, "");
  }

  /** The tier's name as the contract spells it: its wire name, the unknown name, or empty. */
  public String tierName() {
    if (!unknownTier.isEmpty()) {
      return unknownTier;
    }
    return tier == null ? "" : tier.wireName();
  }

  /** Whether the tier is one this version does not know (and so is read as irreversible). */
  public boolean hasUnknownTier() {
    return !unknownTier.isEmpty();
  }

  /** Whether the tier or any operand's type is one this version does not know. */
  public boolean hasUnknowns() {
    if (hasUnknownTier()) {
      return true;
    }
    for (Operand o : operands) {
      if (o.hasUnknownType()) {
        return true;
      }
    }
    return false;
  }

  /** A builder for an op with this opcode. */
  public static Builder builder(String opcode) {
    return new Builder(opcode);
  }

  /** A builder holding this op's values. */
  public Builder toBuilder() {
    return new Builder(opcode)
        .description(description)
        .objectType(objectType)
        .tier(tier)
        .unknownTier(unknownTier)
        .operands(operands);
  }

  /** The operand with this name, if the op declares one. */
  public Optional<Operand> operand(String name) {
    for (Operand o : operands) {
      if (o.name().equals(name)) {
        return Optional.of(o);
      }
    }
    return Optional.empty();
  }

  /** The operand names in the contract's order. */
  public List<String> operandNames() {
    List<String> names = new ArrayList<>(operands.size());
    for (Operand o : operands) {
      names.add(o.name());
    }
    return names;
  }

  /**
   * What is structurally wrong with this op as a backend would serve it: an empty opcode, an unset
   * tier, an operand with an empty or repeated name, an enum with no values. Empty when none.
   */
  public List<Problem> problems() {
    List<Problem> problems = new ArrayList<>();
    ContractChecks.checkOp(this, problems);
    return problems;
  }

  /** Builds an {@link Op}. Not thread-safe. */
  public static final class Builder {
    private final String opcode;
    private String description = "";
    private String objectType = "";
    private Tier tier;
    private String unknownTier = "";
    private final List<Operand> operands = new ArrayList<>();

    private Builder(String opcode) {
      this.opcode = opcode;
    }

    /** What the op does, as the model will read it. */
    public Builder description(String description) {
      this.description = description;
      return this;
    }

    /** The kind of object the op acts on. */
    public Builder objectType(String objectType) {
      this.objectType = objectType;
      return this;
    }

    /** How reversible the op is. */
    public Builder tier(Tier tier) {
      this.tier = tier;
      return this;
    }

    /**
     * A tier name this version does not know, as the backend served it; the op is then {@link
     * Tier#IRREVERSIBLE}. Empty or null for none.
     */
    public Builder unknownTier(String name) {
      this.unknownTier = name;
      return this;
    }

    /** Adds one operand; operands keep the order they are added in. */
    public Builder operand(Operand operand) {
      operands.add(Objects.requireNonNull(operand, "operand"));
      return this;
    }

    /** Replaces the operands. */
    public Builder operands(List<Operand> operands) {
      this.operands.clear();
      this.operands.addAll(operands);
      return this;
    }

    /** The op. */
    public Op build() {
      return new Op(opcode, description, objectType, tier, operands, unknownTier);
    }
  }
}
