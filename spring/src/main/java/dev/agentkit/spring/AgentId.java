package dev.agentkit.spring;

import java.util.Objects;

/**
 * Which agent a meter or an observation is about: the agent bean's name (its {@code agent} tag, and
 * its name in the proposal inbox) and the agent's class ({@code agent.class}), so two beans of one
 * agent class are told apart.
 *
 * @param bean the agent bean's name
 * @param type the agent's class, by its binary name
 */
record AgentId(String bean, String type) {
  AgentId {
    Objects.requireNonNull(bean, "bean");
    Objects.requireNonNull(type, "type");
  }

  static AgentId of(String bean, Class<?> type) {
    return new AgentId(bean, type.getName());
  }

  /** The tags every agent meter carries: {@code agent} and {@code agent.class}. */
  String[] tags(String... more) {
    String[] out = new String[4 + more.length];
    out[0] = AgentkitObservation.Keys.AGENT.asString();
    out[1] = bean;
    out[2] = AgentkitObservation.Keys.AGENT_CLASS.asString();
    out[3] = type;
    System.arraycopy(more, 0, out, 4, more.length);
    return out;
  }
}
