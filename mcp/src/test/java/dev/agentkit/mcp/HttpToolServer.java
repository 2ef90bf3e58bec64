package dev.agentkit.mcp;

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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;

/**
 * A servlet on embedded Tomcat, on a free loopback port, at {@code /mcp}: the SDK's Streamable HTTP
 * server transport in front of a {@link ToolServer}, or any servlet (the agent served as an MCP
 * server). Records the headers of each request.
 */
final class HttpToolServer implements AutoCloseable {
  private final Tomcat tomcat;
  private final HttpServletStreamableServerTransportProvider provider;
  final List<String> authorizations = new CopyOnWriteArrayList<>();
  private McpSyncServer served;

  private HttpToolServer(Tomcat tomcat, HttpServletStreamableServerTransportProvider provider) {
    this.tomcat = tomcat;
    this.provider = provider;
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

  /** Serves any servlet at {@code /mcp}. */
  @SuppressWarnings("deprecation") // Tomcat 11's mapping method, still the embedded way
  static HttpToolServer serve(
      HttpServlet servlet, HttpServletStreamableServerTransportProvider provider)
      throws IOException, LifecycleException {
    Path base = Files.createTempDirectory("mcp-tomcat");
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(base.toString());
    tomcat.setPort(0);
    tomcat.getConnector().setProperty("address", "127.0.0.1");
    Context context = tomcat.addContext("", base.toString());
    if (context instanceof org.apache.catalina.core.StandardContext standard) {
      // The leak checks warn about the JDK's internals on every stop; the tests own no leaks there.
      standard.setClearReferencesThreadLocals(false);
      standard.setClearReferencesRmiTargets(false);
    }
    HttpToolServer out = new HttpToolServer(tomcat, provider);
    HttpServlet recording =
        new HttpServlet() {
          private static final long serialVersionUID = 1L;

          @Override
          protected void service(
              jakarta.servlet.http.HttpServletRequest req,
              jakarta.servlet.http.HttpServletResponse resp)
              throws jakarta.servlet.ServletException, IOException {
            String auth = req.getHeader("Authorization");
            out.authorizations.add(auth == null ? "" : auth);
            servlet.service(req, resp);
          }
        };
    Tomcat.addServlet(context, "mcp", recording).setAsyncSupported(true);
    context.addServletMappingDecoded("/*", "mcp");
    tomcat.start();
    return out;
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
                HttpClientStreamableHttpTransport.builder(
                        "http://127.0.0.1:" + tomcat.getConnector().getLocalPort())
                    .endpoint("/mcp")
                    .build())
            .requestTimeout(Duration.ofSeconds(30))
            .build();
    client.initialize();
    return client;
  }

  URI url() {
    return URI.create("http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/mcp");
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
    tomcat.stop();
    tomcat.destroy();
  }
}
