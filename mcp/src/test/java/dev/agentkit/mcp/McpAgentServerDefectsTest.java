package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.proposal.Labeler;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.proposal.Proposal;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * What the agent server once got wrong: a withheld call whose proposal could not be delivered was
 * answered with nothing logged, the page's own example could deliver no proposal, and an unknown
 * tool got the SDK's protocol error instead of the guard's {@code [UnknownTool]}.
 */
class McpAgentServerDefectsTest {
  private static String text(McpSchema.CallToolResult r) {
    return ((McpSchema.TextContent) r.content().get(0)).text();
  }

  @Test
  void aProposalThatCannotBeBuiltIsLoggedWithItsCause() {
    // A name with a space cannot namespace ask keys: the proposal's own check refuses it.
    McpAgentServer<BoardAgent> server =
        McpAgentServer.builder(new BoardAgent().acts(), "tri age")
            .anchor(call -> ObjectRef.of("task", call.arg("task_id")))
            .labeler(Labeler.of((kind, id) -> "Task " + id))
            .proposals(p -> {})
            .build();
    int mark = RecordedLogs.mark();

    McpSchema.CallToolResult r = server.call("delete_task", Map.of("task_id", "t1"));

    assertThat(text(r))
        .isEqualTo(
            "delete_task could not be sent to the user for approval, so it has not happened.");
    List<RecordedLogs.Event> warned =
        RecordedLogs.since(mark).stream()
            .filter(e -> e.logger().equals(McpAgentServer.class.getName()))
            .toList();
    assertThat(warned).hasSize(1);
    assertThat(warned.get(0).message())
        .startsWith("agent tri age: failed delete_task {task_id=t1}");
    assertThat(warned.get(0).thrown())
        .isInstanceOf(dev.agentkit.proposal.InvalidProposalException.class);
  }

  @Test
  void aSinkThatThrowsIsLoggedWithItsCause() {
    McpAgentServer<BoardAgent> server =
        new BoardAgent()
            .server(
                p -> {
                  throw new IllegalStateException("inbox down");
                });
    int mark = RecordedLogs.mark();

    server.call("delete_task", Map.of("task_id", "t1"));

    assertThat(RecordedLogs.since(mark))
        .filteredOn(e -> e.logger().equals(McpAgentServer.class.getName()))
        .singleElement()
        .satisfies(e -> assertThat(e.thrown()).hasMessage("inbox down"));
  }

  /** The page's first example, with the labeler it needs, delivers the proposal it promises. */
  @Test
  void theServerOfThePagesExampleDeliversItsProposals() {
    BoardAgent board = new BoardAgent();
    java.util.Queue<Proposal> inbox = new java.util.concurrent.ConcurrentLinkedQueue<>();
    Labeler labels = Labeler.of((kind, id) -> board.statuses.containsKey(id) ? "Task " + id : null);
    McpAgentServer<BoardAgent> server =
        McpAgentServer.builder(board.acts(), "triage")
            .ceiling(AutonomyRung.AUTO)
            .anchor(call -> ObjectRef.of("task", call.arg("task_id")))
            .labeler(labels)
            .proposals(inbox::add)
            .build();

    McpSchema.CallToolResult r = server.call("delete_task", Map.of("task_id", "t1"));

    assertThat(text(r))
        .isEqualTo("delete_task was sent to the user for approval; it has not happened yet.");
    assertThat(inbox).extracting(Proposal::askKey).containsExactly("triage:task:t1:delete_task");
  }

  @Test
  void anUnknownToolOverTheWireGetsTheGuardsCorrection() throws Exception {
    BoardAgent board = new BoardAgent();
    List<Proposal> proposals = new CopyOnWriteArrayList<>();
    try (HttpToolServer http = HttpToolServer.serve(board.server(proposals::add));
        McpSyncClient client = http.client()) {
      McpSchema.CallToolResult typo =
          client.callTool(new McpSchema.CallToolRequest("delete_tasks", Map.of("task_id", "t1")));
      assertThat(typo.isError()).isTrue();
      assertThat(text(typo))
          .isEqualTo(text(board.server(p -> {}).call("delete_tasks", Map.of("task_id", "t1"))))
          .startsWith("[UnknownTool] ")
          .contains("delete_task");
      McpSchema.CallToolResult spaced =
          client.callTool(new McpSchema.CallToolRequest(" delete_task ", Map.of("task_id", "t1")));
      assertThat(text(spaced))
          .isEqualTo(
              "[UnknownTool] there is no tool \" delete_task \"; call the tool by its exact name,"
                  + " \"delete_task\"");
      McpSchema.CallToolResult hidden =
          client.callTool(new McpSchema.CallToolRequest(UnknownTools.HIDDEN, Map.of()));
      assertThat(text(hidden)).startsWith("[UnknownTool] ");
      assertThat(client.listTools().tools())
          .extracting(McpSchema.Tool::name)
          .containsExactly("delete_task", "email_assignee", "list_tasks", "set_task_status");
      assertThat(proposals).isEmpty();
    }
  }
}
