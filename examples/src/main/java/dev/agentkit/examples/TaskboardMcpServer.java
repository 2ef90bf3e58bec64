package dev.agentkit.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.testing.LoopbackTomcat;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.catalina.LifecycleException;

/**
 * The task-board backend served as an MCP server too: Streamable HTTP at {@code /mcp} on a loopback
 * port (the MCP Java SDK's servlet transport on embedded Tomcat), over the same board as the HTTP
 * endpoints of {@link TaskboardBackend}.
 *
 * <ul>
 *   <li>{@code tools/list}: one tool per op of the contract the backend serves when the server
 *       starts (a later {@link TaskboardBackend#serve} changes only the HTTP one), its operands as
 *       a JSON Schema ({@link #inputSchema}; {@code create_task.checklist} as an array of objects)
 *       and its tier as honest annotations ({@link #HINTS}), which {@code McpContractSource} reads
 *       back as the same tier; the object type under {@code _meta} {@code
 *       "dev.agentkit/objectType"}.
 *   <li>{@code tools/call}: applied as {@code POST /apply} would be ({@link
 *       TaskboardBackend#applyBody}): the backend's own validation, the same store; a refusal is a
 *       result marked {@code isError} with the backend's status and message.
 * </ul>
 */
public final class TaskboardMcpServer implements AutoCloseable {
  /** The server's name in {@code initialize}: the stamp of contracts read from it. */
  static final String NAME = "taskboard-mcp";

  static final String VERSION = "1.0.0";

  /** Annotations per tier: only ever what the op really does. */
  static final Map<Tier, McpSchema.ToolAnnotations> HINTS =
      Map.of(
          Tier.READ_ONLY, hints(true, false, false),
          Tier.REVERSIBLE, hints(false, false, false),
          Tier.EXTERNAL_REVERSIBLE, hints(false, false, true),
          Tier.IRREVERSIBLE, hints(false, true, true));

  // Tomcat logs its start and stop at INFO, a slow random seed and the SDK's shared Reactor threads
  // (which outlive any one server) at WARNING; a demo transcript needs none of them. Held, so the
  // levels survive garbage collection of the loggers.
  private static final List<Logger> QUIET =
      List.of(
          Logger.getLogger("org.apache"),
          Logger.getLogger("org.apache.catalina.util.SessionIdGeneratorBase"),
          Logger.getLogger("org.apache.catalina.loader.WebappClassLoaderBase"));

  private final LoopbackTomcat tomcat;
  private final HttpServletStreamableServerTransportProvider transport;
  private final McpSyncServer server;

  private TaskboardMcpServer(
      LoopbackTomcat tomcat,
      HttpServletStreamableServerTransportProvider transport,
      McpSyncServer server) {
    this.tomcat = tomcat;
    this.transport = transport;
    this.server = server;
  }

  /** Serves {@code backend}'s contract and board over MCP on a free loopback port. */
  public static TaskboardMcpServer start(TaskboardBackend backend)
      throws IOException, LifecycleException {
    HttpServletStreamableServerTransportProvider transport =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(McpJsonDefaults.getMapper())
            .mcpEndpoint("/mcp")
            // The SDK sweeps idle sessions on a scheduler of its own whose thread is not a daemon
            // and outlives closeGracefully(), so a JVM that served this would never exit (exec:java
            // waits for it). The demo's sessions end with it; nothing needs sweeping.
            .sessionSweepInterval(null)
            .build();
    McpSyncServer server =
        McpServer.sync(transport)
            .serverInfo(NAME, VERSION)
            .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
            // The backend validates every call itself, as it does on POST /apply.
            .validateToolInputs(false)
            .tools(tools(backend))
            .build();
    return new TaskboardMcpServer(tomcat(transport), transport, server);
  }

  private static LoopbackTomcat tomcat(HttpServletStreamableServerTransportProvider transport)
      throws IOException, LifecycleException {
    QUIET.get(0).setLevel(Level.WARNING);
    QUIET.subList(1, QUIET.size()).forEach(l -> l.setLevel(Level.SEVERE));
    return LoopbackTomcat.start(transport, "taskboard-mcp");
  }

  /** {@code http://127.0.0.1:<port>/mcp}. */
  public URI url() {
    return tomcat.uri("/mcp");
  }

  /** Ends the server, its transport and the Tomcat. */
  @Override
  public void close() throws LifecycleException {
    server.closeGracefully();
    transport.closeGracefully().block();
    tomcat.close();
  }

  private static List<McpServerFeatures.SyncToolSpecification> tools(TaskboardBackend backend) {
    List<McpServerFeatures.SyncToolSpecification> out = new ArrayList<>();
    for (Op op : backend.contract().ops()) {
      McpSchema.Tool.Builder tool =
          McpSchema.Tool.builder(op.opcode(), inputSchema(op))
              .description(op.description())
              .annotations(HINTS.get(op.tier()));
      if (!op.objectType().isEmpty()) {
        tool.meta(Map.of("dev.agentkit/objectType", op.objectType()));
      }
      out.add(
          McpServerFeatures.SyncToolSpecification.builder()
              .tool(tool.build())
              .callHandler((exchange, request) -> call(backend, request))
              .build());
    }
    return out;
  }

  /**
   * The op's operands as a JSON Schema object, in the contract's order, a nested operand whole
   * ({@link TaskboardSchemas}): the tool's input schema (the benchmarks' 500-tool server serves its
   * ops with it too).
   */
  public static Map<String, Object> inputSchema(Op op) {
    return TaskboardSchemas.operands(op);
  }

  /** One {@code tools/call}, applied as {@code POST /apply}; a refusal is an error result. */
  static McpSchema.CallToolResult call(
      TaskboardBackend backend, McpSchema.CallToolRequest request) {
    Map<String, Object> given = request.arguments() == null ? Map.of() : request.arguments();
    ObjectNode args = TaskboardBackend.JSON.createObjectNode();
    given.forEach(
        (name, value) ->
            args.set(
                name,
                value == null ? NullNode.getInstance() : TaskboardBackend.JSON.valueToTree(value)));
    // A structured operand arrives as an object and becomes its text; a checklist stays JSON.
    TaskboardBackend.Reply reply = backend.applyArguments(request.name(), args);
    if (reply.status() == 200) {
      return result(reply.body(), false);
    }
    JsonNode err;
    try {
      err = TaskboardBackend.JSON.readTree(reply.body());
    } catch (IOException e) {
      err = TaskboardBackend.JSON.createObjectNode();
    }
    return result(
        reply.status() + " " + err.path("error").asText() + ": " + err.path("message").asText(),
        true);
  }

  private static McpSchema.CallToolResult result(String text, boolean error) {
    return McpSchema.CallToolResult.builder().addTextContent(text).isError(error).build();
  }

  private static McpSchema.ToolAnnotations hints(
      boolean readOnly, boolean destructive, boolean openWorld) {
    return new McpSchema.ToolAnnotations(null, readOnly, destructive, null, openWorld, null);
  }
}
