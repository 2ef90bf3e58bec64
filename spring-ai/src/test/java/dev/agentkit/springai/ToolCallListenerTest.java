package dev.agentkit.springai;

import static dev.agentkit.springai.ScriptedChatModel.call;
import static dev.agentkit.springai.ScriptedChatModel.calls;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.Use;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.Board;
import dev.agentkit.tool.GuardResult;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.tool.ToolCallback;

/**
 * The listener hears each call once, whichever way it ends, through a callback called alone and
 * through the whole-message manager; a listener that throws changes nothing the model is told.
 */
class ToolCallListenerTest {
  final Board board = new Board();
  final List<Proposal> proposals = new CopyOnWriteArrayList<>();
  final List<String> heard = new CopyOnWriteArrayList<>();

  /** Writes each event as one line: the event, the opcode or tool, and what tells it apart. */
  final class Recorder implements ToolCallListener {
    @Override
    public void verified(Call call, Duration took) {
      heard.add("verified " + call.opcode() + timed(took));
    }

    @Override
    public void rejected(GuardResult.Correction correction, Duration took) {
      String tag = correction.detail().split("[;,]")[0];
      heard.add("rejected " + correction.tool() + " " + tag + timed(took));
    }

    @Override
    public void ran(Outcome outcome, Duration took) {
      heard.add("ran " + outcome.call().opcode() + timed(took));
    }

    @Override
    public void proposed(Call call, Proposal proposal, boolean paused, Duration took) {
      heard.add("proposed " + proposal.askKey() + (paused ? " paused" : "") + timed(took));
    }

    @Override
    public void unchanged(Call call, boolean applied, Duration took) {
      heard.add("unchanged " + call.opcode() + (applied ? " applied" : " withheld") + timed(took));
    }

    @Override
    public void failed(Call call, boolean applied, Exception failure, Duration took) {
      heard.add(
          "failed "
              + call.opcode()
              + (applied ? " applied " : " withheld ")
              + failure.getClass().getSimpleName()
              + timed(took));
    }

    private String timed(Duration took) {
      return took.isNegative() ? " (negative time)" : "";
    }
  }

  AgentkitToolCallbacks.Builder<Board> builder(ActionSet<Board> acts) {
    return board
        .triage(AgentkitToolCallbacks.builder(acts, "triage"))
        .proposals(proposals::add)
        .state(StateResolver.of(board))
        .listener(new Recorder());
  }

  ScriptedChatModel converse(AgentkitToolCallbacks<Board> tools, AssistantMessage... script) {
    return new ScriptedChatModel(script).converse(tools.callbacks());
  }

  @Test
  void aCallbackCalledAloneIsHeardOnceForEachWayACallEnds() {
    AgentkitToolCallbacks<Board> tools = builder(Board.actions()).build();

    tools.callAlone("set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}", null);
    tools.callAlone("set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}", null);
    tools.callAlone("archive_project", "{\"project_id\": \"p1\"}", null);
    tools.callAlone("sync_task", "{\"task_id\": \"t1\"}", null);
    tools.callAlone("set_status", "{\"task_id\": \"t1\", \"status\": \"finished\"}", null);
    tools.callAlone("archive_project", "{\"project_id\": \"p9\"}", null);
    tools.callAlone("delete_task", "{}", null);

    assertThat(heard)
        .containsExactly(
            "verified set_status",
            "ran set_status",
            "verified set_status",
            "unchanged set_status applied",
            "verified archive_project",
            "proposed triage:project:p1:archive_project",
            "verified sync_task",
            "failed sync_task applied IOException",
            "rejected set_status EnumValue",
            "verified archive_project",
            "rejected archive_project UnknownObject",
            "rejected delete_task UnknownTool");
    assertThat(proposals).hasSize(1);
  }

  @Test
  void theManagerReportsEachCallOfAMessageOnceAndHeldBackCallsAsRejected() {
    AgentkitToolCallbacks<Board> tools = builder(Board.actions()).build();

    converse(
        tools,
        calls(
            call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}"),
            call("c2", "set_status", "{\"task_id\": \"t2\", \"status\": \"finished\"}"),
            call("c3", "archive_project", "{\"project_id\": \"p1\"}"),
            call("c4", "no_such_tool", "{}")),
        calls(
            call("c5", "set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}"),
            call("c6", "archive_project", "{\"project_id\": \"p1\"}")));

    assertThat(heard)
        .containsExactly(
            "verified set_status",
            "verified archive_project",
            "rejected set_status OtherCallsInvalid",
            "rejected set_status EnumValue",
            "rejected archive_project OtherCallsInvalid",
            "rejected no_such_tool UnknownTool",
            "verified set_status",
            "verified archive_project",
            "ran set_status",
            "proposed triage:project:p1:archive_project");
    assertThat(board.runs).isEqualTo(1);
  }

  @Test
  void aFailingSinkReaderOrAnchorIsHeardAsFailedWithWhatThrew() {
    List<Use<Board>> uses = Board.actsWithTagLocked();
    AgentkitToolCallbacks<Board> tools =
        builder(ActionSet.of(uses))
            .proposals(
                p -> {
                  throw new IllegalStateException("inbox down");
                })
            .build();
    converse(
        tools,
        calls(
            call("c1", "tag_task", "{\"task_id\": \"t1\", \"labels\": [\"x\"]}"),
            call("c2", "archive_project", "{\"project_id\": \"p1\"}"),
            call("c3", "set_status", "{\"task_id\": \"t7\", \"status\": \"done\"}")));

    assertThat(heard)
        .containsExactly(
            "verified tag_task",
            "verified archive_project",
            "verified set_status",
            "failed tag_task applied CallFailedException",
            "failed archive_project withheld IllegalStateException",
            "failed set_status applied IllegalStateException");

    heard.clear();
    AgentkitToolCallbacks<Board> unanchored =
        builder(Board.actions())
            .anchor(
                c -> {
                  throw new IllegalArgumentException("no anchor");
                })
            .build();
    unanchored.callAlone("archive_project", "{\"project_id\": \"p1\"}", null);
    assertThat(heard)
        .containsExactly(
            "verified archive_project", "failed archive_project withheld IllegalArgumentException");
  }

  @Test
  void aStateResolverThatFailsIsHeardAsFailedAndStillThrows() {
    AgentkitToolCallbacks<Board> tools =
        builder(Board.actions())
            .state(
                context -> {
                  throw new IllegalStateException("no conversation");
                })
            .build();

    assertThatThrownBy(
            () ->
                tools.callAlone("set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}", null))
        .hasMessage("no conversation");
    assertThat(heard)
        .containsExactly("verified set_status", "failed set_status applied IllegalStateException");
  }

  @Test
  void aListenerThatThrowsChangesNothingTheModelIsTold() {
    List<String> calledAt = new CopyOnWriteArrayList<>();
    ToolCallListener throwing =
        new ToolCallListener() {
          @Override
          public void verified(Call call, Duration took) {
            calledAt.add("verified");
            throw new IllegalStateException("metrics down");
          }

          @Override
          public void ran(Outcome outcome, Duration took) {
            calledAt.add("ran");
            throw new IllegalStateException("metrics down");
          }

          @Override
          public void proposed(Call call, Proposal proposal, boolean paused, Duration took) {
            calledAt.add("proposed");
            throw new IllegalStateException("metrics down");
          }

          @Override
          public void rejected(GuardResult.Correction correction, Duration took) {
            calledAt.add("rejected");
            throw new IllegalStateException("metrics down");
          }
        };
    AgentkitToolCallbacks<Board> tools = builder(Board.actions()).listener(throwing).build();

    ScriptedChatModel model =
        converse(
            tools,
            calls(call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"blocked\"}")),
            calls(call("c2", "archive_project", "{\"project_id\": \"p1\"}")),
            calls(call("c3", "set_status", "{\"task_id\": \"t1\", \"status\": \"asap\"}")));
    ToolCallback alone =
        tools.callbacks().stream()
            .filter(c -> c.getToolDefinition().name().equals("set_status"))
            .findFirst()
            .orElseThrow();

    assertThat(model.answersTo(0)).containsExactly("c1 set_status: Done: set_status ran.");
    assertThat(model.answersTo(1))
        .containsExactly(
            "c2 archive_project: archive_project was sent to the user for approval; it has not"
                + " happened yet.");
    assertThat(model.answersTo(2)).singleElement().asString().contains("[EnumValue]");
    assertThat(alone.call("{\"task_id\": \"t2\", \"status\": \"done\"}"))
        .isEqualTo("Done: set_status ran.");
    assertThat(board.tasks.get("t1").status).isEqualTo("blocked");
    assertThat(board.tasks.get("t2").status).isEqualTo("done");
    assertThat(proposals).hasSize(1);
    assertThat(calledAt)
        .containsExactly("verified", "ran", "verified", "proposed", "rejected", "verified", "ran");
  }
}
