package dev.agentkit.testing;

import jakarta.servlet.http.HttpServlet;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;

/**
 * An embedded Tomcat on 127.0.0.1 serving one servlet at every path, asynchronously (as the MCP
 * SDK's Streamable HTTP transport needs): how tests, the examples and the benchmarks serve an MCP
 * server over HTTP. A module that uses it declares {@code tomcat-embed-core} itself (it is optional
 * here).
 *
 * <pre>{@code
 * try (LoopbackTomcat tomcat = LoopbackTomcat.start(transport, "taskboard-mcp")) {
 *   URI url = tomcat.uri("/mcp");
 * }
 * }</pre>
 */
public final class LoopbackTomcat implements AutoCloseable {
  private final Tomcat tomcat;

  private LoopbackTomcat(Tomcat tomcat) {
    this.tomcat = tomcat;
  }

  /**
   * Starts a Tomcat on a free port serving {@code servlet}, its base directory a new temporary
   * directory named after {@code purpose}.
   */
  public static LoopbackTomcat start(HttpServlet servlet, String purpose)
      throws IOException, LifecycleException {
    return start(servlet, purpose, 0);
  }

  /** As {@link #start(HttpServlet, String)}, on {@code port} (0 for a free one). */
  @SuppressWarnings("deprecation") // addServletMappingDecoded: still Tomcat 11's embedded way
  public static LoopbackTomcat start(HttpServlet servlet, String purpose, int port)
      throws IOException, LifecycleException {
    Path base = Files.createTempDirectory(purpose);
    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(base.toString());
    tomcat.setPort(port);
    tomcat.getConnector().setProperty("address", "127.0.0.1");
    Context context = tomcat.addContext("", base.toString());
    // Tomcat's default parent is the system class loader, which under exec:java or a Maven plugin
    // has no Tomcat classes in it.
    context.setParentClassLoader(LoopbackTomcat.class.getClassLoader());
    if (context instanceof StandardContext standard) {
      // Its leak checks warn about the JDK's own thread locals on every stop.
      standard.setClearReferencesThreadLocals(false);
      standard.setClearReferencesRmiTargets(false);
    }
    Tomcat.addServlet(context, "servlet", servlet).setAsyncSupported(true);
    context.addServletMappingDecoded("/*", "servlet");
    tomcat.start();
    return new LoopbackTomcat(tomcat);
  }

  /** The port it listens on. */
  public int port() {
    return tomcat.getConnector().getLocalPort();
  }

  /** {@code http://127.0.0.1:<port><path>}. */
  public URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port() + path);
  }

  /** Stops and destroys the Tomcat. */
  @Override
  public void close() throws LifecycleException {
    tomcat.stop();
    tomcat.destroy();
  }
}
