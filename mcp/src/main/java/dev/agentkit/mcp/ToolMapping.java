package dev.agentkit.mcp;

import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.SchemaOperands;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Maps an MCP server's tools to ops: the name is the opcode, the description (else the title) the
 * description, the input schema the operands ({@link SchemaOperands}), and the tier comes from the
 * annotations by {@link #TIER_RULES}, unless {@code _meta} names one under {@link #TIER_KEY}.
 */
final class ToolMapping {
  /** The {@code _meta} key of an explicit tier, which overrides the hints. */
  static final String TIER_KEY = "dev.agentkit/tier";

  /** The {@code _meta} key of the op's object type. */
  static final String OBJECT_TYPE_KEY = "dev.agentkit/objectType";

  /**
   * The hints as the MCP specification defaults them when a tool leaves them out: not read-only,
   * destructive, open-world. Hints are untrusted, so only an explicit hint lowers the tier.
   */
  record Hints(boolean readOnly, boolean destructive, boolean openWorld) {
    static Hints of(McpSchema.ToolAnnotations a) {
      if (a == null) {
        return new Hints(false, true, true);
      }
      return new Hints(
          Boolean.TRUE.equals(a.readOnlyHint()),
          !Boolean.FALSE.equals(a.destructiveHint()),
          !Boolean.FALSE.equals(a.openWorldHint()));
    }
  }

  /** One row of the tier table: when its condition holds, the tier. */
  private record TierRule(String when, java.util.function.Predicate<Hints> holds, Tier tier) {}

  /** The tier rules, first match wins; the last always matches. */
  static final List<TierRule> TIER_RULES =
      List.of(
          new TierRule("readOnlyHint: true", Hints::readOnly, Tier.READ_ONLY),
          new TierRule(
              "destructiveHint: false, openWorldHint: false",
              h -> !h.destructive() && !h.openWorld(),
              Tier.REVERSIBLE),
          new TierRule(
              "destructiveHint: false, openWorldHint true or absent",
              h -> !h.destructive(),
              Tier.EXTERNAL_REVERSIBLE),
          new TierRule("anything else (destructive, or no hints)", h -> true, Tier.IRREVERSIBLE));

  /** What a list of tools maps to. */
  record Read(List<Op> ops, Map<String, List<Operand>> fields, List<String> warnings) {}

  private ToolMapping() {}

  /** The tier the hints give, by {@link #TIER_RULES}. */
  static Tier tierOf(Hints hints) {
    for (TierRule rule : TIER_RULES) {
      if (rule.holds().test(hints)) {
        return rule.tier();
      }
    }
    throw new AssertionError("the last tier rule always holds");
  }

  /**
   * Maps the tools, in the order the server listed them.
   *
   * @param origin the server, as messages name it
   * @throws ContractSourceException when a tool has no name, two tools share one, or a tool's
   *     {@code _meta} names no tier or object type it can read
   */
  static Read read(List<McpSchema.Tool> tools, String origin) throws ContractSourceException {
    List<Op> ops = new ArrayList<>();
    Map<String, List<Operand>> fields = new LinkedHashMap<>();
    List<String> warnings = new ArrayList<>();
    for (int i = 0; i < tools.size(); i++) {
      McpSchema.Tool tool = tools.get(i);
      String name = nameOf(tool, i, origin);
      if (fields.containsKey(name)) {
        throw new ContractSourceException(McpMessage.DUPLICATE_TOOL.format(origin, name));
      }
      SchemaOperands.Mapping mapping =
          SchemaOperands.object("tool \"" + name + "\"", tool.inputSchema(), tool.inputSchema());
      warnings.addAll(mapping.warnings());
      fields.put(name, mapping.operands());
      ops.add(
          Op.builder(name)
              .description(descriptionOf(tool))
              .objectType(objectTypeOf(tool, name, origin))
              .tier(tierOf(tool, name, origin))
              .operands(mapping.operands())
              .build());
    }
    return new Read(ops, fields, warnings);
  }

  private static String nameOf(McpSchema.Tool tool, int index, String origin)
      throws ContractSourceException {
    if (tool == null || tool.name() == null || tool.name().isBlank()) {
      throw new ContractSourceException(McpMessage.MALFORMED_TOOL.format(origin, index + 1));
    }
    return tool.name();
  }

  private static String descriptionOf(McpSchema.Tool tool) {
    for (String text : new String[] {tool.description(), tool.title()}) {
      if (text != null && !text.isBlank()) {
        return text.strip();
      }
    }
    McpSchema.ToolAnnotations a = tool.annotations();
    return a != null && a.title() != null ? a.title().strip() : "";
  }

  private static Tier tierOf(McpSchema.Tool tool, String name, String origin)
      throws ContractSourceException {
    Optional<Object> marked = meta(tool, TIER_KEY);
    if (marked.isEmpty()) {
      return tierOf(Hints.of(tool.annotations()));
    }
    String problem;
    if (marked.get() instanceof String text) {
      try {
        return Tier.parse(text);
      } catch (IllegalArgumentException e) {
        problem = e.getMessage();
      }
    } else {
      problem = shown(marked.get()) + " is not a tier name; use one of " + Tier.validNames();
    }
    throw new ContractSourceException(McpMessage.BAD_TIER.format(name, origin, TIER_KEY, problem));
  }

  private static String objectTypeOf(McpSchema.Tool tool, String name, String origin)
      throws ContractSourceException {
    Optional<Object> marked = meta(tool, OBJECT_TYPE_KEY);
    if (marked.isEmpty()) {
      return "";
    }
    if (!(marked.get() instanceof String type) || type.isBlank()) {
      throw new ContractSourceException(
          McpMessage.BAD_OBJECT_TYPE.format(name, origin, OBJECT_TYPE_KEY, shown(marked.get())));
    }
    return type.strip();
  }

  private static Optional<Object> meta(McpSchema.Tool tool, String key) {
    Map<String, Object> meta = tool.meta();
    return meta == null ? Optional.empty() : Optional.ofNullable(meta.get(key));
  }

  private static String shown(Object value) {
    if (value instanceof String s) {
      return "\"" + (s.length() > 40 ? s.substring(0, 40) + "…" : s) + "\"";
    }
    return value instanceof Map<?, ?> || value instanceof List<?>
        ? "(an object or list, not a string)"
        : String.valueOf(value);
  }
}
