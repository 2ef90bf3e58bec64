package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Op;
import dev.agentkit.source.ContractSourceException;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each sentence of the tool mapping, and where an op's description and object type come from. */
class ToolMappingUnitTest {
  private static final Map<String, Object> SCHEMA = Map.of("type", "object");

  private static ToolMapping.Read read(McpSchema.Tool... tools) throws ContractSourceException {
    return ToolMapping.read(List.of(tools), "server");
  }

  private static McpSchema.Tool tool(String name, Map<String, Object> meta) {
    return Scenarios.tool(name, "A tool.", null, meta);
  }

  @Test
  void aToolWithoutANameOrTwoWithOneNameFailTheMapping() {
    List<McpSchema.Tool> nameless = new ArrayList<>();
    nameless.add(tool("a", null));
    nameless.add(null);
    assertThatThrownBy(() -> ToolMapping.read(nameless, "server"))
        .hasMessage(
            "[McpMalformedTool] server lists a tool without a name (number 2 of tools/list);"
                + " every MCP tool needs a name, which agentkit uses as the opcode");
    assertThatThrownBy(() -> read(tool("a", null), tool(" ", null)))
        .hasMessageStartingWith("[McpMalformedTool] server lists a tool without a name (number 2");
    assertThatThrownBy(() -> read(tool("a", null), tool("b", null), tool("a", null)))
        .hasMessage(
            "[McpDuplicateTool] server lists tool \"a\" twice (tools/list, across all pages); a"
                + " tool name names one tool, so the server must rename one of them");
  }

  @Test
  void aTierOrObjectTypeInMetaThatCannotBeReadFailsTheMapping() {
    assertThatThrownBy(() -> read(tool("t", Map.of(ToolMapping.TIER_KEY, "low"))))
        .hasMessageStartingWith(
            "[McpBadTier] tool \"t\" of server has _meta \"dev.agentkit/tier\": ")
        .hasMessageEndingWith(" (a tier agentkit cannot read is never taken as a low one)");
    assertThatThrownBy(() -> read(tool("t", Map.of(ToolMapping.TIER_KEY, 3))))
        .hasMessage(
            "[McpBadTier] tool \"t\" of server has _meta \"dev.agentkit/tier\": 3 is not a tier"
                + " name; use one of "
                + dev.agentkit.contract.Tier.validNames()
                + " (a tier agentkit cannot read is never taken as a low one)");
    assertThatThrownBy(() -> read(tool("t", Map.of(ToolMapping.TIER_KEY, List.of("x")))))
        .hasMessageContaining("(an object or list, not a string) is not a tier name");
    assertThatThrownBy(() -> read(tool("t", Map.of(ToolMapping.OBJECT_TYPE_KEY, " "))))
        .hasMessage(
            "[McpBadObjectType] tool \"t\" of server has _meta \"dev.agentkit/objectType\" \" \";"
                + " give the object type as a non-blank string, such as \"task\"");
    String long50 = "y".repeat(50);
    assertThatThrownBy(() -> read(tool("t", Map.of(ToolMapping.OBJECT_TYPE_KEY, Map.of()))))
        .hasMessageContaining("\"dev.agentkit/objectType\" (an object or list, not a string);");
    assertThatThrownBy(() -> read(tool("t", Map.of(ToolMapping.TIER_KEY, long50))))
        .hasMessageContaining("unknown tier");
    assertThatThrownBy(() -> read(tool("t", Map.of(ToolMapping.OBJECT_TYPE_KEY, 7))))
        .hasMessageContaining("\"dev.agentkit/objectType\" 7;");
  }

  @Test
  void aLongValueIsShownCut() {
    String blank = " ".repeat(45);
    assertThatThrownBy(() -> read(tool("t", Map.of(ToolMapping.OBJECT_TYPE_KEY, blank))))
        .hasMessageContaining("\"dev.agentkit/objectType\" \"" + " ".repeat(40) + "…\";");
    String forty = " ".repeat(40);
    assertThatThrownBy(() -> read(tool("t", Map.of(ToolMapping.OBJECT_TYPE_KEY, forty))))
        .hasMessageContaining("\"dev.agentkit/objectType\" \"" + forty + "\";");
  }

  @Test
  void theDescriptionIsTheDescriptionElseTheTitleElseTheAnnotationsTitle() throws Exception {
    McpSchema.ToolAnnotations titled =
        new McpSchema.ToolAnnotations(" Annotated ", null, null, null, null, null);
    @SuppressWarnings("deprecation")
    McpSchema.Tool described =
        new McpSchema.Tool("a", " Title ", " Described ", SCHEMA, null, null, null);
    @SuppressWarnings("deprecation")
    McpSchema.Tool titledOnly = new McpSchema.Tool("b", " Title ", "  ", SCHEMA, null, null, null);
    @SuppressWarnings("deprecation")
    McpSchema.Tool annotatedOnly = new McpSchema.Tool("c", null, null, SCHEMA, null, titled, null);
    @SuppressWarnings("deprecation")
    McpSchema.Tool bare = new McpSchema.Tool("d", null, null, SCHEMA, null, null, null);
    List<Op> ops = read(described, titledOnly, annotatedOnly, bare).ops();
    assertThat(ops)
        .extracting(Op::description)
        .containsExactly("Described", "Title", "Annotated", "");
    Op typed = read(tool("e", Map.of(ToolMapping.OBJECT_TYPE_KEY, " task "))).ops().get(0);
    assertThat(typed.objectType()).isEqualTo("task");
    assertThat(read(tool("f", Map.of())).ops().get(0).objectType()).isEmpty();
  }
}
