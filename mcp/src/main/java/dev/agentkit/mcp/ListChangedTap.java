package dev.agentkit.mcp;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import reactor.core.publisher.Mono;

/**
 * A client transport that takes {@code notifications/tools/list_changed} out of what reaches the
 * SDK's client and tells {@code changed} instead. The SDK's client answers the notice by walking
 * every {@code tools/list} page itself, with no bound on pages, bytes or time, so a server that
 * pages for ever would hold it for ever; the listeners decide when to list again, and that listing
 * is the source's own, bounded one. Everything else passes through unchanged.
 */
final class ListChangedTap implements McpClientTransport {
  private final McpClientTransport inner;
  private final Runnable changed;

  ListChangedTap(McpClientTransport inner, Runnable changed) {
    this.inner = inner;
    this.changed = changed;
  }

  @Override
  public Mono<Void> connect(
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    return inner.connect(messages -> messages.flatMap(m -> pass(m, handler)));
  }

  private Mono<McpSchema.JSONRPCMessage> pass(
      McpSchema.JSONRPCMessage message,
      Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
    if (message instanceof McpSchema.JSONRPCNotification n
        && McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED.equals(n.method())) {
      return Mono.<McpSchema.JSONRPCMessage>fromRunnable(changed);
    }
    return handler.apply(Mono.just(message));
  }

  @Override
  public void setExceptionHandler(Consumer<Throwable> handler) {
    inner.setExceptionHandler(handler);
  }

  @Override
  public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
    return inner.sendMessage(message);
  }

  @Override
  public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
    return inner.unmarshalFrom(data, typeRef);
  }

  @Override
  public Mono<Void> closeGracefully() {
    return inner.closeGracefully();
  }

  @Override
  public void close() {
    inner.close();
  }

  @Override
  public List<String> protocolVersions() {
    return inner.protocolVersions();
  }
}
