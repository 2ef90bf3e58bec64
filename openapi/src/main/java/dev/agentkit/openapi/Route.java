package dev.agentkit.openapi;

import dev.agentkit.source.SchemaOperands.Field;
import java.util.List;

/**
 * How one operation is called: its method, its path template, and where each operand goes.
 *
 * @param method the HTTP method, upper case
 * @param path the path template, such as {@code /tasks/{id}}
 * @param slots one per operand, in the op's operand order
 * @param bodyMediaType the request body's media type
 */
record Route(String method, String path, List<Slot> slots, String bodyMediaType) {
  Route {
    slots = List.copyOf(slots);
  }

  /** Where an operand's value is sent. */
  enum Place {
    /** Substituted into the path template. */
    PATH,
    /** A query parameter. */
    QUERY,
    /** A request header. */
    HEADER,
    /** A property of the JSON body object. */
    BODY,
    /** The whole JSON body (a schema that is not an object). */
    WHOLE_BODY,
    /** The whole body, not JSON, sent as is. */
    RAW_BODY
  }

  /**
   * One operand's destination.
   *
   * @param field the operand and the JSON type of its value
   * @param wireName the parameter or property name in the request
   * @param place where it goes
   */
  record Slot(Field field, String wireName, Place place) {}
}
