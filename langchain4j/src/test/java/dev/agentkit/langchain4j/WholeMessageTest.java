package dev.agentkit.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.Call;
import dev.agentkit.tool.Board;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tool calls of one model message are one program: any invalid call holds back them all, and
 * the model gets every correction at once. Also: no-op calls, the listener and its timings.
 */
class WholeMessageTest {
  final Board board = new Board();
  final List<String> heard = new ArrayList<>();
  final AgentkitTools<Board> tools =
      board
          .triage(AgentkitTools.builder(Board.actions(), "triage"))
          .proposals(proposal -> {}) // the results carry each proposal
          .listener(new Recorder(heard))
          .build();

  static ToolExecutionRequest call(String id, String name, String arguments) {
    return AgentkitToolsTest.call(id, name, arguments);
  }

  @Test
  void oneInvalidCallAmongThreeRunsNothingAndReturnsEveryCorrection() {
    AiMessage reply =
        AiMessage.from(
            List.of(
                call("call_1", "set_status", "{\"task_id\": \"t1\", \"status\": \"doing\"}"),
                call("call_2", "set_status", "{\"task_id\": \"t2\", \"status\": \"finished\"}"),
                call("call_3", "archive_project", "{\"project_id\": \"p1\"}")));

    List<ToolCallResult> results = tools.executeAll(reply, board);

    assertThat(results)
        .extracting(ToolCallResult::text)
        .containsExactly(
            "[OtherCallsInvalid] set_status did not run: the tool calls of one message run all or"
                + " none, and set_status was not valid; correct it and send all the calls again",
            "[EnumValue] set_status.status: \"finished\" is not one of the allowed values: blocked,"
                + " doing, done, todo",
            "[OtherCallsInvalid] archive_project did not run: the tool calls of one message run"
                + " all or none, and set_status was not valid; correct it and send all the calls"
                + " again");
    assertThat(results).allMatch(r -> r instanceof ToolCallResult.Corrected);
    assertThat(results).allMatch(r -> Boolean.TRUE.equals(r.message().isError()));
    assertThat(results.get(0).detail())
        .isEqualTo("corrected set_status: OtherCallsInvalid; set_status");
    assertThat(board.tasks.get("t1").status).isEqualTo("todo");
    assertThat(heard)
        .containsExactly(
            "verified set_status",
            "verified archive_project",
            "rejected set_status",
            "rejected set_status",
            "rejected archive_project");
  }

  @Test
  void everyInvalidCallIsNamedAndAnUnknownToolCountsAsInvalid() {
    AiMessage reply =
        AiMessage.from(
            List.of(
                call("call_1", "delete_task", "{\"task_id\": \"t1\"}"),
                call("call_2", "tag_task", "{\"task_id\": \"t1\", \"labels\": [\"x\"]}"),
                call("call_3", "set_task_due_date", "{\"task_id\": \"t1\", \"due_date\": ")));

    List<ToolCallResult> results = tools.executeAll(reply, board);

    assertThat(results.get(1).text())
        .isEqualTo(
            "[OtherCallsInvalid] tag_task did not run: the tool calls of one message run all or"
                + " none, and delete_task, set_task_due_date were not valid; correct them and"
                + " send all the calls again");
    assertThat(results.get(0).text()).startsWith("[UnknownTool] there is no tool \"delete_task\"");
    assertThat(results.get(2).text()).startsWith("[ArgumentsNotJson]");
    assertThat(board.tasks.get("t1").labels).isEmpty();
  }

  @Test
  void anAutoCallThatWouldChangeNothingIsAnsweredUnchangedAndDoesNotRun() {
    ToolCallResult result =
        tools.execute(
            call("call_1", "set_status", "{\"task_id\": \"t1\", \"status\": \"todo\"}"), board);

    assertThat(result).isInstanceOf(ToolCallResult.Unchanged.class);
    assertThat(result.text())
        .isEqualTo(
            "Nothing to do: set_status would change nothing as things stand, so it did not run.");
    assertThat(result.message().isError()).isNull();
    assertThat(heard).containsExactly("verified set_status", "unchanged set_status");
  }

  @Test
  void theListenerHearsRunsProposalsAndFailuresWithTimings() {
    tools.execute(
        call("call_1", "set_status", "{\"task_id\": \"t1\", \"status\": \"done\"}"), board);
    tools.execute(call("call_2", "archive_project", "{\"project_id\": \"p1\"}"), board);
    tools.execute(call("call_3", "sync_task", "{\"task_id\": \"t1\"}"), board);

    assertThat(heard)
        .containsExactly(
            "verified set_status",
            "ran set_status",
            "verified archive_project",
            "proposed archive_project",
            "verified sync_task",
            "failed sync_task");
  }

  @Test
  void aListenerThatThrowsChangesNothingTheModelIsTold() {
    AgentkitTools<Board> loud =
        board
            .triage(AgentkitTools.builder(Board.actions(), "triage"))
            .proposals(proposal -> {}) // the results carry each proposal
            .listener(
                new ToolCallListener() {
                  @Override
                  public void ran(ToolCallResult.Ran result, Duration took) {
                    throw new IllegalStateException("metrics backend down");
                  }
                })
            .build();

    ToolCallResult result =
        loud.execute(
            call("call_1", "set_status", "{\"task_id\": \"t1\", \"status\": \"done\"}"), board);

    assertThat(result.text()).isEqualTo("Done: set_status ran.");
    assertThat(board.tasks.get("t1").status).isEqualTo("done");
  }

  @Test
  void anUnknownToolIsAnsweredForTheServiceAsTheGuardCorrectsIt() {
    assertThat(tools.unknownTool(call("call_1", "set_statsu", "{}")).text())
        .isEqualTo(
            "[UnknownTool] there is no tool \"set_statsu\"; the tools are: "
                + AgentkitToolsTest.TOOLS
                + "; did you mean \"set_status\"?");
    assertThat(tools.unknownTool(call("call_2", " set_status ", "{}")).text())
        .isEqualTo(
            "[UnknownTool] there is no tool \" set_status \"; call the tool by its exact name,"
                + " \"set_status\"");
    assertThat(tools.unknownTool(call("call_3", "tag", "{}")).isError()).isTrue();
  }

  /** Writes what it hears as "event opcode", and checks every timing is a real duration. */
  static class Recorder implements ToolCallListener {
    private final List<String> heard;

    Recorder(List<String> heard) {
      this.heard = heard;
    }

    private void hear(String event, String opcode, Duration took) {
      assertThat(took).isNotNull().isGreaterThanOrEqualTo(Duration.ZERO);
      synchronized (heard) {
        heard.add(event + " " + opcode);
      }
    }

    @Override
    public void verified(ToolExecutionRequest request, Call call, Duration took) {
      hear("verified", call.opcode(), took);
    }

    @Override
    public void rejected(ToolCallResult.Corrected result, Duration took) {
      hear("rejected", result.correction().tool(), took);
    }

    @Override
    public void ran(ToolCallResult.Ran result, Duration took) {
      hear("ran", result.call().opcode(), took);
    }

    @Override
    public void proposed(ToolCallResult.Proposed result, Duration took) {
      hear("proposed", result.request().name(), took);
    }

    @Override
    public void unchanged(ToolCallResult.Unchanged result, Duration took) {
      hear("unchanged", result.call().opcode(), took);
    }

    @Override
    public void failed(ToolCallResult.Failed result, Duration took) {
      hear("failed", result.call().opcode(), took);
    }
  }
}
