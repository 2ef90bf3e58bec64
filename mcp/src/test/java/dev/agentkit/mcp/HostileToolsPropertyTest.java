package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Op;
import dev.agentkit.source.ContractSourceException;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Whatever tools a server lists (blank or repeated names, schemas of any shape, any hints, any
 * {@code _meta}), mapping them gives one op per tool with every property as an operand, or fails
 * with a tagged sentence; it never throws anything else.
 */
class HostileToolsPropertyTest {
  @Provide
  Arbitrary<Object> schemaValue() {
    return Arbitraries.oneOf(
        Arbitraries.of("string", "number", "integer", "boolean", "object", "array", "null", "x")
            .map(t -> (Object) Map.of("type", t)),
        Arbitraries.just(Map.of("$ref", "#/$defs/missing")),
        Arbitraries.just(Map.of("$ref", "#")),
        Arbitraries.just(Map.of("oneOf", List.of())),
        Arbitraries.just(Map.of("type", "array", "items", Map.of("type", "object"))),
        Arbitraries.just(Map.of("enum", List.of(1, "a", true))),
        // A $ref back to the property itself, through the input schema: a cycle.
        Arbitraries.just(Map.of("type", "array", "items", Map.of("$ref", "#"))),
        Arbitraries.just(
            Map.of("allOf", List.of(Map.of("type", "string"), Map.of("type", "integer")))),
        Arbitraries.just(Map.of("type", "number", "minimum", Double.POSITIVE_INFINITY)),
        Arbitraries.integers().between(0, 300).map(HostileToolsPropertyTest::nested),
        Arbitraries.just(List.of()),
        Arbitraries.strings().ofMaxLength(5).map(s -> (Object) s),
        Arbitraries.just((Object) 42));
  }

  /** Arrays of arrays, {@code depth} deep: deeper than a tree may nest from 32 on. */
  private static Object nested(int depth) {
    Object node = Map.of("type", "string");
    for (int i = 0; i < depth; i++) {
      node = Map.of("type", "array", "items", node);
    }
    return node;
  }

  @Provide
  @SuppressWarnings("deprecation") // the record's constructor builds tools the builder refuses
  Arbitrary<McpSchema.Tool> tool() {
    Arbitrary<String> names =
        Arbitraries.oneOf(Arbitraries.of("a", "b", "", " "), Arbitraries.strings().ofMaxLength(8));
    Arbitrary<Map<String, Object>> props =
        Arbitraries.maps(Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6), schemaValue())
            .ofMaxSize(4)
            .map(LinkedHashMap::new);
    Arbitrary<Boolean> hint = Arbitraries.of(true, false).injectNull(0.3);
    Arbitrary<Map<String, Object>> meta =
        Arbitraries.oneOf(
            Arbitraries.just(Map.<String, Object>of()),
            Arbitraries.of("read_only", "irreversible", "bogus", "")
                .map(t -> Map.<String, Object>of(ToolMapping.TIER_KEY, t)),
            Arbitraries.just(Map.<String, Object>of(ToolMapping.OBJECT_TYPE_KEY, 7)));
    return Combinators.combine(names, props, hint, hint, meta)
        .as(
            (name, p, ro, d, m) ->
                new McpSchema.Tool(
                    name,
                    null,
                    "d",
                    Map.of("type", "object", "properties", p),
                    null,
                    Scenarios.hints(ro, d, null),
                    m));
  }

  @Property(tries = 300)
  void eachToolIsAnOpOrTheFetchFailsWithATag(
      @ForAll("tool") McpSchema.Tool first, @ForAll("tool") McpSchema.Tool second) {
    List<McpSchema.Tool> tools = List.of(first, second);
    try {
      ToolMapping.Read read = ToolMapping.read(tools, "server");
      assertThat(read.ops()).hasSize(2);
      for (int i = 0; i < 2; i++) {
        Op op = read.ops().get(i);
        @SuppressWarnings("unchecked")
        Map<String, Object> props =
            (Map<String, Object>) tools.get(i).inputSchema().get("properties");
        assertThat(op.operandNames()).containsExactlyElementsOf(new ArrayList<>(props.keySet()));
      }
      for (String w : read.warnings()) {
        assertThat(w).startsWith("[Schema");
      }
      for (Op op : read.ops()) {
        // Tool names are kept as served: one no one could read is the one problem there may be.
        assertThat(op.problems())
            .allMatch(p -> p.kind() == dev.agentkit.contract.Problem.Kind.UNREADABLE_NAME);
      }
    } catch (ContractSourceException e) {
      Set<String> tags =
          new HashSet<>(
              List.of(
                  "[McpMalformedTool]",
                  "[McpDuplicateTool]",
                  "[McpBadTier]",
                  "[McpBadObjectType]"));
      assertThat(tags).anyMatch(t -> e.getMessage().startsWith(t + " "));
    }
  }
}
