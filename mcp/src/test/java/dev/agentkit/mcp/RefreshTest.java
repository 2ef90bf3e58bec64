package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What MCP gives a cache instead of conditional requests: the server's word that it announces tool
 * changes, and a notice to the listeners when a session is opened again after a failure (notices
 * sent meanwhile are lost), unless it is opened to list the tools, which reads them as they are.
 */
class RefreshTest {
  @Test
  void aServerThatAnnouncesChangesSaysSoAtInitialize() throws Exception {
    try (HttpToolServer http = HttpToolServer.start(Scenarios.taskboard());
        McpContractSource source =
            McpContractSource.http(http.url()).contractName("taskboard").build()) {
      assertThat(source.announcesToolChanges()).as("no session yet").isFalse();

      source.fetch();

      assertThat(source.announcesToolChanges()).isTrue();
    }
  }

  @Test
  void aSessionReopenedForACallTellsTheListenersOneReopenedToListDoesNot() throws Exception {
    AtomicInteger heard = new AtomicInteger();
    try (McpContractSource source =
        StdioServers.source("taskboard", "--noise-on-call")
            .requestTimeout(Duration.ofMinutes(10))
            .build()) {
      source.onToolsChanged(heard::incrementAndGet);
      ActionSet<Void> set = McpActionsTest.bindAll(source.fetch());
      Call call = set.verified(Call.of("list_tasks", Map.of("project_id", "p1")));
      McpActions actions = McpActions.builder(source).timeout(Duration.ofMinutes(10)).build();

      // The call's answer is preceded by a log line: that session and its child end.
      assertThatThrownBy(() -> actions.run(call))
          .hasMessageContaining("is not a JSON-RPC message (during tools/call list_tasks)");
      assertThat(heard).hasValue(0);
      // A listing opens the next session: it reads the tools as they are, so no notice.
      source.fetch();
      assertThat(heard).hasValue(0);
      assertThatThrownBy(() -> actions.run(call))
          .hasMessageContaining("is not a JSON-RPC message (during tools/call list_tasks)");
      // A call opens the next one: whatever changed while no session was open went unheard.
      assertThatThrownBy(() -> actions.run(call))
          .hasMessageContaining("is not a JSON-RPC message (during tools/call list_tasks)");
      assertThat(heard).hasValue(1);
    }
  }
}
