package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.drift.DriftSeverity;
import dev.agentkit.source.HttpContractSource;
import dev.agentkit.testing.DocumentServer;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The drift engine sees a contract read from an MCP server exactly as one from the native contract
 * document or built in code: the same backend, changed in the same breaking ways (an enum value
 * removed, the tier raised by the tool's annotations, a required operand added), gives the same
 * contracts and the same drift from all three.
 */
class DriftAcrossSourcesTest {
  private static McpSchema.Tool tool(
      McpSchema.ToolAnnotations hints, boolean reasonRequired, String... states) {
    return Scenarios.tool(
        "set_state",
        "Moves a task",
        hints,
        null,
        Map.<String, Object>entry("id", Map.of("type", "string", "x-required", true)),
        Map.<String, Object>entry(
            "state", Map.of("type", "string", "enum", List.of(states), "x-required", true)),
        reasonRequired
            ? Map.<String, Object>entry("reason", Map.of("type", "string", "x-required", true))
            : Map.<String, Object>entry("reason", Map.of("type", "string")));
  }

  private static Op op(Tier tier, boolean reasonRequired, String... states) {
    return Op.builder("set_state")
        .description("Moves a task")
        .tier(tier)
        .operand(new Operand("id", "", OperandType.STRING, true, List.of(), false))
        .operand(new Operand("state", "", OperandType.ENUM, true, List.of(states), false))
        .operand(new Operand("reason", "", OperandType.STRING, reasonRequired, List.of(), false))
        .build();
  }

  private static String nativeDocument(Tier tier, boolean reasonRequired, String states) {
    return """
        {"contract": "tasks", "ops": [{"opcode": "set_state", "description": "Moves a task",
          "object_type": "", "tier": "%s", "operands": [
          {"name": "id", "description": "", "type": "string", "required": true, "list": false,
           "enum": []},
          {"name": "state", "description": "", "type": "enum", "required": true, "list": false,
           "enum": [%s]},
          {"name": "reason", "description": "", "type": "string", "required": %s, "list": false,
           "enum": []}]}]}"""
        .formatted(tier.wireName(), states, reasonRequired);
  }

  private static Contract fromNativeSource(String document) throws Exception {
    try (DocumentServer http = DocumentServer.start()) {
      http.serve("/contract", document.getBytes(StandardCharsets.UTF_8), "application/json", null);
      return HttpContractSource.builder(http.uri("/contract"))
          .contractName("tasks")
          .build()
          .fetch();
    }
  }

  private static List<DriftItem> breaking(Contract before, Contract after) {
    return DriftReport.compare(before, after, DriftReport.Usage.wholeContract())
        .items(DriftSeverity.BREAKING);
  }

  @Test
  void theSameBreakingChangesAreFoundFromAllThreeSources() throws Exception {
    ToolServer server = new ToolServer("tasks-mcp", "1");
    server.tool(tool(Scenarios.hints(null, false, false), false, "open", "doing", "done"));
    Contract mcpBefore;
    Contract mcpAfter;
    try (HttpToolServer http = HttpToolServer.start(server);
        McpContractSource source =
            McpContractSource.http(http.url()).contractName("tasks").build()) {
      mcpBefore = source.fetch();
      // The next deploy: a state dropped, the tool now destructive, a reason required.
      server.tools.set(0, tool(Scenarios.hints(null, true, false), true, "open", "done"));
      mcpAfter = source.fetch();
    }
    Contract nativeBefore =
        fromNativeSource(nativeDocument(Tier.REVERSIBLE, false, "\"open\", \"doing\", \"done\""));
    Contract nativeAfter =
        fromNativeSource(nativeDocument(Tier.IRREVERSIBLE, true, "\"open\", \"done\""));
    Contract codeBefore =
        Contract.of("tasks", List.of(op(Tier.REVERSIBLE, false, "open", "doing", "done")));
    Contract codeAfter = Contract.of("tasks", List.of(op(Tier.IRREVERSIBLE, true, "open", "done")));

    assertThat(mcpBefore.ops()).isEqualTo(nativeBefore.ops()).isEqualTo(codeBefore.ops());
    assertThat(mcpAfter.ops()).isEqualTo(nativeAfter.ops()).isEqualTo(codeAfter.ops());
    List<DriftItem> fromMcp = breaking(mcpBefore, mcpAfter);
    assertThat(fromMcp)
        .isEqualTo(breaking(nativeBefore, nativeAfter))
        .isEqualTo(breaking(codeBefore, codeAfter));
    assertThat(fromMcp)
        .extracting(DriftItem::rule)
        .contains(
            DriftRule.ENUM_VALUE_REMOVED, DriftRule.TIER_RAISED, DriftRule.OPERAND_BECAME_REQUIRED);
  }

  @Test
  void aNewRequiredOperandIsTheSameDriftFromMcpAsFromCode() throws Exception {
    ToolServer server = new ToolServer("tasks-mcp", "1");
    McpSchema.Tool before =
        Scenarios.tool(
            "set_state",
            "Moves a task",
            Scenarios.hints(null, false, false),
            null,
            Map.<String, Object>entry("id", Map.of("type", "string", "x-required", true)));
    server.tool(before);
    Contract mcpBefore;
    Contract mcpAfter;
    try (HttpToolServer http = HttpToolServer.start(server);
        McpContractSource source =
            McpContractSource.http(http.url()).contractName("tasks").build()) {
      mcpBefore = source.fetch();
      server.tools.set(0, tool(Scenarios.hints(null, false, false), true, "open"));
      mcpAfter = source.fetch();
    }
    Op idOnly =
        Op.builder("set_state")
            .description("Moves a task")
            .tier(Tier.REVERSIBLE)
            .operand(new Operand("id", "", OperandType.STRING, true, List.of(), false))
            .build();
    Contract codeBefore = Contract.of("tasks", List.of(idOnly));
    Contract codeAfter = Contract.of("tasks", List.of(op(Tier.REVERSIBLE, true, "open")));
    List<DriftItem> fromMcp =
        DriftReport.compare(mcpBefore, mcpAfter, DriftReport.Usage.wholeContract()).items();
    assertThat(fromMcp)
        .isEqualTo(
            DriftReport.compare(codeBefore, codeAfter, DriftReport.Usage.wholeContract()).items());
    assertThat(fromMcp).extracting(DriftItem::rule).contains(DriftRule.OPERAND_ADDED_REQUIRED);
  }
}
