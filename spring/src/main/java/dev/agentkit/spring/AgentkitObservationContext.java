package dev.agentkit.spring;

import io.micrometer.observation.Observation;
import java.util.Objects;

/**
 * What one {@link AgentkitObservation} is about: the contract, the agent bean and its class, the
 * opcode, and how it ended (set before the observation stops). A value not known for an observation
 * is {@code none}; an opcode not known yet is {@code unknown}.
 */
public final class AgentkitObservationContext extends Observation.Context {
  private final AgentkitObservation observation;
  private final String contract;
  private final String agent;
  private final String agentClass;
  private volatile String opcode;
  private volatile String outcome = "none";

  AgentkitObservationContext(
      AgentkitObservation observation, String contract, AgentId agent, String opcode) {
    this.observation = Objects.requireNonNull(observation, "observation");
    this.contract = contract == null ? "none" : contract;
    this.agent = agent == null ? "none" : agent.bean();
    this.agentClass = agent == null ? "none" : agent.type();
    this.opcode = opcode == null ? "unknown" : opcode;
  }

  /** Which observation this is. */
  public AgentkitObservation observation() {
    return observation;
  }

  /** The contract's name. */
  public String contract() {
    return contract;
  }

  /** The agent bean's name. */
  public String agent() {
    return agent;
  }

  /** The agent's class. */
  public String agentClass() {
    return agentClass;
  }

  /** The act's opcode. */
  public String opcode() {
    return opcode;
  }

  /** How it ended; {@code none} while it runs. */
  public String outcome() {
    return outcome;
  }

  void opcode(String opcode) {
    this.opcode = opcode;
  }

  void outcome(String outcome) {
    this.outcome = outcome;
  }
}
