package dev.agentkit.mcp;

import dev.agentkit.ActionSet;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.json.JsonTree;
import dev.agentkit.tool.ToolDeclaration;
import dev.agentkit.tool.ToolSchemas;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The acts of a bound set as the SDK's tools, as {@link McpAgentServer} serves them: each act's
 * description, its JSON Schema ({@link ToolSchemas}), annotations true to its tier, and the tier
 * and object type under {@code _meta}, which {@link McpContractSource} reads back as they are.
 */
final class ServedTools {
  private ServedTools() {}

  /** The annotations each tier is served with; read back by {@link McpContractSource} as is. */
  static final Map<Tier, McpSchema.ToolAnnotations> TIER_HINTS =
      Map.of(
          Tier.READ_ONLY, hints(true, false, false),
          Tier.REVERSIBLE, hints(false, false, false),
          Tier.EXTERNAL_REVERSIBLE, hints(false, false, true),
          Tier.IRREVERSIBLE, hints(false, true, true));

  /** One tool per act, sorted by name. */
  static List<McpSchema.Tool> of(ActionSet<?> actions) {
    List<McpSchema.Tool> out = new ArrayList<>();
    for (ToolDeclaration d : ToolSchemas.declarations(actions)) {
      Op op = actions.op(d.name()).orElseThrow();
      Map<String, Object> meta = new LinkedHashMap<>();
      meta.put(ToolMapping.TIER_KEY, op.tier().wireName());
      if (!op.objectType().isEmpty()) {
        meta.put(ToolMapping.OBJECT_TYPE_KEY, op.objectType());
      }
      out.add(
          McpSchema.Tool.builder(d.name(), schema(d.parametersJson()))
              .description(d.description())
              .annotations(TIER_HINTS.get(op.tier()))
              .meta(meta)
              .build());
    }
    return List.copyOf(out);
  }

  /**
   * The tool schema as the SDK's tool takes it. Read with agentkit's own JSON reader, so numbers
   * stay exact (a bound of 0.1 or 1E+400 is not rounded through a double) and keys keep their
   * order.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> schema(String json) {
    try {
      return (Map<String, Object>) JsonTree.parse(json, SCHEMA_DEPTH);
    } catch (JsonTree.Malformed e) {
      throw new IllegalStateException(
          "ToolSchemas wrote a schema that could not be read back: " + e.getMessage(), e);
    }
  }

  /** Deep enough for any tree a contract may hold: a few JSON levels per level of the tree. */
  private static final int SCHEMA_DEPTH = 1024;

  private static McpSchema.ToolAnnotations hints(
      boolean readOnly, boolean destructive, boolean openWorld) {
    return new McpSchema.ToolAnnotations(null, readOnly, destructive, null, openWorld, null);
  }
}
