package dev.agentkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.modelcontextprotocol.spec.McpSchema;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Hostile {@code tools/call}s against the task board's MCP tool handler (the one the server runs
 * for every call): any tool name, argument names and JSON values of every kind. The handler always
 * answers, never throws; an answer marked {@code isError} carries the backend's status and leaves
 * the board exactly as it was.
 */
class TaskboardMcpToolsPropertyTest {
  private static TaskboardBackend backend;

  @BeforeContainer
  static void start() throws Exception {
    backend = TaskboardBackend.start();
  }

  @AfterContainer
  static void stop() {
    backend.close();
  }

  @Property(tries = 300)
  void everyCallIsAnsweredAndARefusalChangesNothing(
      @ForAll("tools") String tool, @ForAll("arguments") Map<String, Object> arguments) {
    String before = board();

    McpSchema.CallToolResult result =
        TaskboardMcpServer.call(
            backend, McpSchema.CallToolRequest.builder(tool).arguments(arguments).build());

    assertThat(result.content()).hasSize(1);
    String text = ((McpSchema.TextContent) result.content().get(0)).text();
    if (Boolean.TRUE.equals(result.isError())) {
      assertThat(text)
          .matches("(?s)(400|404|409) [a-z_]+: .+"); // a tool name may hold a line break
      assertThat(board()).isEqualTo(before);
    } else {
      assertThat(text).startsWith("{");
    }
  }

  private static String board() {
    return backend.applyBody("{\"opcode\": \"get_board\"}".getBytes(StandardCharsets.UTF_8)).body();
  }

  @Provide
  Arbitrary<String> tools() {
    return Arbitraries.oneOf(
        Arbitraries.of(TaskboardContract.initial().opcodes()),
        Arbitraries.strings().ofMinLength(1).ofMaxLength(12).filter(s -> !s.isBlank()));
  }

  @Provide
  Arbitrary<Map<String, Object>> arguments() {
    Arbitrary<String> names =
        Arbitraries.oneOf(
            Arbitraries.of(
                "task_id",
                "project_id",
                "goal_id",
                "priority",
                "status",
                "due_date",
                "labels",
                "target",
                "channel",
                "audience",
                "estimate_hours",
                "title",
                "assignee",
                "message"),
            Arbitraries.strings().ofMaxLength(8));
    return Arbitraries.maps(names, values()).ofMaxSize(5).map(LinkedHashMap::new);
  }

  private static Arbitrary<Object> values() {
    Arbitrary<Object> scalars =
        Arbitraries.oneOf(
            Arbitraries.of("t1", "t2", "t9", "p1", "p2", "g1", "urgent", "done", "chat", "team")
                .map(v -> (Object) v),
            Arbitraries.strings().ofMaxLength(10).map(v -> (Object) v),
            Arbitraries.of("2026-04-01", "2026-13-45", "[\"a\"]", "{\"metric\": 1}", "")
                .map(v -> (Object) v),
            Arbitraries.integers().map(v -> (Object) v),
            Arbitraries.doubles().map(v -> (Object) v),
            Arbitraries.of(true, false).map(v -> (Object) v));
    return Arbitraries.oneOf(
        scalars,
        scalars.list().ofMaxSize(3).map(v -> (Object) v),
        Arbitraries.maps(Arbitraries.strings().ofMaxLength(4), scalars)
            .ofMaxSize(2)
            .map(v -> (Object) v),
        Arbitraries.just((Object) null));
  }
}
