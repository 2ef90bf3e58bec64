package dev.agentkit.springai;

import static dev.agentkit.springai.ScriptedChatModel.call;
import static dev.agentkit.springai.ScriptedChatModel.calls;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Call;
import dev.agentkit.LiveAgent;
import dev.agentkit.Outcome;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.Board;
import dev.agentkit.tool.GuardResult;
import dev.agentkit.tool.LiveBoard;
import dev.agentkit.tool.ToolCallFlow;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Callbacks over a live agent, against a real loopback backend whose contract changes between two
 * conversations: each call sees the newest contract, and a paused agent withholds every call.
 */
class LiveAgentToolsTest {
  final List<Proposal> proposals = new CopyOnWriteArrayList<>();
  final List<String> heard = new CopyOnWriteArrayList<>();
  @RegisterExtension final LiveBoard live = new LiveBoard();
  final Board board = live.board();
  final AgentkitToolCallbacks<Board> tools =
      live.triage(AgentkitToolCallbacks.builder(live.agent(), "triage"))
          .proposals(proposals::add)
          .state(StateResolver.of(board))
          .listener(
              new ToolCallListener() {
                @Override
                public void ran(Outcome outcome, Duration took) {
                  heard.add("ran " + outcome.call().opcode());
                }

                @Override
                public void proposed(Call call, Proposal proposal, boolean paused, Duration took) {
                  heard.add("proposed " + proposal.askKey() + (paused ? " paused" : ""));
                }

                @Override
                public void rejected(GuardResult.Correction correction, Duration took) {
                  heard.add("rejected " + correction.tool());
                }
              })
          .build();

  List<String> converse(String arguments) {
    return new ScriptedChatModel(calls(call("c1", "set_status", arguments)))
        .converse(tools.callbacks())
        .answersTo(0);
  }

  @Test
  void aTierRaisedBetweenTwoCallsPausesTheSecondForReviewAndNothingRuns() throws Exception {
    assertThat(converse("{\"task_id\": \"t1\", \"status\": \"doing\"}"))
        .containsExactly("c1 set_status: Done: set_status ran.");

    live.raiseTierAndPause();

    List<String> answers = converse("{\"task_id\": \"t1\", \"status\": \"done\"}");
    assertThat(answers)
        .singleElement()
        .asString()
        .startsWith(
            "c1 set_status: [PausedForReview] set_status is paused for review, so it was sent to"
                + " the user for approval and has not happened yet: triage is paused on a live"
                + " contract it cannot act on; it proposes every call until a contract binds"
                + " again or the drift policy acknowledges the change:\n"
                + "[DriftBreaking] triage cannot bind to the live taskboard contract")
        .contains("- tier-raised: the backend raised the tier of set_status");
    assertThat(board.runs).isEqualTo(1);
    assertThat(board.tasks.get("t1").status).isEqualTo("doing");
    assertThat(proposals)
        .singleElement()
        .satisfies(p -> assertThat(p.anchor().key()).isEqualTo("task:t1"));

    // A call that is not valid is still corrected, not proposed.
    assertThat(converse("{\"task_id\": \"t1\", \"status\": \"finished\"}"))
        .singleElement()
        .asString()
        .startsWith("c1 set_status: [EnumValue]");
    assertThat(proposals).hasSize(1);

    live.restore();
    assertThat(converse("{\"task_id\": \"t1\", \"status\": \"done\"}"))
        .containsExactly("c1 set_status: Done: set_status ran.");
    assertThat(board.tasks.get("t1").status).isEqualTo("done");
    assertThat(heard)
        .containsExactly(
            "ran set_status",
            "proposed triage:task:t1:set_status paused",
            "rejected set_status",
            "ran set_status");
  }

  @Test
  void aCallJudgedBeforeAPauseAndCarriedOutAfterIsProposedAndHeardOnce() throws Exception {
    String args = "{\"task_id\": \"t1\", \"status\": \"doing\"}";
    ToolCallFlow.Step judged = tools.judge("set_status", args);
    List<String> failed = new CopyOnWriteArrayList<>();
    AgentkitToolCallbacks<Board> unlabelled =
        AgentkitToolCallbacks.builder(live.agent(), "triage")
            .ceiling(AutonomyRung.AUTO)
            .anchor(Board::anchor)
            .labeler(
                (kind, id) -> {
                  throw new IllegalStateException("labels down");
                })
            .proposals(proposals::add)
            .state(StateResolver.of(board))
            .listener(
                new ToolCallListener() {
                  @Override
                  public void failed(Call call, boolean applied, Exception failure, Duration took) {
                    failed.add(call.opcode() + " " + applied + " " + failure.getMessage());
                  }
                })
            .build();
    ToolCallFlow.Step judgedToo = unlabelled.judge("set_status", args);

    live.raiseTierAndPause();

    assertThat(tools.finish(judged, null)).startsWith("[PausedForReview] set_status is paused");
    assertThat(heard).containsExactly("proposed triage:task:t1:set_status paused");
    assertThat(unlabelled.finish(judgedToo, null))
        .isEqualTo("set_status failed while running and may not have taken effect.");
    assertThat(failed).containsExactly("set_status true labels down");
    assertThat(board.runs).isZero();
    assertThat(proposals).hasSize(1);
  }

  @Test
  void theDefinitionsFollowACompatibleChange() throws Exception {
    var callback = tools.callbacks().get(0);
    assertThat(callback.getToolDefinition().description()).isEqualTo("Set a task's status.");

    live.serveSetStatus(op -> op.description("Move a task to another column."));
    live.until(() -> callback.getToolDefinition().description().startsWith("Move"));

    assertThat(live.agent().state()).isEqualTo(LiveAgent.State.BOUND);
    assertThat(callback.getToolDefinition().inputSchema()).contains("\"status\"");
    assertThat(converse("{\"task_id\": \"t1\", \"status\": \"blocked\"}"))
        .containsExactly("c1 set_status: Done: set_status ran.");
  }

  @Test
  void aLiveAgentsCallbacksNeedAnAnchorAndASink() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () ->
                AgentkitToolCallbacks.builder(live.agent(), "triage")
                    .ceiling(AutonomyRung.AUTO)
                    .state(StateResolver.of(board))
                    .build())
        .hasMessage(
            "[ToolsIncomplete] the tools of agent \"triage\" need anchor(...),"
                + " which names the object a withheld call acts on (for example call ->"
                + " ObjectRef.of(call.op().objectType(), call.arg(\"<its id operand>\"))); and"
                + " proposals(...), which delivers a withheld call's proposal to the user (a live"
                + " agent withholds every call while it is paused)");
  }
}
