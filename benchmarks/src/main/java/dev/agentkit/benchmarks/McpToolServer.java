package dev.agentkit.benchmarks;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Tier;
import dev.agentkit.examples.TaskboardMcpServer;
import dev.agentkit.testing.LoopbackTomcat;
import dev.agentkit.testing.StdioServers;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.catalina.LifecycleException;

/**
 * A real MCP server on the MCP Java SDK's server API ({@code McpServer.sync}) whose tools are the
 * ops of the synthetic contract of {@value #TOOLS} ops: each op a tool with its operands as the
 * input schema, its tier as honest annotations and its object type under {@code _meta}, so that
 * {@code McpContractSource} reads back the same contract. Served over stdio by {@link #main} (a
 * child JVM, {@link #command()}) or over Streamable HTTP on embedded Tomcat ({@link #http()}).
 */
public final class McpToolServer {
  /** The tool count. */
  static final int TOOLS = 500;

  static final String NAME = "synthetic-mcp";
  static final String VERSION = "1.0.0";

  private static final McpJsonMapper JSON = McpJsonDefaults.getMapper();

  /** Annotations per tier the synthetic contract uses: only ever what the op really does. */
  private static final Map<Tier, McpSchema.ToolAnnotations> HINTS =
      Map.of(
          Tier.READ_ONLY, new McpSchema.ToolAnnotations(null, true, false, null, false, null),
          Tier.REVERSIBLE, new McpSchema.ToolAnnotations(null, false, false, null, false, null));

  /** JSON Schema of one value of each operand type. */

  // Tomcat logs its start and stop at INFO; the table needs none of it. Held, so the level
  // survives garbage collection of the logger.
  private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");

  private McpToolServer() {}

  /** The contract the server serves: {@value #TOOLS} ops from {@link SyntheticContract#SEED}. */
  static Contract contract() {
    return SyntheticContract.generate("synthetic", TOOLS, SyntheticContract.SEED);
  }

  /**
   * The contract as an MCP client reads it back. A tool schema says a date by its format, so a date
   * operand the contract declares without one ({@code "type": "date"}) reads as {@code format:
   * date}; everything else is the contract as it is.
   */
  static Contract asServed() {
    Contract c = contract();
    List<Op> ops = new ArrayList<>();
    for (Op op : c.ops()) {
      List<Operand> operands = new ArrayList<>();
      for (Operand o : op.operands()) {
        operands.add(o.withSchema(dated(o.schema())));
      }
      ops.add(op.toBuilder().operands(operands).build());
    }
    return Contract.of(c.name(), c.source(), ops);
  }

  private static Schema dated(Schema s) {
    if (s instanceof Schema.DateSchema d && d.format().isEmpty()) {
      return new Schema.DateSchema(d.facets(), "date");
    }
    if (s instanceof Schema.ArraySchema a) {
      return new Schema.ArraySchema(
          a.facets(), dated(a.items()), a.minItems(), a.maxItems(), a.uniqueItems());
    }
    if (s instanceof Schema.ObjectSchema o) {
      List<Operand> properties = new ArrayList<>();
      for (Operand p : o.properties()) {
        properties.add(p.withSchema(dated(p.schema())));
      }
      return new Schema.ObjectSchema(
          o.facets(),
          properties,
          o.closed(),
          o.additional() == null ? null : dated(o.additional()));
    }
    if (s instanceof Schema.UnionSchema u) {
      return new Schema.UnionSchema(
          u.facets(), u.oneOf(), u.alternatives().stream().map(McpToolServer::dated).toList());
    }
    return s;
  }

  /** Serves the tools over stdio until stdin ends or the parent process exits. */
  public static void main(String[] args) throws InterruptedException {
    exitWithParent();
    StdioServers.exitAtEndOfInput();
    McpServer.sync(new StdioServerTransportProvider(JSON))
        .serverInfo(NAME, VERSION)
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
        .tools(specifications(contract()))
        .build();
    new CountDownLatch(1).await();
  }

  /**
   * The command line that runs {@link #main} in a child JVM, on this JVM's own class path, with the
   * options a short-lived server is started with.
   */
  static List<String> command() {
    return List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:TieredStopAtLevel=1",
        "-XX:+UseSerialGC",
        // stdout is the protocol's: whatever SLF4J backend the class path holds must not log there.
        "-Dslf4j.provider=org.slf4j.helpers.NOP_FallbackServiceProvider",
        "-Xshare:auto",
        "-cp",
        System.getProperty("java.class.path"),
        McpToolServer.class.getName());
  }

  /** Serves the tools over Streamable HTTP at {@code /mcp} on a free loopback port. */
  static Served http() throws IOException, LifecycleException {
    HttpServletStreamableServerTransportProvider transport =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(JSON)
            .mcpEndpoint("/mcp")
            .build();
    McpSyncServer server =
        McpServer.sync(transport)
            .serverInfo(NAME, VERSION)
            .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
            .tools(specifications(contract()))
            .build();
    TOMCAT_LOG.setLevel(Level.SEVERE);
    return new Served(LoopbackTomcat.start(transport, "bench-mcp"), transport, server);
  }

  /** The tools served over HTTP; {@link #close()} ends the server, its transport and Tomcat. */
  record Served(
      LoopbackTomcat tomcat,
      HttpServletStreamableServerTransportProvider transport,
      McpSyncServer server)
      implements AutoCloseable {
    URI url() {
      return tomcat.uri("/mcp");
    }

    @Override
    public void close() throws LifecycleException {
      server.closeGracefully();
      transport.closeGracefully().block();
      tomcat.close();
    }
  }

  static List<McpServerFeatures.SyncToolSpecification> specifications(Contract contract) {
    List<McpServerFeatures.SyncToolSpecification> out = new ArrayList<>();
    for (Op op : contract.ops()) {
      out.add(
          McpServerFeatures.SyncToolSpecification.builder()
              .tool(tool(op))
              .callHandler(
                  (exchange, request) ->
                      McpSchema.CallToolResult.builder().addTextContent("ok").build())
              .build());
    }
    return out;
  }

  /** The op as a tool: name, description, input schema, annotations, object type. */
  static McpSchema.Tool tool(Op op) {
    McpSchema.ToolAnnotations hints = HINTS.get(op.tier());
    if (hints == null) {
      throw new IllegalArgumentException("no honest annotations for tier " + op.tier());
    }
    return McpSchema.Tool.builder(op.opcode(), TaskboardMcpServer.inputSchema(op))
        .description(op.description())
        .annotations(hints)
        .meta(Map.of("dev.agentkit/objectType", op.objectType()))
        .build();
  }

  /** Ends this process when the benchmark's JVM ends, however it ends. */
  private static void exitWithParent() {
    ProcessHandle.current()
        .parent()
        .ifPresent(parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(0)));
  }
}
