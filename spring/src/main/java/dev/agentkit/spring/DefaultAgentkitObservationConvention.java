package dev.agentkit.spring;

import io.micrometer.common.KeyValues;
import java.util.Objects;

/**
 * The starter's convention for one {@link AgentkitObservation}: its name, the low-cardinality keys
 * its documentation lists, each with the context's value, and spans named {@code agentkit <verb>
 * <what>} ({@code agentkit run set_task_priority}, {@code agentkit fetch taskboard}).
 */
public class DefaultAgentkitObservationConvention implements AgentkitObservationConvention {
  private final AgentkitObservation observation;

  /** The convention of {@code observation}. */
  public DefaultAgentkitObservationConvention(AgentkitObservation observation) {
    this.observation = Objects.requireNonNull(observation, "observation");
  }

  @Override
  public AgentkitObservation observation() {
    return observation;
  }

  @Override
  public KeyValues getLowCardinalityKeyValues(AgentkitObservationContext context) {
    KeyValues out = KeyValues.empty();
    for (var key : observation.getLowCardinalityKeyNames()) {
      out = out.and(key.asString(), value((AgentkitObservation.Keys) key, context));
    }
    return out;
  }

  @Override
  public String getContextualName(AgentkitObservationContext context) {
    String what =
        switch (observation) {
          case FETCH -> context.contract();
          case BIND -> context.agent();
          default -> context.opcode();
        };
    return "agentkit " + observation.verb() + " " + what;
  }

  private static String value(AgentkitObservation.Keys key, AgentkitObservationContext c) {
    return switch (key) {
      case CONTRACT -> c.contract();
      case AGENT -> c.agent();
      case AGENT_CLASS -> c.agentClass();
      case OPCODE -> c.opcode();
      case OUTCOME -> c.outcome();
    };
  }
}
