package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.BoundAgent;
import dev.agentkit.CompiledAgent;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.drift.DriftException;
import dev.agentkit.drift.DriftPolicy;
import dev.agentkit.drift.DriftRule;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An agent compiled against an MCP server's contract re-verifies against the live server when it
 * binds: unchanged, it binds; a tool whose annotations changed to destructive (tier raised) is
 * breaking drift naming the act, and nothing is bound.
 */
class StartupReverifyTest {
  private static List<Use<Void>> uses() {
    return List.of(
        Use.<Void>of("set_task_status", ChangeCategory.ALWAYS_MINTS)
            .run((state, call) -> null)
            .build(),
        Use.<Void>of("list_tasks", ChangeCategory.ALWAYS_MINTS).run((s, c) -> null).build());
  }

  @Test
  void bindingReverifiesAgainstTheLiveServer() throws Exception {
    ToolServer server = Scenarios.taskboard();
    try (HttpToolServer http = HttpToolServer.start(server);
        McpContractSource source =
            McpContractSource.http(http.url()).contractName("taskboard").build()) {
      Contract snapshot = source.fetch();
      CompiledAgent compiled = new CompiledAgent("triage", snapshot, snapshot.digest());

      BoundAgent<Void> bound =
          BoundAgent.bind(
              compiled, source, uses(), DriftPolicy.failOnBreaking(), Clock.systemUTC());
      assertThat(bound.acts().opcodes()).containsExactly("list_tasks", "set_task_status");

      int at = 1; // set_task_status: now destructive, so irreversible
      assertThat(server.tools.get(at).name()).isEqualTo("set_task_status");
      server.tools.set(
          at,
          Scenarios.tool(
              "set_task_status",
              "Moves a task to another column.",
              Scenarios.hints(null, true, false),
              java.util.Map.of("dev.agentkit/objectType", "task"),
              Scenarios.prop("task_id", "string", true),
              Scenarios.enumProp("status", true, "todo", "doing", "done")));
      assertThatThrownBy(
              () ->
                  BoundAgent.bind(
                      compiled, source, uses(), DriftPolicy.failOnBreaking(), Clock.systemUTC()))
          .isInstanceOf(DriftException.class)
          .satisfies(
              e ->
                  assertThat(((DriftException) e).report().items())
                      .anySatisfy(
                          item -> {
                            assertThat(item.rule()).isEqualTo(DriftRule.TIER_RAISED);
                            assertThat(item.toString()).contains("set_task_status");
                          }))
          .hasMessageContaining("set_task_status");
    }
  }
}
