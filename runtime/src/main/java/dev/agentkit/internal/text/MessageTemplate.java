package dev.agentkit.internal.text;

import java.util.Locale;

/**
 * One message of a module's catalogue (an enum such as the MCP source's {@code McpMessage}): its
 * stable tag, whom it is for and its template. Each constant of such an enum holds one and is a
 * {@link Entry}, so the catalogues share how a message is written: {@code [Tag] } and the filled
 * template.
 *
 * @param tag the tag the message starts with, in brackets
 * @param kind whom the message is for
 * @param template the text after the tag, with a {@code %s} for each argument
 */
public record MessageTemplate(String tag, RuntimeMessage.Kind kind, String template) {
  /** {@code [Tag] } and the template filled with {@code args}. */
  public String format(Object... args) {
    return "[" + tag + "] " + String.format(Locale.ROOT, template, args);
  }

  /** How many arguments the template takes: its {@code %s}. */
  public int slots() {
    return slots(template);
  }

  /** How many arguments {@code template} takes: its {@code %s}. */
  public static int slots(String template) {
    return template.split("%s", -1).length - 1;
  }

  /** A constant of a module's catalogue: its message, and the message written. */
  public interface Entry {
    /** The tag, whom the message is for, and its template. */
    MessageTemplate text();

    /** {@code [Tag] } and the template filled with {@code args}. */
    default String format(Object... args) {
      return text().format(args);
    }
  }
}
