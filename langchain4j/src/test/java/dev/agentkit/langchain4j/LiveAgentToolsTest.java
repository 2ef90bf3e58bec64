package dev.agentkit.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.tool.Board;
import dev.agentkit.tool.LiveBoard;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.service.AiServices;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Tools over a live agent, against a real loopback backend whose contract changes between two
 * calls: each call sees the newest contract, and a paused agent withholds every call.
 */
class LiveAgentToolsTest {
  @RegisterExtension final LiveBoard live = new LiveBoard();
  final Board board = live.board();
  final AgentkitTools<Board> tools =
      live.triage(AgentkitTools.builder(live.agent(), "triage"))
          .proposals(proposal -> {}) // the results carry each proposal
          .build();

  ToolCallResult setStatus(String status) {
    String arguments = "{\"task_id\": \"t1\", \"status\": \"" + status + "\"}";
    return tools
        .executeAll(
            AiMessage.from(List.of(AgentkitToolsTest.call("c1", "set_status", arguments))), board)
        .get(0);
  }

  @Test
  void aTierRaisedBetweenTwoCallsPausesTheSecondForReviewAndNothingRuns() throws Exception {
    assertThat(setStatus("doing").text()).isEqualTo("Done: set_status ran.");

    live.raiseTierAndPause();

    ToolCallResult paused = setStatus("done");
    assertThat(paused).isInstanceOf(ToolCallResult.Proposed.class);
    assertThat(paused.text())
        .startsWith(
            "[PausedForReview] set_status is paused for review, so it was sent to the user for"
                + " approval and has not happened yet: triage is paused on a live contract it"
                + " cannot act on; it proposes every call until a contract binds again or the"
                + " drift policy acknowledges the change:\n"
                + "[DriftBreaking] triage cannot bind to the live taskboard contract")
        .contains("- tier-raised: the backend raised the tier of set_status");
    assertThat(((ToolCallResult.Proposed) paused).proposal().anchor().key()).isEqualTo("task:t1");
    assertThat(board.tasks.get("t1").status).isEqualTo("doing");
    // A call that is not valid is still corrected, not proposed.
    assertThat(setStatus("finished")).isInstanceOf(ToolCallResult.Corrected.class);

    live.restore();
    assertThat(setStatus("done").text()).isEqualTo("Done: set_status ran.");
    assertThat(board.tasks.get("t1").status).isEqualTo("done");
  }

  @Test
  void anAiServicesAssistantIsOfferedTheNewestContractAndToldOfThePause() throws Exception {
    AiServicesTest.ScriptedModel model = new AiServicesTest.ScriptedModel();
    AiServicesTest.Assistant assistant =
        AgentkitToolProvider.of(tools, StateResolver.of(board))
            .configure(AiServices.builder(AiServicesTest.Assistant.class))
            .chatModel(model)
            .chatMemoryProvider(id -> MessageWindowChatMemory.withMaxMessages(50))
            .build();

    live.serveSetStatus(op -> op.description("Move a task to another column."));
    live.until(() -> tools.specifications().get(0).description().startsWith("Move"));
    model
        .then(
            AgentkitToolsTest.call(
                "c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"done\"}"))
        .then("ok");
    assistant.chat("alice", "Finish the report");
    List<ToolSpecification> offered = model.requests.get(0).toolSpecifications();
    assertThat(offered)
        .extracting(ToolSpecification::description)
        .containsExactly("Move a task to another column.");
    assertThat(model.lastTexts()).containsExactly("Done: set_status ran.");

    live.raiseTierAndPause();
    model
        .then(
            AgentkitToolsTest.call(
                "c2", "set_status", "{\"task_id\": \"t1\", \"status\": \"todo\"}"))
        .then("ok");
    assistant.chat("alice", "Reopen it");
    assertThat(model.lastTexts())
        .last()
        .asString()
        .startsWith("[PausedForReview] set_status is paused for review");
    assertThat(board.tasks.get("t1").status).isEqualTo("done");
  }

  @Test
  void aLiveAgentsToolsNeedAnAnchor() {
    assertThatThrownBy(
            () ->
                AgentkitTools.builder(live.agent(), "triage")
                    .ceiling(AutonomyRung.AUTO)
                    .proposals(proposal -> {})
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "[ToolsIncomplete] the tools of agent \"triage\" need anchor(...), which names the"
                + " object a withheld call acts on")
        .hasMessageEndingWith("(a live agent withholds every call while it is paused)");
  }
}
