package dev.agentkit.tool;

import dev.agentkit.ActionSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The acts of a set as JSON-Schema tool declarations, built from the contract the set was bound
 * against, so the schema a model sees and the contract the backend enforces are one thing.
 *
 * <p>Each operand becomes a property holding the whole schema tree of its value: {@code string}
 * (with its {@code format}, lengths and pattern), {@code number} and {@code integer} (with their
 * bounds and {@code multipleOf}), {@code boolean}, an enum (its values in the contract's order,
 * typed as the contract types them), {@code const}, an {@code array} with its {@code items} and
 * item counts, an {@code object} with its {@code properties} (in the contract's order), {@code
 * required} and {@code additionalProperties}, and a union as {@code oneOf} or {@code anyOf}; a
 * description and a default at every level where the contract has one, and a nullable value with
 * {@code null} among its types. A {@code date} is {@code "type": "string", "format": "date-time"}
 * with a description saying a plain date is also accepted (both pass {@link ActionSet#verify}; a
 * model that follows the format always produces a value that passes). A value of a type this
 * version does not know is any JSON value, and its description names the contract's type. An
 * operand the agent declares structured is a string of JSON ({@code "contentMediaType":
 * "application/json"}); {@link ToolCallGuard} also accepts it as an inline object or array.
 * Required operands are listed in {@code required}, and the operands object's {@code
 * additionalProperties} is false.
 *
 * <p>Tools are sorted by name and properties keep the contract's operand order, so the same
 * contract always renders the same bytes. Thread-safe.
 */
public final class ToolSchemas {
  private ToolSchemas() {}

  /** One declaration per act of the set, sorted by name. */
  public static List<ToolDeclaration> declarations(ActionSet<?> actions) {
    List<ToolDeclaration> out = new ArrayList<>();
    for (ToolAct act : ToolAct.sorted(actions)) {
      out.add(declaration(act));
    }
    return List.copyOf(out);
  }

  private static ToolDeclaration declaration(ToolAct act) {
    return new ToolDeclaration(
        act.opcode(), act.description(), ToolSchemaWriter.compactParameters(act));
  }

  /**
   * Every act of the set as a JSON array of {@code {"name", "description", "parameters"}} objects,
   * indented by two spaces, with {@code \n} line ends and a final line end.
   */
  public static String toJson(ActionSet<?> actions) {
    return ToolSchemaWriter.prettyTools(ToolAct.sorted(actions));
  }
}
