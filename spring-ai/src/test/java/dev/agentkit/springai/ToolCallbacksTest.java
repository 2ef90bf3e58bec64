package dev.agentkit.springai;

import static dev.agentkit.springai.ScriptedChatModel.call;
import static dev.agentkit.springai.ScriptedChatModel.calls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.ActionSet;
import dev.agentkit.BoundAgent;
import dev.agentkit.Use;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.Board;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.ai.tool.execution.ToolExecutionException;

/**
 * The callbacks beyond the scripted conversation's cases: on Spring AI's default manager, beside
 * tools of other kinds, with per-conversation state, and when the operator's parts fail.
 */
class ToolCallbacksTest {
  final Board board = new Board();
  final List<Proposal> proposals = new CopyOnWriteArrayList<>();

  AgentkitToolCallbacks.Builder<Board> builder(ActionSet<Board> acts) {
    return board
        .triage(AgentkitToolCallbacks.builder(acts, "triage"))
        .proposals(proposals::add)
        .state(StateResolver.of(board));
  }

  /** A tool of another kind, counting its calls. */
  static final class Weather implements ToolCallback {
    final List<String> inputs = new CopyOnWriteArrayList<>();

    @Override
    public ToolDefinition getToolDefinition() {
      return ToolDefinition.builder()
          .name("weather")
          .description("Today's weather.")
          .inputSchema("{\"type\":\"object\",\"properties\":{}}")
          .build();
    }

    @Override
    public String call(String toolInput) {
      inputs.add(toolInput);
      if (toolInput.contains("storm")) {
        throw new ToolExecutionException(
            getToolDefinition(), new IllegalStateException("no forecast in a storm"));
      }
      return "sunny";
    }
  }

  @Test
  void onSpringAisDefaultManagerEachCallIsJudgedAlone() {
    AgentkitToolCallbacks<Board> tools = builder(Board.actions()).build();
    ScriptedChatModel model =
        new ScriptedChatModel(
            calls(
                call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}"),
                call("c2", "set_status", "{\"task_id\": \"t2\", \"status\": \"finished\"}")));
    ChatClient.create(model).prompt().user("go").toolCallbacks(tools.callbacks()).call().content();

    assertThat(model.answersTo(0)).first().isEqualTo("c1 set_status: Done: set_status ran.");
    assertThat(board.tasks.get("t1").status).isEqualTo("doing");
  }

  @Test
  void aToolOfAnotherKindRunsWithTheMessageAndIsHeldBackWithIt() {
    AgentkitToolCallbacks<Board> tools = builder(Board.actions()).build();
    Weather weather = new Weather();
    ScriptedChatModel model =
        new ScriptedChatModel(
            calls(
                call("c1", "weather", "{}"),
                call("c2", "set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}")),
            calls(
                call("c3", "weather", "{}"),
                call("c4", "set_status", "{\"task_id\": \"t1\", \"status\": \"finished\"}")),
            calls(call("c5", "weather", "{}")),
            calls(
                call("c6", "weather", "{\"storm\": true}"),
                call("c7", "set_status", "{\"task_id\": \"t2\", \"status\": \"doing\"}")));
    List<ToolCallback> all = new ArrayList<>(tools.callbacks());
    all.add(weather);
    ChatClient.builder(model)
        .defaultAdvisors(AgentkitToolCallingManager.advisor())
        .build()
        .prompt()
        .user("go")
        .toolCallbacks(all)
        .call()
        .content();

    assertThat(model.answersTo(0))
        .containsExactly("c1 weather: sunny", "c2 set_status: Done: set_status ran.");
    assertThat(model.answersTo(1).get(0))
        .isEqualTo(
            "c3 weather: [OtherCallsInvalid] weather did not run: the tool calls of one message"
                + " run all or none, and set_status was not valid; correct it and send all the"
                + " calls again");
    // A message of other tools only goes to Spring AI's own manager.
    assertThat(model.answersTo(2)).containsExactly("c5 weather: sunny");
    // A failing tool of another kind is answered as Spring AI's own manager answers it.
    assertThat(model.answersTo(3))
        .containsExactly(
            "c6 weather: no forecast in a storm", "c7 set_status: Done: set_status ran.");
    assertThat(weather.inputs).hasSize(3);
  }

  @Test
  void theStateIsResolvedFromEachPromptsToolContext() {
    Map<String, Board> boards = new ConcurrentHashMap<>();
    AgentkitToolCallbacks<Board> tools =
        builder(Board.actions())
            .state(
                context ->
                    boards.computeIfAbsent(
                        (String) context.getContext().get("user"), u -> new Board()))
            .build();
    for (String user : List.of("ana", "bo")) {
      ScriptedChatModel model =
          new ScriptedChatModel(
              calls(
                  call(
                      "c1",
                      "set_status",
                      "{\"task_id\": \"t1\", \"status\": \""
                          + (user.equals("ana") ? "doing" : "blocked")
                          + "\"}")));
      ChatClient.builder(model)
          .defaultAdvisors(AgentkitToolCallingManager.advisor())
          .build()
          .prompt()
          .user("go")
          .toolCallbacks(tools.callbacks())
          .toolContext(Map.of("user", user))
          .call()
          .content();
    }
    assertThat(boards.get("ana").tasks.get("t1").status).isEqualTo("doing");
    assertThat(boards.get("bo").tasks.get("t1").status).isEqualTo("blocked");
  }

  @Test
  void aFailingHandlerOrSinkIsToldAsAFailureWithoutItsDetail() {
    List<Use<Board>> uses = Board.actsWithTagLocked();
    AgentkitToolCallbacks<Board> tools =
        builder(ActionSet.of(uses))
            .proposals(
                p -> {
                  throw new IllegalStateException("inbox down: jdbc:postgresql://db:5432");
                })
            .build();
    ScriptedChatModel model =
        new ScriptedChatModel(
            calls(
                call("c1", "sync_task", "{\"task_id\": \"t1\"}"),
                call("c2", "tag_task", "{\"task_id\": \"t1\", \"labels\": [\"x\"]}"),
                call("c3", "archive_project", "{\"project_id\": \"p1\"}")));
    model.converse(tools.callbacks());

    assertThat(model.answersTo(0))
        .containsExactly(
            "c1 sync_task: sync_task failed while running and may not have taken effect.",
            "c2 tag_task: tag_task failed: the task is locked by its owner",
            "c3 archive_project: archive_project could not be sent to the user for approval, so"
                + " it has not happened.");
  }

  @Test
  void aBoundAgentsCallbacksAreItsActs() {
    ActionSet<Board> acts = Board.actions();
    AgentkitToolCallbacks<Board> tools =
        AgentkitToolCallbacks.builder(
                new BoundAgent<>(acts, DriftReport.unchanged("triage", "sha256:0"), List.of()),
                "triage")
            .ceiling(AutonomyRung.AUTO)
            .anchor(Board::anchor)
            .labeler(board)
            .proposals(proposals::add)
            .state(StateResolver.of(board))
            .build();

    assertThat(tools.callbacks())
        .extracting(c -> c.getToolDefinition().name())
        .containsExactlyElementsOf(acts.opcodes());
    assertThat(tools.callbacks().get(4).call("{\"task_id\": \"t1\", \"status\": \"done\"}"))
        .isEqualTo("Done: set_status ran.");
  }

  @Test
  void anObjectTheLabelerDoesNotKnowIsCorrected() {
    AgentkitToolCallbacks<Board> tools = builder(Board.actions()).build();

    assertThat(tools.callAlone("archive_project", "{\"project_id\": \"p9\"}", null))
        .isEqualTo(
            "[UnknownObject] archive_project acts on project \"p9\", but there is no such"
                + " project; check the id and call again");
    assertThat(proposals).isEmpty();
  }

  @Test
  void theBuilderNamesEverythingItStillNeeds() {
    assertThatThrownBy(() -> AgentkitToolCallbacks.builder(Board.actions(), " ").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "[ToolsIncomplete] the tools of agent \"\" need the agent's name,"
                + " which namespaces the ask keys of its proposals; and state(...), which finds"
                + " the state each call acts on; and anchor(...), which names the object a"
                + " withheld call acts on (for example call ->"
                + " ObjectRef.of(call.op().objectType(), call.arg(\"<its id operand>\"))); and"
                + " proposals(...), which delivers a withheld call's proposal to the user"
                + " (archive_project, create_task, plan_review, set_estimate, set_status,"
                + " set_task_due_date, sync_task, tag_task are proposed to the user)");
    assertThatThrownBy(
            () ->
                AgentkitToolCallbacks.builder(Board.actions(), "triage")
                    .ceiling(AutonomyRung.AUTO)
                    .state(StateResolver.of(board))
                    .anchor(Board::anchor)
                    .build())
        .hasMessage(
            "[ToolsIncomplete] the tools of agent \"triage\" need"
                + " proposals(...), which delivers a withheld call's proposal to the user"
                + " (archive_project, plan_review are proposed to the user)");
  }
}
