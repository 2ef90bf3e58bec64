package dev.agentkit.inbox;

import dev.agentkit.ActionSet;
import dev.agentkit.Use;
import dev.agentkit.source.ContractSource;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What the inbox needs to know about one agent: where its live acts come from (so an accept
 * re-verifies every op against the contract as it is now), how an accepted op is applied, and how
 * long a person's refusal holds before the agent may ask again. Immutable.
 */
public final class InboxAgent {
  /** The cool-off when none is given: a refusal holds for a week. */
  public static final Duration DEFAULT_COOL_OFF = Duration.ofDays(7);

  private final String name;
  private final Supplier<ActionSet<?>> live;
  private final OpRunner runner;
  private final Duration coolOff;
  private final Oversight oversight;
  private final Map<String, Oversight> byOpcode;

  private InboxAgent(String name, Supplier<ActionSet<?>> live, OpRunner runner, Duration coolOff) {
    this(name, live, runner, coolOff, Oversight.anyone(), Map.of());
  }

  private InboxAgent(
      String name,
      Supplier<ActionSet<?>> live,
      OpRunner runner,
      Duration coolOff,
      Oversight oversight,
      Map<String, Oversight> byOpcode) {
    this.oversight = Objects.requireNonNull(oversight, "oversight");
    this.byOpcode = Map.copyOf(byOpcode);
    this.name = Objects.requireNonNull(name, "name").trim();
    this.live = Objects.requireNonNull(live, "live");
    this.runner = Objects.requireNonNull(runner, "runner");
    this.coolOff = Objects.requireNonNull(coolOff, "coolOff");
    if (this.name.isEmpty()) {
      throw new IllegalArgumentException(
          "["
              + InboxException.Kind.ARGUMENT.tag()
              + "] the agent name is blank: give the name"
              + " its proposals were built with (Proposal.builder(agent))");
    }
    if (coolOff.isNegative()) {
      throw new IllegalArgumentException(
          "["
              + InboxException.Kind.ARGUMENT.tag()
              + "] the cool-off of agent "
              + this.name
              + " is negative ("
              + coolOff
              + "): give zero to let the agent re-ask at once, or a positive duration");
    }
  }

  /**
   * An agent whose acts are bound afresh from the source on every accept, so each accept verifies
   * against the live contract (a {@code CachedContract} source bounds the fetches).
   */
  public static <S> InboxAgent bind(
      String name, ContractSource source, List<Use<S>> uses, OpRunner runner) {
    Objects.requireNonNull(source, "source");
    List<Use<S>> copy = List.copyOf(uses);
    return new InboxAgent(name, () -> ActionSet.bind(source, copy), runner, DEFAULT_COOL_OFF);
  }

  /**
   * An agent with acts its host keeps bound (and re-binds when the contract changes); accepts
   * verify against this set.
   */
  public static InboxAgent of(String name, ActionSet<?> actions, OpRunner runner) {
    Objects.requireNonNull(actions, "actions");
    return new InboxAgent(name, () -> actions, runner, DEFAULT_COOL_OFF);
  }

  /**
   * An agent whose live acts the host binds on every accept, e.g. {@code () ->
   * MyAgent_Wiring.bind(agent, source, DriftPolicy.warnOnly()).acts()}, or gets from a live agent,
   * {@code liveAgent::acts}. A {@code BindException} or {@code DriftException} it throws refuses
   * the accept as drift, as does an {@code AgentPausedException} of an agent paused on drift; one
   * of an agent whose source is stale refuses it as the contract source unavailable.
   */
  public static InboxAgent live(String name, Supplier<ActionSet<?>> live, OpRunner runner) {
    return new InboxAgent(name, live, runner, DEFAULT_COOL_OFF);
  }

  /** This agent with another cool-off: how long a refusal holds before the agent may ask again. */
  public InboxAgent coolOff(Duration coolOff) {
    return new InboxAgent(name, live, runner, coolOff, oversight, byOpcode);
  }

  /** This agent with the oversight of every proposal whose first op has no oversight of its own. */
  public InboxAgent oversight(Oversight oversight) {
    return new InboxAgent(name, live, runner, coolOff, oversight, byOpcode);
  }

  /** This agent with the oversight of proposals whose first op has this opcode. */
  public InboxAgent oversight(String opcode, Oversight oversight) {
    Map<String, Oversight> copy = new HashMap<>(byOpcode);
    copy.put(Objects.requireNonNull(opcode, "opcode").strip(), oversight);
    return new InboxAgent(name, live, runner, coolOff, this.oversight, copy);
  }

  /** The oversight of a proposal whose first op has this opcode. */
  public Oversight oversightFor(String opcode) {
    return byOpcode.getOrDefault(opcode, oversight);
  }

  /** The agent's name, as in its proposals' ask keys. */
  public String name() {
    return name;
  }

  /** How long a refusal holds. */
  public Duration coolOff() {
    return coolOff;
  }

  ActionSet<?> live() {
    return live.get();
  }

  OpRunner runner() {
    return runner;
  }
}
