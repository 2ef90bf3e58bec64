package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.tool.NestedContract;
import dev.agentkit.tool.ToolDeclaration;
import dev.agentkit.tool.ToolSchemas;
import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The MCP agent server offers each tool the whole tree ToolSchemas wrote, as an MCP client reads it
 * off the wire: nested properties, items, unions, bounds and defaults, numbers exactly as written
 * (a bound of {@code 0.1} or {@code 1E+400} is not rounded through a double).
 */
class NestedToolSchemaTest {
  private static final ObjectMapper EXACT =
      JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

  private static ActionSet<Object> acts(String contractJson) throws Exception {
    return NestedContract.actions(contractJson.getBytes(StandardCharsets.UTF_8));
  }

  private static McpAgentServer<Object> server(ActionSet<Object> acts) {
    return McpAgentServer.builder(acts, "nested")
        .ceiling(AutonomyRung.AUTO)
        .state(Object::new)
        .anchor(call -> new ObjectRef("thing", "1", "Thing 1"))
        .proposals(p -> {})
        .serverInfo("nested-agent", "0.1")
        .build();
  }

  @Test
  void everyToolOffersTheTreeToolSchemasWrote() throws Exception {
    ActionSet<Object> acts = NestedContract.actions();
    McpAgentServer<Object> server = server(acts);
    List<ToolDeclaration> declared = ToolSchemas.declarations(acts);

    assertThat(server.tools()).hasSameSizeAs(declared);
    for (int i = 0; i < declared.size(); i++) {
      McpSchema.Tool tool = server.tools().get(i);
      String sent = ToolServer.JSON.writeValueAsString(tool.inputSchema());
      assertThat(sent).as(tool.name()).isEqualTo(declared.get(i).parametersJson());
    }
  }

  @Test
  void boundsBeyondADoubleReachTheClientExactly() throws Exception {
    String contract =
        "{\"ops\":[{\"opcode\":\"pay\",\"description\":\"Pay.\",\"tier\":\"reversible\",\"operands\":[{\"name\":\"amount\","
            + "\"type\":\"number\",\"minimum\":0.1,\"maximum\":1e400,"
            + "\"multipleOf\":0.30000000000000000001}]}]}";
    McpAgentServer<Object> server = server(acts(contract));

    String sent = ToolServer.JSON.writeValueAsString(server.tools().get(0).inputSchema());

    assertThat(EXACT.readTree(sent).at("/properties/amount"))
        .isEqualTo(
            EXACT.readTree(
                "{\"type\":\"number\",\"minimum\":0.1,\"maximum\":1E+400,"
                    + "\"multipleOf\":0.30000000000000000001}"));
  }
}
