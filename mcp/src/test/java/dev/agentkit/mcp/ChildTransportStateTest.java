package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The stdio transport used out of order, as only a bug in agentkit would: each misuse is refused
 * with a sentence saying which, before any child process is started.
 */
class ChildTransportStateTest {
  private static ChildTransport transport() {
    return new ChildTransport(
        List.of("no-such-command-agentkit"), Map.of(), McpJsonDefaults.getMapper(), l -> {}, 1024);
  }

  private static final McpSchema.JSONRPCMessage PING =
      new McpSchema.JSONRPCRequest(McpSchema.JSONRPC_VERSION, "ping", 1, null);

  @Test
  void aMessageBeforeConnectIsRefused() {
    ChildTransport t = transport();
    assertThatThrownBy(() -> t.sendMessage(PING).block())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("the transport is not started");
  }

  @Test
  void connectAfterCloseIsRefused() {
    ChildTransport t = transport();
    t.close();
    assertThatThrownBy(() -> t.connect(m -> m).block())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("the transport was started or closed already");
  }
}
