package dev.agentkit.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import dev.agentkit.Outcome;

/**
 * What a run handler returned, as text for the model: a string as it is, anything else (a record)
 * as compact JSON with dates in ISO-8601.
 */
final class Results {
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);

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
    } catch (JsonProcessingException e) {
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
