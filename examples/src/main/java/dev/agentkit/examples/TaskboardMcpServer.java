package dev.agentkit.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;

/**
 * The task-board backend served as an MCP server too: Streamable HTTP at {@code /mcp} on a loopback
 * port (the MCP Java SDK's servlet transport on embedded Tomcat), over the same board as the HTTP
 * endpoints of {@link TaskboardBackend}.
 *
 * <ul>
 *   <li>{@code tools/list}: one tool per op of the contract the backend serves when the server
 *       starts (a later {@link TaskboardBackend#serve} changes only the HTTP one), its operands as
 *       a JSON Schema ({@link #inputSchema}) and its tier as honest annotations ({@link #HINTS}),
 *       which {@code McpContractSource} reads back as the same tier; the object type under {@code
 *       _meta} {@code "dev.agentkit/objectType"}.
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

  /** Operands that hold a JSON object: served as {@code "type": "object"}, applied as its text. */
  static final Set<String> STRUCTURED = Set.of("publish_goal.target");

  /** JSON Schema of one value of each operand type. */
  private static final Map<OperandType, Map<String, Object>> TYPES =
      Map.of(
          OperandType.STRING, Map.of("type", "string"),
          OperandType.DATE, Map.of("type", "string", "format", "date"),
          OperandType.NUMBER, Map.of("type", "number"),
          OperandType.INTEGER, Map.of("type", "integer"),
          OperandType.BOOLEAN, Map.of("type", "boolean"),
          OperandType.ENUM, Map.of("type", "string"));

  // Tomcat logs its start and stop at INFO, a slow random seed and the SDK's shared Reactor threads
  // (which outlive any one server) at WARNING; a demo transcript needs none of them. Held, so the
  // levels survive garbage collection of the loggers.
  private static final List<Logger> QUIET =
      List.of(
          Logger.getLogger("org.apache"),
          Logger.getLogger("org.apache.catalina.util.SessionIdGeneratorBase"),
          Logger.getLogger("org.apache.catalina.loader.WebappClassLoaderBase"));

  private final LoopbackTomcat.Mcp served;

  private TaskboardMcpServer(LoopbackTomcat.Mcp served) {
    this.served = served;
  }

  /** Serves {@code backend}'s contract and board over MCP on a free loopback port. */
  public static TaskboardMcpServer start(TaskboardBackend backend)
      throws IOException, LifecycleException {
    HttpServletStreamableServerTransportProvider transport =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(McpJsonDefaults.getMapper())
            .mcpEndpoint("/mcp")
            .build();
    McpSyncServer server =
        McpServer.sync(transport)
            .serverInfo(NAME, VERSION)
            .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
            // The backend validates every call itself, as it does on POST /apply.
            .validateToolInputs(false)
            .tools(tools(backend))
            .build();
    return new TaskboardMcpServer(new LoopbackTomcat.Mcp(tomcat(transport), transport, server));
  }

  private static Tomcat tomcat(HttpServletStreamableServerTransportProvider transport)
      throws IOException, LifecycleException {
    QUIET.get(0).setLevel(Level.WARNING);
    QUIET.subList(1, QUIET.size()).forEach(l -> l.setLevel(Level.SEVERE));
    return LoopbackTomcat.start(transport, "taskboard-mcp");
  }

  /** {@code http://127.0.0.1:<port>/mcp}. */
  public URI url() {
    return served.url();
  }

  @Override
  public void close() throws LifecycleException {
    served.close();
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
   * The op's operands as a JSON Schema object, in the contract's order: the tool's input schema
   * (the benchmarks' 500-tool server serves its ops with it too).
   */
  public static Map<String, Object> inputSchema(Op op) {
    Map<String, Object> properties = new LinkedHashMap<>();
    List<String> required = new ArrayList<>();
    for (Operand o : op.operands()) {
      properties.put(o.name(), property(op, o));
      if (o.required()) {
        required.add(o.name());
      }
    }
    Map<String, Object> schema = new LinkedHashMap<>();
    schema.put("type", "object");
    schema.put("properties", properties);
    schema.put("required", required);
    schema.put("additionalProperties", false);
    return schema;
  }

  private static Map<String, Object> property(Op op, Operand o) {
    Map<String, Object> value = new LinkedHashMap<>();
    if (STRUCTURED.contains(op.opcode() + "." + o.name())) {
      value.put("type", "object");
    } else {
      value.putAll(TYPES.get(o.type()));
    }
    if (o.type() == OperandType.ENUM) {
      value.put("enum", o.enumValues());
    }
    Map<String, Object> out = value;
    if (o.list()) {
      out = new LinkedHashMap<>();
      out.put("type", "array");
      out.put("items", value);
    }
    out.put("description", o.description());
    return out;
  }

  /** One {@code tools/call}, applied as {@code POST /apply}; a refusal is an error result. */
  static McpSchema.CallToolResult call(
      TaskboardBackend backend, McpSchema.CallToolRequest request) {
    ObjectNode body = TaskboardBackend.JSON.createObjectNode().put("opcode", request.name());
    ObjectNode args = body.putObject("args");
    Map<String, Object> given = request.arguments() == null ? Map.of() : request.arguments();
    given.forEach(
        (name, value) -> {
          JsonNode node =
              value == null ? NullNode.getInstance() : TaskboardBackend.JSON.valueToTree(value);
          // A structured operand arrives as an object; the board keeps it as JSON text.
          args.set(name, node.isObject() ? TextNode.valueOf(node.toString()) : node);
        });
    TaskboardBackend.Reply reply =
        backend.applyBody(body.toString().getBytes(StandardCharsets.UTF_8));
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
