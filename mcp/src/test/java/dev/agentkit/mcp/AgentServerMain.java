package dev.agentkit.mcp;

import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.CountDownLatch;

/**
 * The {@link BoardAgent} served as an MCP server over stdio, as a child process: {@code java -cp
 * <test class path> dev.agentkit.mcp.AgentServerMain <proposals file>}; each proposal's ask key and
 * question are appended to the file, one line each.
 */
public final class AgentServerMain {
  private AgentServerMain() {}

  public static void main(String[] args) throws InterruptedException {
    Path out = Path.of(args[0]);
    BoardAgent board = new BoardAgent();
    board
        .server(
            p -> {
              try {
                Files.writeString(
                    out,
                    p.askKey() + " | " + p.question() + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
            })
        .serve(new StdioServerTransportProvider(ToolServer.JSON));
    new CountDownLatch(1).await();
  }
}
