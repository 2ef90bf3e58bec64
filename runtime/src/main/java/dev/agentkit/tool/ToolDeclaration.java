package dev.agentkit.tool;

import java.util.Objects;

/**
 * One act offered to a model as a tool: the shape most model APIs take (a name, a description and a
 * JSON Schema of the parameters).
 *
 * @param name the act's opcode
 * @param description the act's description from the live contract; it is the prompt
 * @param parametersJson the JSON Schema of the arguments, as compact JSON text
 */
public record ToolDeclaration(String name, String description, String parametersJson) {

  /** Checks every part is present. */
  public ToolDeclaration {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(parametersJson, "parametersJson");
  }
}
