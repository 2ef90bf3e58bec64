package dev.agentkit.tool;

import dev.agentkit.ActionSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The acts of a set as JSON-Schema tool declarations, built from the contract the set was bound
 * against, so the schema a model sees and the contract the backend enforces are one thing.
 *
 * <p>Each operand becomes a property: {@code string} and {@code enum} (with its values, in the
 * contract's order) as {@code "type": "string"}, {@code number} as {@code "type": "number"}, a list
 * operand as an {@code array} of those, and {@code date} as {@code "type": "string", "format":
 * "date-time"} with a description saying a plain date is also accepted (both pass {@link
 * ActionSet#verify}; a model that follows the format always produces a value that passes). An
 * operand the agent declares structured is a string of JSON ({@code "contentMediaType":
 * "application/json"}); {@link ToolCallGuard} also accepts it as an inline object or array.
 * Required operands are listed in {@code required}, and {@code additionalProperties} is false.
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
