package dev.agentkit.maven;

import dev.agentkit.testing.StdioServers;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * A real MCP server on the SDK's server API, for the plugin's tests: {@code java @<argfile>
 * dev.agentkit.maven.ItMcpServer <tools.json>} serves over stdio, as {@code taskboard-mcp 1.0}, the
 * tools in the file (a JSON array of MCP tools: name, description, inputSchema, annotations). It
 * refuses to start without the environment variable {@code TASKS_TOKEN}, so a test sees that the
 * plugin hands the child its {@code <env>}.
 */
public final class ItMcpServer {
  static final McpJsonMapper JSON = McpJsonDefaults.getMapper();

  private ItMcpServer() {}

  public static void main(String[] args) throws Exception {
    String token = System.getenv("TASKS_TOKEN");
    if (token == null || token.isBlank()) {
      System.err.println("TASKS_TOKEN is not set; the task board refuses to start");
      System.exit(2);
    }
    StdioServers.exitAtEndOfInput();
    McpServer.sync(new StdioServerTransportProvider(JSON))
        .serverInfo("taskboard-mcp", "1.0")
        .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
        .tools(specifications(tools(Path.of(args[0]))))
        .build();
    new CountDownLatch(1).await();
  }

  static List<McpSchema.Tool> tools(Path file) throws IOException {
    return List.of(JSON.readValue(Files.readString(file), McpSchema.Tool[].class));
  }

  static List<McpServerFeatures.SyncToolSpecification> specifications(List<McpSchema.Tool> tools) {
    List<McpServerFeatures.SyncToolSpecification> specs = new ArrayList<>();
    for (McpSchema.Tool tool : tools) {
      specs.add(
          McpServerFeatures.SyncToolSpecification.builder()
              .tool(tool)
              .callHandler(
                  (exchange, request) ->
                      McpSchema.CallToolResult.builder().addTextContent("ok").build())
              .build());
    }
    return specs;
  }

  /**
   * The class path this class was loaded from: the test class path in a unit test or an IT's script
   * (which the invoker runs with it), so a child JVM can run {@link #main}.
   */
  static String classPath() {
    Set<String> entries = new LinkedHashSet<>();
    if (ItMcpServer.class.getClassLoader() instanceof URLClassLoader loader) {
      for (URL url : loader.getURLs()) {
        try {
          entries.add(Path.of(url.toURI()).toString());
        } catch (URISyntaxException | IllegalArgumentException e) {
          // not a file: the child could not read it anyway
        }
      }
    }
    String tests = System.getProperty("surefire.test.class.path");
    if (entries.isEmpty() && tests != null) {
      entries.addAll(List.of(tests.split(File.pathSeparator)));
    }
    String own = System.getProperty("java.class.path", "");
    if (entries.isEmpty() && !own.isEmpty()) {
      // Neither a URL class loader nor Surefire: a forked JVM such as PIT's, on its own class path.
      entries.addAll(List.of(own.split(File.pathSeparator)));
    }
    return String.join(File.pathSeparator, entries);
  }

  /**
   * Writes a java argument file ({@code java @file}) that puts {@link #classPath()} on the class
   * path, for an IT's {@code <mcp><args>}.
   */
  public static void writeArgFile(File file) throws IOException {
    String quoted = classPath().replace("\\", "\\\\").replace("\"", "\\\"");
    Files.writeString(file.toPath(), "-cp \"" + quoted + "\"\n");
  }
}
