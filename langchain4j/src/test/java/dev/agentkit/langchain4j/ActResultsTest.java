package dev.agentkit.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.CallFailedException;
import dev.agentkit.Use;
import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a run handler returns, or the failure it declares model-safe, reaches the model. */
class ActResultsTest {
  record Created(String id, LocalDate due, List<String> labels) {}

  /** Not serialisable: Jackson finds no property on it. */
  static final class Opaque {}

  static Op op(String opcode) {
    return Op.builder(opcode)
        .description("Does " + opcode + ".")
        .tier(Tier.REVERSIBLE)
        .operand(Operand.requiredString("title", "The title."))
        .build();
  }

  final ActionSet<Object> acts =
      ActionSet.of(
          List.of(
              Use.local(op("create_task"), ChangeCategory.ALWAYS_MINTS)
                  .run(
                      (s, call) ->
                          new Created("t9", LocalDate.of(2026, 3, 31), List.of(call.arg("title"))))
                  .build(),
              Use.local(op("rename_task"), ChangeCategory.ALWAYS_MINTS)
                  .run((s, call) -> "renamed to " + call.arg("title"))
                  .build(),
              Use.local(op("close_task"), ChangeCategory.ALWAYS_MINTS)
                  .run(
                      (s, call) -> {
                        throw new CallFailedException(
                            "task t9 is already closed; reopen it first",
                            new IllegalStateException("row 9 locked by job 4711"));
                      })
                  .build(),
              Use.local(op("touch_task"), ChangeCategory.ALWAYS_MINTS)
                  .run((s, call) -> new Opaque())
                  .build()));

  final AgentkitTools<Object> tools =
      AgentkitTools.builder(acts, "triage").ceiling(AutonomyRung.AUTO).build();

  static ToolExecutionRequest request(String tool) {
    return ToolExecutionRequest.builder()
        .id("call_1")
        .name(tool)
        .arguments("{\"title\": \"Ship it\"}")
        .build();
  }

  @Test
  void aRecordResultIsSentAsJsonWithIsoDates() {
    ToolCallResult r = tools.execute(request("create_task"), new Object());

    assertThat(r).isInstanceOf(ToolCallResult.Ran.class);
    assertThat(r.text())
        .isEqualTo(
            "Done: create_task ran. Result:"
                + " {\"id\":\"t9\",\"due\":\"2026-03-31\",\"labels\":[\"Ship it\"]}");
    assertThat(((ToolCallResult.Ran) r).outcome().value(Created.class).orElseThrow().id())
        .isEqualTo("t9");
    assertThat(r.message().isError()).isNotEqualTo(Boolean.TRUE);
  }

  @Test
  void aStringResultIsSentAsItIs() {
    assertThat(tools.execute(request("rename_task"), new Object()).text())
        .isEqualTo("Done: rename_task ran. Result: renamed to Ship it");
  }

  @Test
  void aDeclaredFailureSendsItsMessageAndKeepsTheCauseForTheOperator() {
    ToolCallResult r = tools.execute(request("close_task"), new Object());

    assertThat(r).isInstanceOf(ToolCallResult.Failed.class);
    assertThat(r.text()).isEqualTo("close_task failed: task t9 is already closed; reopen it first");
    assertThat(r.message().isError()).isTrue();
    assertThat(((ToolCallResult.Failed) r).failure())
        .isInstanceOf(CallFailedException.class)
        .hasRootCauseMessage("row 9 locked by job 4711");
    assertThat(r.text()).doesNotContain("4711");
  }

  @Test
  void aResultThatCannotBeWrittenStillReportsTheActAsDone() {
    ToolCallResult r = tools.execute(request("touch_task"), new Object());

    assertThat(r).isInstanceOf(ToolCallResult.Ran.class);
    assertThat(r.text()).isEqualTo("Done: touch_task ran. Result: (the result could not be shown)");
  }
}
