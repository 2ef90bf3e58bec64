package dev.agentkit.mcp;

import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * The SDK's stdio transport, which also tells when its child process has exited: a server that dies
 * at start can then be reported at once instead of when the initialize timeout runs out.
 */
final class ChildTransport extends StdioClientTransport {
  private final CompletableFuture<Void> exited = new CompletableFuture<>();

  ChildTransport(ServerParameters params, McpJsonMapper json) {
    super(params, json);
  }

  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    // The child exists once the connection is made; only then can its exit be awaited.
    return super.connect(handler).doOnSuccess(started -> watch());
  }

  private void watch() {
    Thread watcher =
        new Thread(
            () -> {
              try {
                awaitForExit();
              } catch (RuntimeException interrupted) {
                return; // not known to have exited
              }
              exited.complete(null);
            },
            "agentkit-mcp-child-exit");
    watcher.setDaemon(true);
    watcher.start();
  }

  /** Completes when the child process has exited; never, while it runs. */
  Mono<Void> exited() {
    return Mono.fromFuture(exited, true);
  }
}
