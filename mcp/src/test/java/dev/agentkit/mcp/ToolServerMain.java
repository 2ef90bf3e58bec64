package dev.agentkit.mcp;

import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpServerSession;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;

/**
 * A {@link ToolServer} as a child process over stdio: {@code java -cp <test class path>
 * dev.agentkit.mcp.ToolServerMain <scenario>}, the scenario one of {@link Scenarios}.
 */
public final class ToolServerMain {
  private ToolServerMain() {}

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  public static void main(String[] args) throws InterruptedException {
    String scenario = args.length == 0 ? "taskboard" : args[0];
    if (scenario.equals("crash")) {
      System.err.println("boom: cannot open the task database " + System.getenv("TOKEN"));
      System.exit(3);
    }
    ToolServer server = Scenarios.named(scenario);
    StdioServerTransportProvider provider = new StdioServerTransportProvider(ToolServer.JSON);
    provider.setSessionFactory(
        transport ->
            new McpServerSession(
                UUID.randomUUID().toString(),
                ToolServer.timeout(),
                transport,
                server::initializeMono,
                server.handlers(),
                Map.of()));
    if (scenario.equals("changing")) {
      // A deploy shortly after the first listing: list_tasks loses its hints, and clients hear so.
      server.afterFirstList =
          () ->
              new Thread(
                      () -> {
                        sleep(300);
                        server.tools.set(
                            0, Scenarios.tool("list_tasks", "Lists tasks.", null, null));
                        provider
                            .notifyClients(McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED, null)
                            .block();
                      })
                  .start();
    }
    new CountDownLatch(1).await();
  }
}
