package dev.agentkit.maven;

import dev.agentkit.testing.LoopbackTomcat;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A real MCP server over Streamable HTTP, for the mcp-http IT: started on a loopback port by its
 * {@code prebuild.groovy} (in the outer Maven JVM) on the SDK's servlet transport and embedded
 * Tomcat, at {@code /mcp}, as {@code taskboard-mcp 1.0}. It answers only requests that carry {@code
 * Authorization: Bearer <token>} (401 otherwise), and lists the tools of a file it re-reads on
 * every request, so a build step can change them; {@code verify.groovy} stops it.
 */
public final class ItMcpHttpServer {
  private static LoopbackTomcat tomcat;
  private static McpSyncServer server;
  private static String tenant;
  private static String loaded = "[]";

  private ItMcpHttpServer() {}

  /** Serves the tools of {@code tools} on 127.0.0.1:{@code port}/mcp to holders of the token. */
  public static synchronized void start(int port, File tools, String token) throws Exception {
    stop();
    HttpServletStreamableServerTransportProvider provider =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(ItMcpServer.JSON)
            .mcpEndpoint("/mcp")
            .build();
    server =
        McpServer.sync(provider)
            .serverInfo("taskboard-mcp", "1.0")
            .capabilities(McpSchema.ServerCapabilities.builder().tools(true).build())
            .build();
    loaded = "[]";
    HttpServlet guarded =
        new HttpServlet() {
          private static final long serialVersionUID = 1L;

          @Override
          protected void service(HttpServletRequest req, HttpServletResponse resp)
              throws ServletException, IOException {
            if (!("Bearer " + token).equals(req.getHeader("Authorization"))) {
              resp.sendError(401, "a bearer token is required");
              return;
            }
            synchronized (ItMcpHttpServer.class) {
              tenant = req.getHeader("X-Tenant");
              sync(tools.toPath());
            }
            provider.service(req, resp);
          }
        };
    tomcat = LoopbackTomcat.start(guarded, "it-mcp-tomcat", port);
  }

  /** Makes the server list the file's tools, when the file changed since the last request. */
  private static void sync(Path file) throws IOException {
    String text = Files.readString(file);
    if (text.equals(loaded)) {
      return;
    }
    for (McpSchema.Tool old : ItMcpServer.JSON.readValue(loaded, McpSchema.Tool[].class)) {
      server.removeTool(old.name());
    }
    ItMcpServer.specifications(List.of(ItMcpServer.JSON.readValue(text, McpSchema.Tool[].class)))
        .forEach(server::addTool);
    loaded = text;
  }

  /** The {@code X-Tenant} header of the last request that carried the token. */
  public static synchronized String lastTenant() {
    return tenant;
  }

  public static synchronized void stop() throws Exception {
    if (server != null) {
      server.closeGracefully();
      server = null;
    }
    if (tomcat != null) {
      tomcat.close();
      tomcat = null;
    }
  }
}
