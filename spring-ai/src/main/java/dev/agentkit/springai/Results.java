package dev.agentkit.springai;

import dev.agentkit.Outcome;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a run handler returned, as text for the model: a string as it is, anything else (a record)
 * as compact JSON with dates in ISO-8601 (Jackson 3, which Spring AI uses, writes them so).
 */
final class Results {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private Results() {}

  /**
   * The result's text, or empty when the handler returned nothing.
   *
   * @throws IllegalStateException when the value cannot be written as JSON; the act has run, so the
   *     caller must not report it as failed
   */
  static String text(Outcome outcome) {
    Object value = outcome.value().orElse(null);
    if (value == null) {
      return "";
    }
    if (value instanceof CharSequence s) {
      return s.toString();
    }
    try {
      return JSON.writeValueAsString(value);
    } catch (JacksonException e) {
      throw new IllegalStateException(
          outcome.call().opcode()
              + " returned a "
              + value.getClass().getName()
              + " that cannot be written as JSON: "
              + e.getOriginalMessage(),
          e);
    }
  }
}
