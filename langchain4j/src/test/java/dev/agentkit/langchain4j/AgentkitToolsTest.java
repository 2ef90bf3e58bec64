package dev.agentkit.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.ActionSet;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.proposal.Archetype;
import dev.agentkit.proposal.InvalidProposalException;
import dev.agentkit.proposal.Proposal;
import dev.agentkit.proposal.QuestionTokens;
import dev.agentkit.tool.Board;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AgentkitToolsTest {
  static final String TOOLS =
      "archive_project, create_task, plan_review, set_estimate, set_status, set_task_due_date,"
          + " sync_task, tag_task";

  final Board board = new Board();
  final ActionSet<Board> actions = Board.actions();
  final AgentkitTools<Board> tools =
      board
          .triage(AgentkitTools.builder(actions, "triage"))
          .proposals(proposal -> {}) // the results carry each proposal
          .build();

  static ToolExecutionRequest call(String id, String name, String arguments) {
    return ToolExecutionRequest.builder().id(id).name(name).arguments(arguments).build();
  }

  /** The result answers its request, and says nothing a model should not read. */
  static void assertAnswers(ToolCallResult result, ToolExecutionRequest request) {
    ToolExecutionResultMessage message = result.message();
    assertThat(result.request()).isSameAs(request);
    assertThat(message.id()).isEqualTo(request.id());
    assertThat(message.toolName()).isEqualTo(request.name());
    assertThat(result.text()).isEqualTo(message.text());
    assertThat(message.text())
        .doesNotContainIgnoringCase("exception")
        .doesNotContain("java.", "dev.agentkit", "calendar-db", "\tat ", "tier", "ceiling");
  }

  @Test
  void theToolsAreTheSpecificationsOfTheSet() {
    assertThat(tools.specifications()).isEqualTo(Specifications.of(actions));
  }

  @Test
  void aValidAutoCallRunsAgainstTheState() {
    ToolExecutionRequest request =
        call("call_1", "set_status", "{\"task_id\": \"t1\", \"status\": \"done\"}");

    ToolCallResult result = tools.execute(request, board);

    assertThat(result).isInstanceOf(ToolCallResult.Ran.class);
    assertAnswers(result, request);
    assertThat(result.text()).isEqualTo("Done: set_status ran.");
    assertThat(result.message().isError()).isNull();
    assertThat(((ToolCallResult.Ran) result).call().args())
        .isEqualTo(Map.of("task_id", "t1", "status", "done"));
    assertThat(result.detail()).isEqualTo("ran set_status {status=done, task_id=t1}");
    assertThat(board.tasks.get("t1").status).isEqualTo("done");
  }

  @Test
  void structuredAndListOperandsReachTheRunHandlerAsJson() {
    ToolCallResult created =
        tools.execute(
            call(
                "call_1",
                "create_task",
                "{\"title\": \"Follow up\", \"fields\": {\"priority\": \"high\"}}"),
            board);
    ToolCallResult tagged =
        tools.execute(
            call("call_2", "tag_task", "{\"task_id\": \"t2\", \"labels\": [\"urgent\", \"q3\"]}"),
            board);

    assertThat(created.text())
        .isEqualTo("Done: create_task ran. Result: {\"id\":\"t3\",\"created\":\"2026-11-30\"}");
    assertThat(tagged.text()).isEqualTo("Done: tag_task ran.");
    assertThat(board.tasks.get("t3").title).isEqualTo("Follow up");
    assertThat(board.tasks.get("t3").fields).isEqualTo("{\"priority\":\"high\"}");
    assertThat(board.tasks.get("t2").labels).containsExactly("[\"urgent\",\"q3\"]");
  }

  @Test
  void aWithheldCallComesBackAsAProposalAndDoesNotRun() {
    ToolExecutionRequest request = call("call_1", "archive_project", "{\"project_id\": \"p1\"}");

    ToolCallResult result = tools.execute(request, board);

    assertThat(result).isInstanceOf(ToolCallResult.Proposed.class);
    assertAnswers(result, request);
    assertThat(result.text())
        .isEqualTo("archive_project was sent to the user for approval; it has not happened yet.");
    assertThat(result.message().isError()).isNull();
    Proposal proposal = ((ToolCallResult.Proposed) result).proposal();
    assertThat(proposal.askKey()).isEqualTo("triage:project:p1:archive_project");
    assertThat(proposal.question()).isEqualTo("Archive {{project:p1|Launch}}?");
    assertThat(QuestionTokens.render(proposal.question(), board)).isEqualTo("Archive Launch?");
    assertThat(proposal.archetype()).isEqualTo(Archetype.DRAFT);
    assertThat(proposal.ops()).hasSize(1);
    assertThat(proposal.ops().get(0).call().args()).isEqualTo(Map.of("project_id", "p1"));
    assertThat(result.detail()).isEqualTo("proposed triage:project:p1:archive_project");
    assertThat(board.projectStates.get("p1")).isEqualTo("active");
  }

  @Test
  void underAnAskCeilingEveryCallIsProposed() {
    AgentkitTools<Board> asking =
        AgentkitTools.builder(actions, "triage")
            .anchor(Board::anchor)
            .labeler(board)
            .proposals(proposal -> {}) // the results carry each proposal
            .build();

    ToolCallResult result =
        asking.execute(
            call("call_1", "set_status", "{\"task_id\": \"t1\", \"status\": \"done\"}"), board);

    assertThat(result).isInstanceOf(ToolCallResult.Proposed.class);
    assertThat(result.text())
        .isEqualTo("set_status was sent to the user for approval; it has not happened yet.");
    // Without ask wording the question is the act's description, naming the task it acts on.
    assertThat(((ToolCallResult.Proposed) result).proposal().question())
        .isEqualTo("Set a task's status ({{task:t1|Write report}}).");
    assertThat(board.tasks.get("t1").status).isEqualTo("todo");
  }

  @Test
  void aWithheldCallThatWouldChangeNothingIsNotProposed() {
    ToolExecutionRequest request = call("call_1", "archive_project", "{\"project_id\": \"p2\"}");

    ToolCallResult result = tools.execute(request, board);

    assertThat(result).isInstanceOf(ToolCallResult.Unchanged.class);
    assertAnswers(result, request);
    assertThat(result.text())
        .isEqualTo(
            "Nothing to do: archive_project would change nothing as things stand, so it was not"
                + " sent to the user.");
    assertThat(result.detail())
        .isEqualTo("not proposed archive_project {project_id=p2}: no change");
  }

  @Test
  void aWithheldCallOnAnObjectNoOneKnowsIsCorrected() {
    ToolExecutionRequest request = call("call_1", "archive_project", "{\"project_id\": \"p9\"}");

    ToolCallResult result = tools.execute(request, board);

    assertThat(result).isInstanceOf(ToolCallResult.Corrected.class);
    assertAnswers(result, request);
    assertThat(result.text())
        .isEqualTo(
            "[UnknownObject] archive_project acts on project \"p9\", but there is no such"
                + " project; check the id and call again");
    assertThat(result.message().isError()).isTrue();
    assertThat(result.detail())
        .isEqualTo(
            "corrected archive_project: UnknownObject; the labeler has no label for project:p9");
  }

  @Test
  void aFabricatedEnumValueIsCorrectedAndNothingRuns() {
    ToolExecutionRequest request =
        call("call_1", "set_status", "{\"task_id\": \"t1\", \"status\": \"in_progress\"}");

    ToolCallResult result = tools.execute(request, board);

    assertThat(result).isInstanceOf(ToolCallResult.Corrected.class);
    assertAnswers(result, request);
    assertThat(result.text())
        .isEqualTo(
            "[EnumValue] set_status.status: \"in_progress\" is not one of the allowed values:"
                + " blocked, doing, done, todo");
    assertThat(result.message().isError()).isTrue();
    assertThat(((ToolCallResult.Corrected) result).correction().detail()).isEqualTo("EnumValue");
    assertThat(result.detail()).isEqualTo("corrected set_status: EnumValue");
    assertThat(board.tasks.get("t1").status).isEqualTo("todo");
  }

  @Test
  void anUnknownOperandIsCorrected() {
    ToolExecutionRequest request =
        call("call_1", "set_estimate", "{\"task_id\": \"t1\", \"hours\": 3, \"notes\": \"big\"}");

    ToolCallResult result = tools.execute(request, board);

    assertThat(result).isInstanceOf(ToolCallResult.Corrected.class);
    assertAnswers(result, request);
    assertThat(result.text())
        .isEqualTo(
            "[UnknownOperand] set_estimate has no operand \"notes\"; its operands are: hours,"
                + " note, task_id; did you mean \"note\"?");
    assertThat(result.detail()).isEqualTo("corrected set_estimate: UnknownOperand");
    assertThat(board.tasks.get("t1").hours).isEmpty();
  }

  @Test
  void anUnknownToolIsCorrected() {
    ToolExecutionRequest request =
        call("call_1", "set_due_date", "{\"task_id\": \"t1\", \"due_date\": \"2026-04-10\"}");

    ToolCallResult result = tools.execute(request, board);

    assertThat(result).isInstanceOf(ToolCallResult.Corrected.class);
    assertAnswers(result, request);
    assertThat(result.text())
        .isEqualTo("[UnknownTool] there is no tool \"set_due_date\"; the tools are: " + TOOLS);
    assertThat(result.detail()).isEqualTo("corrected set_due_date: UnknownTool");
    // A typo is still pointed at; a different name is not steered to another act.
    assertThat(tools.execute(call("call_2", "set_statsu", "{}"), board).text())
        .isEqualTo(
            "[UnknownTool] there is no tool \"set_statsu\"; the tools are: "
                + TOOLS
                + "; did you mean \"set_status\"?");
    assertThat(tools.execute(call("call_3", "delete_task", "{}"), board).text())
        .doesNotContain("did you mean");
  }

  @Test
  void malformedArgumentsAreCorrectedAndTheOperatorGetsTheParsersWords() {
    ToolExecutionRequest request =
        call("call_1", "set_task_due_date", "{\"task_id\": \"t1\", \"due_date\": ");

    ToolCallResult result = tools.execute(request, board);

    assertThat(result).isInstanceOf(ToolCallResult.Corrected.class);
    assertAnswers(result, request);
    assertThat(result.text())
        .isEqualTo(
            "[ArgumentsNotJson] the arguments to set_task_due_date are not valid JSON: send one"
                + " JSON object with the operands as keys, such as {\"task_id\": \"…\","
                + " \"due_date\": \"…\"}");
    assertThat(result.detail())
        .startsWith("corrected set_task_due_date: ArgumentsNotJson; Unexpected end-of-input")
        .contains("(line 1, column ");
    assertThat(board.tasks.get("t1").due).isEmpty();
  }

  @Test
  void aRunHandlerThatThrowsIsAFailureWhoseDetailOnlyTheOperatorSees() {
    ToolExecutionRequest request = call("call_1", "sync_task", "{\"task_id\": \"t1\"}");

    ToolCallResult result = tools.execute(request, board);

    assertThat(result).isInstanceOf(ToolCallResult.Failed.class);
    assertAnswers(result, request);
    assertThat(result.text())
        .isEqualTo("sync_task failed while running and may not have taken effect.");
    assertThat(result.message().isError()).isTrue();
    ToolCallResult.Failed failed = (ToolCallResult.Failed) result;
    assertThat(failed.failure())
        .isInstanceOf(IOException.class)
        .hasMessage("connection refused: calendar-db.internal:5432");
    assertThat(result.detail())
        .isEqualTo(
            "failed sync_task {task_id=t1}: java.io.IOException: connection refused:"
                + " calendar-db.internal:5432");
  }

  @Test
  void aProposalTheBuilderRejectsIsAFailureForTheOperator() {
    AgentkitTools<Board> misnamed =
        board
            .triage(AgentkitTools.builder(actions, "tri age"))
            .proposals(proposal -> {}) // the results carry each proposal
            .build();

    ToolExecutionRequest request = call("call_1", "archive_project", "{\"project_id\": \"p1\"}");
    ToolCallResult result = misnamed.execute(request, board);

    assertThat(result).isInstanceOf(ToolCallResult.Failed.class);
    assertAnswers(result, request);
    assertThat(result.text())
        .isEqualTo(
            "archive_project could not be sent to the user for approval, so it has not happened.");
    assertThat(((ToolCallResult.Failed) result).failure())
        .isInstanceOf(InvalidProposalException.class);
    assertThat(result.detail()).contains("[ProposalAgent] the agent name \"tri age\"");
  }

  @Test
  void everyCallOfAValidMessageIsHandledInOrder() {
    AiMessage reply =
        AiMessage.from(
            List.of(
                call("call_1", "set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}"),
                call("call_2", "set_status", "{\"task_id\": \"t1\", \"status\": \"done\"}"),
                call("call_3", "archive_project", "{\"project_id\": \"p1\"}"),
                call(
                    "call_4",
                    "set_task_due_date",
                    "{\"task_id\": \"t2\", \"due_date\": \"2026-04-10\"}")));

    List<ToolCallResult> results = tools.executeAll(reply, board);

    assertThat(results)
        .extracting(r -> r.message().id())
        .containsExactly("call_1", "call_2", "call_3", "call_4");
    assertThat(results)
        .extracting(ToolCallResult::text)
        .containsExactly(
            "Done: set_status ran.",
            "Done: set_status ran.",
            "archive_project was sent to the user for approval; it has not happened yet.",
            "Done: set_task_due_date ran.");
    // Each call sees the changes of the calls before it.
    assertThat(board.tasks.get("t1").status).isEqualTo("done");
    assertThat(board.tasks.get("t2").due).isEqualTo("2026-04-10");
    assertThat(tools.executeAll(AiMessage.from("No tools needed."), board)).isEmpty();
  }

  @Test
  void theBuilderNeedsAnAnchorWhenACallCanBeWithheld() {
    assertThatThrownBy(
            () ->
                AgentkitTools.builder(actions, "triage")
                    .ceiling(AutonomyRung.AUTO)
                    .proposals(proposal -> {})
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "[ToolsIncomplete] the tools of agent \"triage\" need anchor(...), which names the"
                + " object a withheld call acts on (for example call ->"
                + " ObjectRef.of(call.op().objectType(), call.arg(\"<its id operand>\")))"
                + " (archive_project, plan_review are proposed to the user)");
    assertThatThrownBy(
            () ->
                AgentkitTools.builder(actions, " ")
                    .anchor(Board::anchor)
                    .proposals(proposal -> {})
                    .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "[ToolsIncomplete] the tools of agent \"\" need the agent's name, which namespaces"
                + " the ask keys of its proposals (archive_project, create_task, plan_review,"
                + " set_estimate, set_status, set_task_due_date, sync_task, tag_task are proposed"
                + " to the user)");
    ActionSet<Board> runnable =
        ActionSet.of(Board.acts().stream().filter(a -> a.run() != null).toList());
    AgentkitTools<Board> noAnchor =
        AgentkitTools.builder(runnable, "triage").ceiling(AutonomyRung.AUTO).build();
    assertThat(noAnchor.toString())
        .isEqualTo(
            "AgentkitTools[triage, AUTO, [create_task, set_estimate, set_status,"
                + " set_task_due_date, sync_task, tag_task]]");
  }

  /**
   * Without a proposal sink, a withheld call's proposal would reach no one while the model is told
   * it was sent for approval: the builder refuses, naming what is missing.
   */
  @Test
  void theBuilderNeedsAProposalSinkWhenACallCanBeWithheld() {
    assertThatThrownBy(() -> board.triage(AgentkitTools.builder(actions, "triage")).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "[ToolsIncomplete] the tools of agent \"triage\" need proposals(...), which delivers"
                + " a withheld call's proposal to the user (archive_project, plan_review are"
                + " proposed to the user)");
  }
}
