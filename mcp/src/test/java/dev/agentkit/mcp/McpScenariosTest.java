package dev.agentkit.mcp;

import dev.agentkit.tool.AdapterScenarios;
import dev.agentkit.tool.Notes;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The adapters' behaviour suite, driven through the official SDK's client against the real {@link
 * McpAgentServer} over Streamable HTTP: each call of a message is one {@code tools/call}.
 */
class McpScenariosTest extends AdapterScenarios {
  @Override
  protected boolean judgesMessages() {
    return false;
  }

  @Override
  protected Served serve(Setup setup) throws Exception {
    McpAgentServer<Notes> agent =
        setup
            .configure(a -> McpAgentServer.builder(a, AGENT), l -> McpAgentServer.builder(l, AGENT))
            .state(setup::notes)
            .listener(setup.listener())
            .build();
    HttpToolServer http = HttpToolServer.serve(agent);
    McpSyncClient client = http.client();
    return new Served() {
      @Override
      public List<Answer> send(List<ToolCall> message) throws Exception {
        List<Answer> out = new ArrayList<>();
        for (ToolCall c : message) {
          Map<String, Object> args =
              ToolServer.JSON.readValue(c.arguments(), new TypeRef<Map<String, Object>>() {});
          McpSchema.CallToolResult r =
              client.callTool(new McpSchema.CallToolRequest(c.name(), args));
          String text = ((McpSchema.TextContent) r.content().get(0)).text();
          out.add(new Answer(text, r.isError()));
        }
        return out;
      }

      @Override
      public void close() throws Exception {
        client.close();
        http.close();
      }
    };
  }
}
