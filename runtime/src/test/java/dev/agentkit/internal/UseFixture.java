package dev.agentkit.internal;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Tier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One act of a uses manifest as the tests of every module write it: what differs from a plain use
 * (neither run nor asked, no terminal states, structured inputs, tiers or named values), by name.
 *
 * <pre>{@code
 * UseFixture.use("set_status", ChangeCategory.TERMINAL, "status").terminal("done").runs().build()
 * }</pre>
 */
public final class UseFixture {
  private final String opcode;
  private final ChangeCategory category;
  private final String input;
  private final List<String> terminalStates = new ArrayList<>();
  private boolean run;
  private boolean ask;
  private Tier assertedTier;
  private UsesManifest.Overridden tierOverride;
  private final Map<String, List<String>> enumValues = new LinkedHashMap<>();

  private UseFixture(String opcode, ChangeCategory category, String input) {
    this.opcode = opcode;
    this.category = category;
    this.input = input;
  }

  /** A use of {@code opcode}, of its category, reading {@code input} ("" for none). */
  public static UseFixture use(String opcode, ChangeCategory category, String input) {
    return new UseFixture(opcode, category, input);
  }

  /** The agent runs the op itself. */
  public UseFixture runs() {
    run = true;
    return this;
  }

  /** The agent asks a person to make the call. */
  public UseFixture asks() {
    ask = true;
    return this;
  }

  /** Runs it or asks for it. */
  public UseFixture runs(boolean runs) {
    run = runs;
    ask = !runs;
    return this;
  }

  /** The states it moves the object to. */
  public UseFixture terminal(String... states) {
    terminalStates.addAll(List.of(states));
    return this;
  }

  /** The tier the agent asserts. */
  public UseFixture asserted(Tier tier) {
    assertedTier = tier;
    return this;
  }

  /** The tier the agent's build overrides the contract's with. */
  public UseFixture overridden(Tier tier, boolean mayLower) {
    tierOverride = new UsesManifest.Overridden(tier, mayLower);
    return this;
  }

  /** The values of an operand's enum the agent names. */
  public UseFixture values(String operand, String... values) {
    enumValues.put(operand, List.of(values));
    return this;
  }

  /** The use. */
  public UsesManifest.Use build() {
    return new UsesManifest.Use(
        opcode,
        category,
        input,
        terminalStates,
        List.of(),
        run,
        ask,
        assertedTier,
        tierOverride,
        enumValues);
  }
}
