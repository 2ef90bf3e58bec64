package dev.agentkit.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.testing.BaseDir;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/**
 * Runs the demo's MCP mode end to end (the backend as a real MCP server on loopback, the agent
 * bound to it over Streamable HTTP) and checks the transcript: startup re-verification, the guard's
 * correction, acts run on the board through {@code tools/call}, a refusal the model reads, withheld
 * acts proposed and not run, and an accepted proposal run through {@code tools/call}.
 */
class McpDemoTest {
  @Test
  void transcriptShowsActsRunThroughToolsCall() throws Exception {
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(buffer, true, StandardCharsets.UTF_8)) {
      new McpDemo(out).run();
    }
    String transcript =
        buffer
            .toString(StandardCharsets.UTF_8)
            .replaceAll("127\\.0\\.0\\.1:\\d+", "127.0.0.1:PORT");

    assertThat(transcript)
        .containsSubsequence(
            "MCP server at http://127.0.0.1:PORT/mcp (Streamable HTTP: tools/list, tools/call)",
            "compiled against " + McpTriageAgent_Wiring.CONTRACT_DIGEST,
            "bound McpTriageAgent: 5 acts; no contract drift",
            // tiers as the tools' annotations give them
            "  add_labels: reversible\n"
                + "  archive_project: irreversible\n"
                + "  assign_task: reversible\n"
                + "  notify_assignee: external_reversible\n"
                + "  set_task_priority: reversible",
            // an invalid call corrected before anything reaches the server
            "  call 1 rejected; correction sent back to the model:\n"
                + "      [EnumValue] set_task_priority.priority: \"critical\" is not one of the"
                + " allowed values: high, low, normal, urgent\n"
                + "    the model answers: set_task_priority {\"task_id\": \"t2\", \"priority\":"
                + " \"urgent\"}\n"
                + "    accepted",
            "  apply now: set_task_priority, assign_task, add_labels, add_labels\n"
                + "  propose:   notify_assignee, archive_project",
            // the acts ran on the board through tools/call
            "  done  set_task_priority priority=urgent, task_id=t2 → {\"ok\":true}",
            "  done  assign_task assignee=maya, task_id=t3 → {\"ok\":true}",
            "  done  add_labels labels=[\"safari\",\"p0\"], task_id=t2 → {\"ok\":true}",
            "  fail  add_labels labels=[\"qa\"], task_id=t9 — the model reads: [McpCallFailed]"
                + " add_labels: the tool reported an error: 404 unknown_task: there is no task"
                + " \"t9\"; the tasks are: t1, t2, t3, t4",
            "  board: t2 priority urgent, labels [billing, safari, p0]; t3 assignee maya; project"
                + " p2 active",
            // withheld acts proposed, not run
            "  [mcp-triage:task:t3:notify_assignee]\n"
                + "    shown: Send the assignee of Update privacy policy a chat message: \"The"
                + " privacy policy is yours now.\"?",
            "  [mcp-triage:project:p2:archive_project]\n"
                + "    shown: Archive Legacy site (replaced by the relaunch)? It cannot be undone.",
            "  board: t2 priority urgent, labels [billing, safari, p0]; t3 assignee maya; project"
                + " p2 active",
            // the accepted proposal runs through tools/call
            "  mcp-triage:project:p2:archive_project -> {\"ok\":true}",
            "  board: t2 priority urgent, labels [billing, safari, p0]; t3 assignee maya; project"
                + " p2 archived",
            "== MCP server and backend stopped.");
    assertThat(transcript).doesNotContain("Exception", "still rejected");
  }

  @Test
  void modeComesFromTheArgumentThenTheProperty() {
    assertThat(Main.mode(new String[0], null)).isEqualTo(Main.Mode.HTTP);
    assertThat(Main.mode(new String[0], " ")).isEqualTo(Main.Mode.HTTP);
    assertThat(Main.mode(new String[0], "mcp")).isEqualTo(Main.Mode.MCP);
    assertThat(Main.mode(new String[] {"mcp"}, null)).isEqualTo(Main.Mode.MCP);
    assertThat(Main.mode(new String[] {"http"}, "mcp")).isEqualTo(Main.Mode.HTTP);
  }

  @Test
  void unknownModeIsOneSentenceNamingTheFlag() throws Exception {
    assertThatThrownBy(() -> Main.mode(new String[0], "MCP2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "[DemoMode] \"MCP2\" is not a demo mode; run the demo with -Dagentkit.demo=mcp (or"
                + " the program argument mcp) for the MCP mode, or with neither for the HTTP one");
    String catalogue =
        Files.readString(BaseDir.resolve("..", "docs", "errors.md"), StandardCharsets.UTF_8);
    assertThat(catalogue).contains("| `DemoMode` |");
  }
}
