package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Call}: what a model emitted, unbound until a set verifies it, then bound to its op. */
class CallTest {
  private static final ActionSet<Object> SET =
      ActionSet.bind(
          Fixtures.taskboard(),
          List.of(
              Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
                  .input("status")
                  .reader((s, c) -> "")
                  .run((s, c) -> null)
                  .build(),
              Use.<Object>of("archive_project", ChangeCategory.MERGE)
                  .ask(c -> "Archive " + c.arg("project_id") + "?")
                  .build()));

  private static Call status(String value) {
    return Call.of("set_status", Map.of("task_id", "t1", "status", value));
  }

  @Test
  void aCallHoldsItsOpcodeArgumentsAndUserFills() {
    Call c = Call.of("set_status", Map.of("task_id", "t1", "status", " "), List.of("status"));
    assertThat(c.opcode()).isEqualTo("set_status");
    assertThat(c.args()).isEqualTo(Map.of("task_id", "t1", "status", " "));
    assertThat(c.userFills()).containsExactly("status");
    assertThat(c.arg("task_id")).isEqualTo("t1");
    assertThat(c.arg("missing")).isEmpty();
    assertThat(c.hasArg("task_id")).isTrue();
    assertThat(c.hasArg("status")).as("a blank argument is no argument").isFalse();
    assertThat(c.hasArg("missing")).isFalse();
    assertThat(Call.of("x", Map.of()).userFills()).isEmpty();
    assertThat(Call.of("x", null).args()).isEmpty();
    assertThatThrownBy(() -> Call.of(null, Map.of()))
        .isInstanceOf(NullPointerException.class)
        .hasMessage("opcode");
  }

  @Test
  void aCallMadeWithOfIsUnboundAndHasNoOp() {
    Call c = status("done");
    assertThat(c.isBound()).isFalse();
    assertThatThrownBy(c::op)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "call set_status is not bound to an op yet: verify it with ActionSet.verify or gate it"
                + " first, and use the call the set hands back");
  }

  @Test
  void verifiedBindsTheCallToTheSetsOp() {
    Call c = status("done");
    Call bound = SET.verified(c);
    assertThat(bound.isBound()).isTrue();
    assertThat(bound.op()).isSameAs(SET.op("set_status").orElseThrow());
    assertThat(bound.op().tier()).isEqualTo(Tier.REVERSIBLE);
    assertThat(bound.opcode()).isEqualTo(c.opcode());
    assertThat(bound.args()).isEqualTo(c.args());
    assertThat(bound.userFills()).isEqualTo(c.userFills());
    assertThat(c.isBound()).as("the call verified is left as it was").isFalse();
    assertThat(SET.verified(bound)).isSameAs(bound);
  }

  @Test
  void verifiedRejectsAnInvalidCallNamingEveryProblem() {
    assertThatThrownBy(
            () -> SET.verified(Call.of("set_status", Map.of("status", "blocked", "colour", "red"))))
        .isInstanceOf(ProgramRejectedException.class)
        .hasMessage(
            "the program was rejected and nothing in it ran: 1 of 1 call is invalid\n"
                + "  - call 1 (set_status): [RequiredMissing] set_status.task_id is required: give"
                + " it a value, or list it as a user-fill for the user to supply\n"
                + "  - call 1 (set_status): [EnumValue] set_status.status: \"blocked\" is not one"
                + " of the allowed values: archived, done, in_progress, todo\n"
                + "  - call 1 (set_status): [UnknownOperand] set_status has no operand"
                + " \"colour\"; its operands are: status, task_id")
        .satisfies(
            e ->
                assertThat(((ProgramRejectedException) e).calls())
                    .extracting(ProgramRejectedException.CallProblems::index)
                    .containsExactly(0));
    assertThatThrownBy(() -> SET.verified(Call.of("set_statuz", Map.of())))
        .isInstanceOf(ProgramRejectedException.class)
        .hasMessageContaining("[UndeclaredOpcode] \"set_statuz\" is not an act you can use");
  }

  @Test
  void runAndAskRefuseACallThatDoesNotVerifyAndCallNoHandler() {
    List<Call> seen = new ArrayList<>();
    ActionSet<Object> set =
        ActionSet.bind(
            Fixtures.taskboard(),
            List.of(
                Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
                    .input("status")
                    .reader((s, c) -> "")
                    .run((s, c) -> seen.add(c))
                    .build(),
                Use.<Object>of("archive_project", ChangeCategory.MERGE)
                    .ask(c -> "Archive " + seen.add(c) + "?")
                    .build()));

    assertThatThrownBy(() -> set.run(new Object(), status("blocked")))
        .isInstanceOf(ProgramRejectedException.class)
        .hasMessageContaining("[EnumValue] set_status.status: \"blocked\" is not one");
    assertThatThrownBy(() -> set.ask(Call.of("archive_project", Map.of())))
        .isInstanceOf(ProgramRejectedException.class)
        .hasMessageContaining("[RequiredMissing] archive_project.project_id is required");
    assertThat(seen).isEmpty();
  }

  @Test
  void equalityCoversOpcodeArgumentsUserFillsAndTheBoundOp() {
    assertThat(status("done")).isEqualTo(status("done")).hasSameHashCodeAs(status("done"));
    assertThat(status("done")).isNotEqualTo(status("todo"));
    assertThat(Call.of("set_status", Map.of("task_id", "t1", "status", "done"), List.of("x")))
        .isNotEqualTo(status("done"));
    assertThat(Call.of("set_state", Map.of("task_id", "t1", "status", "done")))
        .isNotEqualTo(status("done"));
    Call bound = SET.verified(status("done"));
    assertThat(bound).isNotEqualTo(status("done"));
    assertThat(bound).isEqualTo(SET.verified(status("done"))).hasSameHashCodeAs(status("done"));
    ActionSet<Object> other =
        ActionSet.bind(
            Contract.of(
                "taskboard",
                List.of(Fixtures.setStatus().toBuilder().description("Other words.").build())),
            List.of(
                Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
                    .input("status")
                    .reader((s, c) -> "")
                    .build()));
    assertThat(other.verified(status("done"))).isNotEqualTo(bound);
    assertThat(status("done")).hasToString("set_status{status=done, task_id=t1}");
    assertThat(Call.of("x", Map.of(), List.of("y"))).hasToString("x{} fills [y]");
  }

  @Test
  void callsInAPlanAreBoundToTheLiveOps() {
    Plan plan =
        SET.gate(
            List.of(status("done"), Call.of("archive_project", Map.of("project_id", "p1"))),
            AutonomyRung.AUTO);
    assertThat(plan.apply()).hasSize(1).allMatch(Call::isBound);
    assertThat(plan.propose()).hasSize(1).allMatch(Call::isBound);
    assertThat(plan.apply().get(0).op().tier())
        .isEqualTo(SET.op("set_status").orElseThrow().tier())
        .isEqualTo(Tier.REVERSIBLE);
    assertThat(plan.propose().get(0).op().tier())
        .isEqualTo(SET.op("archive_project").orElseThrow().tier())
        .isEqualTo(Tier.IRREVERSIBLE);
  }

  @Test
  void handlersReceiveBoundCalls() throws Exception {
    // The live contract says reversible where the fixture says read-only: handlers see the live op.
    Op liveEstimate = Fixtures.setEstimate().toBuilder().tier(Tier.REVERSIBLE).build();
    Op liveEdit = Fixtures.editTask();
    List<Op> seen = new ArrayList<>();
    ActionSet<Object> set =
        ActionSet.bind(
            Contract.of("taskboard", List.of(liveEstimate, liveEdit, Fixtures.archiveProject())),
            List.of(
                Use.<Object>of("set_estimate", ChangeCategory.SCALAR_SET)
                    .input("hours")
                    .reader(
                        (s, c) -> {
                          seen.add(c.op());
                          return "1";
                        })
                    .run(
                        (s, c) -> {
                          seen.add(c.op());
                          return c.op().tier();
                        })
                    .build(),
                Use.<Object>of("edit_task", ChangeCategory.MULTI_FIELD)
                    .fieldReader(
                        (s, c, f) -> {
                          seen.add(c.op());
                          return "";
                        })
                    .build(),
                Use.<Object>of("archive_project", ChangeCategory.MERGE)
                    .ask(
                        c -> {
                          seen.add(c.op());
                          return "Archive?";
                        })
                    .build()));
    Call estimate = Call.of("set_estimate", Map.of("task_id", "t1", "hours", "2"));
    assertThat(set.willChange(new Object(), estimate)).isTrue();
    Outcome outcome = set.run(new Object(), estimate);
    assertThat(outcome.value(Tier.class)).contains(Tier.REVERSIBLE);
    assertThat(outcome.call().isBound()).isTrue();
    assertThat(outcome.call().op().tier()).isEqualTo(liveEstimate.tier());
    assertThat(set.willChange(new Object(), Call.of("edit_task", Map.of("title", "New")))).isTrue();
    assertThat(set.ask(Call.of("archive_project", Map.of("project_id", "p1"))))
        .isEqualTo("Archive?");
    assertThat(seen)
        .containsExactly(liveEstimate, liveEstimate, liveEdit, Fixtures.archiveProject());
    assertThat(seen.get(0).tier()).isEqualTo(set.op("set_estimate").orElseThrow().tier());
  }
}
