package dev.agentkit.mcp;

import dev.agentkit.testing.LoopbackTomcat;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.spec.DefaultMcpStreamableServerSessionFactory;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.http.HttpServlet;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.catalina.LifecycleException;

/**
 * A servlet on embedded Tomcat, on a free loopback port, at {@code /mcp}: the SDK's Streamable HTTP
 * server transport in front of a {@link ToolServer}, or any servlet (the agent served as an MCP
 * server). Records the headers of each request.
 */
final class HttpToolServer implements AutoCloseable {
  private final LoopbackTomcat tomcat;
  private final HttpServletStreamableServerTransportProvider provider;
  final List<String> authorizations;
  private McpSyncServer served;

  private HttpToolServer(
      LoopbackTomcat tomcat,
      HttpServletStreamableServerTransportProvider provider,
      List<String> authorizations) {
    this.tomcat = tomcat;
    this.provider = provider;
    this.authorizations = authorizations;
  }

  /** Serves the tool server, on the SDK's low-level session factory. */
  @SuppressWarnings("deprecation")
  static HttpToolServer start(ToolServer server) throws Exception {
    HttpServletStreamableServerTransportProvider provider =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(ToolServer.JSON)
            .mcpEndpoint("/mcp")
            .build();
    provider.setSessionFactory(
        new DefaultMcpStreamableServerSessionFactory(
            ToolServer.timeout(), server::initializeMono, server.handlers(), Map.of()));
    return serve(provider, provider);
  }

  /** Serves any servlet at {@code /mcp}, recording each request's {@code Authorization}. */
  static HttpToolServer serve(
      HttpServlet servlet, HttpServletStreamableServerTransportProvider provider)
      throws IOException, LifecycleException {
    List<String> authorizations = new CopyOnWriteArrayList<>();
    HttpServlet recording =
        new HttpServlet() {
          private static final long serialVersionUID = 1L;

          @Override
          protected void service(
              jakarta.servlet.http.HttpServletRequest req,
              jakarta.servlet.http.HttpServletResponse resp)
              throws jakarta.servlet.ServletException, IOException {
            String auth = req.getHeader("Authorization");
            authorizations.add(auth == null ? "" : auth);
            servlet.service(req, resp);
          }
        };
    return new HttpToolServer(
        LoopbackTomcat.start(recording, "mcp-tomcat"), provider, authorizations);
  }

  /** Serves an agent server over Streamable HTTP at {@code /mcp}; closing stops both. */
  static HttpToolServer serve(McpAgentServer<?> agent) throws Exception {
    HttpServletStreamableServerTransportProvider transport =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(ToolServer.JSON)
            .mcpEndpoint("/mcp")
            .build();
    McpSyncServer served = agent.serve(transport);
    HttpToolServer http = serve(transport, transport);
    http.served = served;
    return http;
  }

  /** A client of this server, initialized; the caller closes it. */
  McpSyncClient client() {
    McpSyncClient client =
        McpClient.sync(
                HttpClientStreamableHttpTransport.builder(tomcat.uri("").toString())
                    .endpoint("/mcp")
                    .build())
            .requestTimeout(Duration.ofSeconds(30))
            .build();
    client.initialize();
    return client;
  }

  URI url() {
    return tomcat.uri("/mcp");
  }

  /** Tells every connected client that the tool list changed. */
  void toolsChanged() {
    provider.notifyClients(McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED, null).block();
  }

  @Override
  public void close() throws LifecycleException {
    if (served != null) {
      served.close();
    }
    if (provider != null) {
      provider.closeGracefully().block();
    }
    tomcat.close();
  }
}
