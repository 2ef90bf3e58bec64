package dev.agentkit.springai;

import static dev.agentkit.springai.ScriptedChatModel.call;
import static dev.agentkit.springai.ScriptedChatModel.calls;
import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.proposal.Proposal;
import dev.agentkit.tool.Board;
import dev.agentkit.tool.ToolSchemas;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * A real Spring AI {@link ChatClient} over a scripted model, with the agent's callbacks and the
 * whole-message manager: what the model is offered, and what it is told for each kind of call.
 */
class ChatClientTest {
  static final String TOOLS =
      "archive_project, create_task, plan_review, set_estimate, set_status, set_task_due_date, sync_task, tag_task";

  final Board board = new Board();
  final List<Proposal> proposals = new CopyOnWriteArrayList<>();
  final AgentkitToolCallbacks<Board> tools =
      board
          .triage(AgentkitToolCallbacks.builder(Board.actions(), "triage"))
          .proposals(proposals::add)
          .state(StateResolver.of(board))
          .build();

  /** Runs one conversation whose model replays the script; returns the model. */
  ScriptedChatModel converse(AssistantMessage... script) {
    ScriptedChatModel model = new ScriptedChatModel(script);
    ChatClient chat =
        ChatClient.builder(model)
            .defaultAdvisors(AgentkitToolCallingManager.advisor())
            .defaultToolCallbacks(tools.callbacks())
            .build();
    assertThat(chat.prompt().user("Triage the board.").call().content()).isEqualTo("done");
    return model;
  }

  @Test
  void theModelIsOfferedTheContractsToolSchemas() {
    ScriptedChatModel model = converse();

    ToolCallingChatOptions options = (ToolCallingChatOptions) model.prompts.get(0).getOptions();
    List<ToolDefinition> offered =
        options.getToolCallbacks().stream().map(ToolCallback::getToolDefinition).toList();
    assertThat(offered).extracting(ToolDefinition::name).containsExactly(TOOLS.split(", "));
    var declarations = ToolSchemas.declarations(Board.actions());
    for (int i = 0; i < declarations.size(); i++) {
      assertThat(offered.get(i).description()).isEqualTo(declarations.get(i).description());
      assertThat(offered.get(i).inputSchema()).isEqualTo(declarations.get(i).parametersJson());
    }
  }

  @Test
  void aValidCallRunsAndTheModelReadsItsResult() {
    ScriptedChatModel model =
        converse(
            calls(call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}")),
            calls(call("c2", "create_task", "{\"title\": \"Book the venue\"}")));

    assertThat(model.answersTo(0)).containsExactly("c1 set_status: Done: set_status ran.");
    assertThat(model.answersTo(1))
        .containsExactly(
            "c2 create_task: Done: create_task ran. Result:"
                + " {\"id\":\"t3\",\"created\":\"2026-11-30\"}");
    assertThat(board.tasks.get("t1").status).isEqualTo("doing");
    assertThat(board.tasks.get("t3").title).isEqualTo("Book the venue");
  }

  @Test
  void aFabricatedEnumValueIsCorrectedAndNothingRuns() {
    ScriptedChatModel model =
        converse(
            calls(call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"finished\"}")));

    assertThat(model.answersTo(0))
        .containsExactly(
            "c1 set_status: [EnumValue] set_status.status: \"finished\" is not one of the allowed"
                + " values: blocked, doing, done, todo");
    assertThat(board.runs).isZero();
  }

  @Test
  void anIrreversibleCallIsProposedToTheSinkAndNeverRuns() {
    ScriptedChatModel model =
        converse(calls(call("c1", "archive_project", "{\"project_id\": \"p1\"}")));

    assertThat(model.answersTo(0))
        .containsExactly(
            "c1 archive_project: archive_project was sent to the user for approval; it has not"
                + " happened yet.");
    assertThat(proposals)
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.agent()).isEqualTo("triage");
              assertThat(p.anchor().key()).isEqualTo("project:p1");
              assertThat(p.ops())
                  .singleElement()
                  .satisfies(op -> assertThat(op.opcode()).isEqualTo("archive_project"));
            });
    assertThat(board.projectStates.get("p1")).isEqualTo("active");
  }

  @Test
  void aMixedMessageRunsWhatMayRunAndProposesTheRest() {
    ScriptedChatModel model =
        converse(
            calls(
                call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"done\"}"),
                call("c2", "archive_project", "{\"project_id\": \"p1\"}"),
                call("c3", "set_status", "{\"task_id\": \"t2\", \"status\": \"todo\"}")));

    assertThat(model.answersTo(0))
        .containsExactly(
            "c1 set_status: Done: set_status ran.",
            "c2 archive_project: archive_project was sent to the user for approval; it has not"
                + " happened yet.",
            "c3 set_status: Nothing to do: set_status would change nothing as things stand, so it"
                + " did not run.");
    assertThat(board.tasks.get("t1").status).isEqualTo("done");
    assertThat(board.runs).isEqualTo(1);
    assertThat(proposals).hasSize(1);
  }

  @Test
  void anUnknownToolIsAnsweredWithTheGuardsCorrectionNotAnException() {
    ScriptedChatModel model =
        converse(
            calls(call("c1", "delete_task", "{\"task_id\": \"t1\"}")),
            calls(call("c2", "set_statsu", "{\"task_id\": \"t1\", \"status\": \"done\"}")));

    assertThat(model.answersTo(0))
        .containsExactly(
            "c1 delete_task: [UnknownTool] there is no tool \"delete_task\"; the tools are: "
                + TOOLS);
    assertThat(model.answersTo(1))
        .containsExactly(
            "c2 set_statsu: [UnknownTool] there is no tool \"set_statsu\"; the tools are: "
                + TOOLS
                + "; did you mean \"set_status\"?");
    assertThat(board.runs).isZero();
  }

  @Test
  void malformedJsonArgumentsAreCorrected() {
    ScriptedChatModel model =
        converse(calls(call("c1", "set_task_due_date", "{\"task_id\": \"t1\", \"due_date\": ")));

    assertThat(model.answersTo(0))
        .singleElement()
        .asString()
        .startsWith("c1 set_task_due_date: [ArgumentsNotJson]");
    assertThat(board.tasks.get("t1").due).isEmpty();
  }

  @Test
  void oneInvalidCallAmongThreeRunsNothingAndReturnsEveryCorrection() {
    ScriptedChatModel model =
        converse(
            calls(
                call("c1", "set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}"),
                call("c2", "set_status", "{\"task_id\": \"t2\", \"status\": \"finished\"}"),
                call("c3", "archive_project", "{\"project_id\": \"p1\"}")));

    assertThat(model.answersTo(0))
        .containsExactly(
            "c1 set_status: [OtherCallsInvalid] set_status did not run: the tool calls of one"
                + " message run all or none, and set_status was not valid; correct it and send"
                + " all the calls again",
            "c2 set_status: [EnumValue] set_status.status: \"finished\" is not one of the allowed"
                + " values: blocked, doing, done, todo",
            "c3 archive_project: [OtherCallsInvalid] archive_project did not run: the tool calls"
                + " of one message run all or none, and set_status was not valid; correct it and"
                + " send all the calls again");
    assertThat(board.runs).isZero();
    assertThat(board.tasks.get("t1").status).isEqualTo("todo");
    assertThat(proposals).isEmpty();
  }

  @Test
  void everyInvalidCallIsNamedAndAnUnknownToolCountsAsInvalid() {
    ScriptedChatModel model =
        converse(
            calls(
                call("c1", "delete_task", "{\"task_id\": \"t1\"}"),
                call("c2", "tag_task", "{\"task_id\": \"t1\", \"labels\": [\"x\"]}"),
                call("c3", "set_task_due_date", "{\"task_id\": \"t1\", \"due_date\": ")));

    List<String> answers = model.answersTo(0);
    assertThat(answers.get(1))
        .isEqualTo(
            "c2 tag_task: [OtherCallsInvalid] tag_task did not run: the tool calls of one message"
                + " run all or none, and delete_task, set_task_due_date were not valid; correct"
                + " them and send all the calls again");
    assertThat(answers.get(0)).startsWith("c1 delete_task: [UnknownTool]");
    assertThat(answers.get(2)).startsWith("c3 set_task_due_date: [ArgumentsNotJson]");
    assertThat(board.tasks.get("t1").labels).isEmpty();
  }
}
