package dev.agentkit.examples;

import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.http.HttpServlet;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.startup.Tomcat;

/**
 * An embedded Tomcat on a free port of 127.0.0.1 serving one servlet at every path: how the
 * examples (and the benchmarks) serve an MCP server over Streamable HTTP.
 */
public final class LoopbackTomcat {
  private LoopbackTomcat() {}

  /**
   * Starts a Tomcat serving {@code servlet} (asynchronously, as the MCP SDK's transport needs), its
   * base directory a new temporary directory named after {@code purpose}. Stop and destroy it when
   * done; its port is {@code tomcat.getConnector().getLocalPort()}.
   */
  @SuppressWarnings("deprecation") // addServletMappingDecoded: still Tomcat 11's embedded way
  public static Tomcat start(HttpServlet servlet, String purpose)
      throws IOException, LifecycleException {
    Path base = Files.createTempDirectory(purpose);
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(base.toString());
    tomcat.setPort(0);
    tomcat.getConnector().setProperty("address", "127.0.0.1");
    Context context = tomcat.addContext("", base.toString());
    // Tomcat's default parent is the system class loader, which under exec:java or the Maven
    // plugin has no Tomcat classes in it.
    context.setParentClassLoader(LoopbackTomcat.class.getClassLoader());
    if (context instanceof org.apache.catalina.core.StandardContext standard) {
      // Its leak checks warn about the JDK's own thread locals on every stop.
      standard.setClearReferencesThreadLocals(false);
      standard.setClearReferencesRmiTargets(false);
    }
    Tomcat.addServlet(context, "mcp", servlet).setAsyncSupported(true);
    context.addServletMappingDecoded("/*", "mcp");
    tomcat.start();
    return tomcat;
  }

  /**
   * An MCP server served over Streamable HTTP at {@code /mcp} by a loopback Tomcat; {@link
   * #close()} ends the server, its transport and the Tomcat.
   */
  public record Mcp(
      Tomcat tomcat, HttpServletStreamableServerTransportProvider transport, McpSyncServer server)
      implements AutoCloseable {
    /** {@code http://127.0.0.1:<port>/mcp}. */
    public URI url() {
      return URI.create("http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/mcp");
    }

    @Override
    public void close() throws LifecycleException {
      server.closeGracefully();
      transport.closeGracefully().block();
      tomcat.stop();
      tomcat.destroy();
    }
  }
}
