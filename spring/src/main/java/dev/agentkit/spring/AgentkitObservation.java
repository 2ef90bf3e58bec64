package dev.agentkit.spring;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The Micrometer Observations the starter makes: one for each fetch of a contract, bind of an
 * agent, gate decision, run of an act and accept of a proposal. Each is timed (a timer of its name,
 * when the application's ObservationRegistry has Micrometer's meter handler, as Boot's has) and
 * traced (a span, when it has a tracing handler), from the one place. Every key is low-cardinality:
 * a contract name, an agent bean's name and class, an opcode the agent's acts have, an outcome from
 * a fixed set. Replace a convention with a bean of {@link AgentkitObservationConvention} for its
 * observation.
 */
public enum AgentkitObservation implements ObservationDocumentation {
  /** A fetch of a contract from its backend (not a read of the cache). */
  FETCH("agentkit.contract.fetches", "fetch", Keys.CONTRACT, Keys.OUTCOME),
  /** A bind of an agent bean at startup, the fetch inside it. */
  BIND("agentkit.agent.binds", "bind", Keys.CONTRACT, Keys.AGENT, Keys.AGENT_CLASS, Keys.OUTCOME),
  /**
   * A gate decision: a tool call a model made, from its judging to its end (the run inside it), or
   * a program gated through the {@code MeteredAgent}.
   */
  GATE("agentkit.gate", "gate", Keys.AGENT, Keys.AGENT_CLASS, Keys.OPCODE, Keys.OUTCOME),
  /** A run of an act: through its run handler, or an accepted op through the inbox's runner. */
  RUN("agentkit.act.runs", "run", Keys.AGENT, Keys.AGENT_CLASS, Keys.OPCODE, Keys.OUTCOME),
  /** An accept of a proposal by a person, the runs of its ops inside it. */
  ACCEPT(
      "agentkit.inbox.accepts", "accept", Keys.AGENT, Keys.AGENT_CLASS, Keys.OPCODE, Keys.OUTCOME);

  private final String name;
  private final String verb;
  private final KeyName[] keys;

  AgentkitObservation(String name, String verb, KeyName... keys) {
    this.name = name;
    this.verb = verb;
    this.keys = keys;
  }

  @Override
  public String getName() {
    return name;
  }

  /** The verb its spans are named by: {@code agentkit fetch taskboard}. */
  String verb() {
    return verb;
  }

  @Override
  public Class<? extends ObservationConvention<? extends Observation.Context>>
      getDefaultConvention() {
    return DefaultAgentkitObservationConvention.class;
  }

  @Override
  public KeyName[] getLowCardinalityKeyNames() {
    return keys.clone();
  }

  /** The low-cardinality keys. */
  public enum Keys implements KeyName {
    /** The contract's name, as in {@code agentkit.contracts.<name>}. */
    CONTRACT("contract"),
    /** The agent bean's name. */
    AGENT("agent"),
    /** The agent's class. */
    AGENT_CLASS("agent.class"),
    /**
     * The act's opcode; {@code unknown} for a tool name no act has, {@code mixed} for a program of
     * several.
     */
    OPCODE("opcode"),
    /** How it ended: see the page's table. */
    OUTCOME("outcome");

    private final String key;

    Keys(String key) {
      this.key = key;
    }

    @Override
    public String asString() {
      return key;
    }
  }
}
