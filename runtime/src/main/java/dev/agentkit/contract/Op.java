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
 * @param tier how reversible the op is; null means unset, which every check rejects
 * @param operands the operands in the contract's order
 */
public record Op(
    String opcode, String description, String objectType, Tier tier, List<Operand> operands) {

  /** Copies the operands; null strings become empty and a null list empty. */
  public Op {
    opcode = opcode == null ? "" : opcode;
    description = description == null ? "" : description;
    objectType = objectType == null ? "" : objectType;
    operands = operands == null ? List.of() : List.copyOf(operands);
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
      return new Op(opcode, description, objectType, tier, operands);
    }
  }
}
