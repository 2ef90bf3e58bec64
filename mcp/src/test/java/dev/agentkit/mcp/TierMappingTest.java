package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.ContractSourceException;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every row of the tier table: each combination of the three hints (true, false, absent), no
 * annotations at all, and the {@code _meta} override.
 */
class TierMappingTest {
  static Boolean hint(String v) {
    return v.equals("-") ? null : Boolean.valueOf(v);
  }

  static Op read(McpSchema.ToolAnnotations hints, Map<String, Object> meta) throws Exception {
    return ToolMapping.read(List.of(Scenarios.tool("t", "A tool.", hints, meta)), "server")
        .ops()
        .get(0);
  }

  @ParameterizedTest(name = "readOnly={0} destructive={1} openWorld={2} -> {3}")
  @CsvSource({
    // readOnlyHint true wins whatever else is said
    "true, true, true, READ_ONLY",
    "true, true, false, READ_ONLY",
    "true, true, -, READ_ONLY",
    "true, false, true, READ_ONLY",
    "true, false, false, READ_ONLY",
    "true, false, -, READ_ONLY",
    "true, -, true, READ_ONLY",
    "true, -, false, READ_ONLY",
    "true, -, -, READ_ONLY",
    // not read-only, not destructive: closed world reversible, open or unsaid world external
    "false, false, false, REVERSIBLE",
    "false, false, true, EXTERNAL_REVERSIBLE",
    "false, false, -, EXTERNAL_REVERSIBLE",
    "-, false, false, REVERSIBLE",
    "-, false, true, EXTERNAL_REVERSIBLE",
    "-, false, -, EXTERNAL_REVERSIBLE",
    // destructive, or destructiveness unsaid (the MCP default is destructive)
    "false, true, true, IRREVERSIBLE",
    "false, true, false, IRREVERSIBLE",
    "false, true, -, IRREVERSIBLE",
    "false, -, true, IRREVERSIBLE",
    "false, -, false, IRREVERSIBLE",
    "false, -, -, IRREVERSIBLE",
    "-, true, true, IRREVERSIBLE",
    "-, true, false, IRREVERSIBLE",
    "-, true, -, IRREVERSIBLE",
    "-, -, true, IRREVERSIBLE",
    "-, -, false, IRREVERSIBLE",
    "-, -, -, IRREVERSIBLE",
  })
  void everyCombinationOfHints(String readOnly, String destructive, String openWorld, Tier tier)
      throws Exception {
    McpSchema.ToolAnnotations hints =
        Scenarios.hints(hint(readOnly), hint(destructive), hint(openWorld));
    assertThat(read(hints, null).tier()).isEqualTo(tier);
  }

  @Test
  void noAnnotationsAtAllIsIrreversible() throws Exception {
    assertThat(read(null, null).tier()).isEqualTo(Tier.IRREVERSIBLE);
  }

  @ParameterizedTest(name = "_meta tier {0} over readOnly={1} destructive={2} -> {3}")
  @CsvSource({
    "irreversible, true, -, IRREVERSIBLE",
    "read_only, false, true, READ_ONLY",
    "External_Reversible, -, -, EXTERNAL_REVERSIBLE",
    "reversible, true, false, REVERSIBLE",
  })
  void anExplicitTierInMetaOverridesTheHints(
      String marked, String readOnly, String destructive, Tier tier) throws Exception {
    McpSchema.ToolAnnotations hints = Scenarios.hints(hint(readOnly), hint(destructive), null);
    assertThat(read(hints, Map.of(ToolMapping.TIER_KEY, marked)).tier()).isEqualTo(tier);
  }

  @Test
  void aTierInMetaThatIsNoStringFailsTheFetch() {
    assertThatThrownBy(() -> read(Scenarios.readOnly(), Map.of(ToolMapping.TIER_KEY, 3)))
        .isInstanceOf(ContractSourceException.class)
        .hasMessage(
            "[McpBadTier] tool \"t\" of server has _meta \"dev.agentkit/tier\": 3 is not a tier"
                + " name; use one of external_reversible, irreversible, read_only, reversible (a"
                + " tier agentkit cannot read is never taken as a low one)");
  }

  @Test
  void theObjectTypeComesFromMeta() throws Exception {
    assertThat(read(null, Map.of(ToolMapping.OBJECT_TYPE_KEY, " task ")).objectType())
        .isEqualTo("task");
    assertThat(read(null, Map.of("other", "x")).objectType()).isEmpty();
  }

  @Test
  void anObjectTypeThatIsNoStringFailsTheFetch() {
    assertThatThrownBy(() -> read(null, Map.of(ToolMapping.OBJECT_TYPE_KEY, List.of("task"))))
        .isInstanceOf(ContractSourceException.class)
        .hasMessage(
            "[McpBadObjectType] tool \"t\" of server has _meta \"dev.agentkit/objectType\" (an"
                + " object or list, not a string); give the object type as a non-blank string,"
                + " such as \"task\"");
  }

  @Test
  @SuppressWarnings("deprecation") // the record's constructor, to leave the description blank
  void theDescriptionIsTheDescriptionElseTheTitle() throws Exception {
    McpSchema.Tool titled =
        new McpSchema.Tool(
            "t",
            "Tool title",
            " ",
            Map.of("type", "object", "properties", Map.of()),
            null,
            null,
            null);
    McpSchema.Tool annotated =
        new McpSchema.Tool(
            "u",
            null,
            null,
            Map.of("type", "object"),
            null,
            new McpSchema.ToolAnnotations("Annotation title", null, null, null, null, null),
            null);
    List<Op> ops = ToolMapping.read(List.of(titled, annotated), "server").ops();
    assertThat(ops).extracting(Op::description).containsExactly("Tool title", "Annotation title");
  }
}
