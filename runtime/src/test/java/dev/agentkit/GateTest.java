package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The gate: verify every call first, then split into apply and propose. */
class GateTest {
  private final List<String> ran = new ArrayList<>();

  private final ActionSet<List<String>> set =
      ActionSet.bind(
          Fixtures.taskboard(),
          List.of(
              Use.<List<String>>of("set_status", ChangeCategory.SCALAR_SET)
                  .input("status")
                  .reader((s, a) -> "")
                  .run(
                      (log, c) -> {
                        log.add("set_status " + c.arg("status"));
                        return null;
                      })
                  .build(),
              Use.<List<String>>of("create_task", ChangeCategory.ALWAYS_MINTS)
                  .ask(a -> "Create \"" + a.arg("title") + "\"?")
                  .build(),
              Use.<List<String>>of("archive_project", ChangeCategory.MERGE)
                  .ask(a -> "Archive this project?")
                  .build()));

  private static Call status(String value) {
    return Call.of("set_status", Map.of("task_id", "t1", "status", value));
  }

  private static final Call ARCHIVE = Call.of("archive_project", Map.of("project_id", "p1"));
  private static final Call CREATE = Call.of("create_task", Map.of("title", "Write"));

  @Test
  void autoActsWithARunHandlerApplyTheRestIsProposed() throws Exception {
    Plan plan = set.gate(List.of(status("done"), ARCHIVE, CREATE), AutonomyRung.AUTO);
    assertThat(plan.apply()).extracting(Call::opcode).containsExactly("set_status");
    assertThat(plan.propose())
        .extracting(Call::opcode)
        .containsExactly("archive_project", "create_task");
    Call applied = plan.apply().get(0);
    assertThat(applied.op().description()).isEqualTo("Set a task's status.");
    assertThat(applied.arg("status")).isEqualTo("done");
    Outcome outcome = set.run(ran, applied);
    assertThat(outcome.done()).isTrue();
    assertThat(outcome.value()).isEmpty();
    assertThat(ran).containsExactly("set_status done");
    assertThat(set.ask(plan.propose().get(1))).isEqualTo("Create \"Write\"?");
  }

  @Test
  void anAskCeilingProposesEverything() {
    Plan plan = set.gate(List.of(status("done")), AutonomyRung.ASK);
    assertThat(plan.apply()).isEmpty();
    assertThat(plan.propose()).extracting(Call::opcode).containsExactly("set_status");
  }

  @Test
  void oneBadCallRejectsTheWholeProgramNamingEveryBadCall() {
    assertThatThrownBy(
            () ->
                set.gate(
                    List.of(
                        status("done"),
                        status("blocked"),
                        ARCHIVE,
                        Call.of("delete_everything", Map.of())),
                    AutonomyRung.AUTO))
        .isInstanceOf(ProgramRejectedException.class)
        .hasMessage(
            "the program was rejected and nothing in it ran: 2 of 4 calls are invalid\n"
                + "  - call 2 (set_status): [EnumValue] set_status.status: \"blocked\" is not one"
                + " of the allowed values: archived, done, in_progress, todo\n"
                + "  - call 4 (delete_everything): [UndeclaredOpcode] \"delete_everything\" is"
                + " not an act you can use; the acts are: archive_project, create_task,"
                + " set_status")
        .satisfies(
            e ->
                assertThat(((ProgramRejectedException) e).calls())
                    .extracting(ProgramRejectedException.CallProblems::index)
                    .containsExactly(1, 3));
    assertThat(ran).isEmpty();
  }

  @Test
  void singularWording() {
    assertThatThrownBy(() -> set.gate(List.of(Call.of("", Map.of())), AutonomyRung.AUTO))
        .hasMessageStartingWith(
            "the program was rejected and nothing in it ran: 1 of 1 call is invalid\n"
                + "  - call 1 (no opcode): [UndeclaredOpcode]");
  }

  @Test
  void runRefusesWithheldAndUnknownActs() {
    assertThatThrownBy(() -> set.run(ran, ARCHIVE))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "archive_project has no run handler it may use (tier irreversible); it is proposed"
                + " to a human, not run");
    assertThatThrownBy(() -> set.run(ran, Call.of("set_statu", Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "\"set_statu\" is not an act of this set; the acts are: archive_project,"
                + " create_task, set_status; did you mean \"set_status\"?");
  }

  @Test
  void askFallsBackToTheDescription() {
    ActionSet<Object> plain =
        ActionSet.of(
            List.of(Use.<Object>local(Fixtures.createTask(), ChangeCategory.ALWAYS_MINTS).build()));
    assertThat(plain.ask(CREATE)).isEqualTo("Create a task.");
  }

  @Test
  void opsPremisesAndCallsAreImmutableValues() {
    List<String> states = new ArrayList<>(List.of("done"));
    Premise p = new Premise(ChangeCategory.TERMINAL, "status", states, null, null);
    states.add("archived");
    assertThat(p.terminalStates()).containsExactly("done");
    assertThatThrownBy(() -> p.terminalStates().add("y"))
        .isInstanceOf(UnsupportedOperationException.class);
    List<String> fills = new ArrayList<>(List.of("status"));
    Map<String, String> args = new java.util.HashMap<>(Map.of("a", "1"));
    Call c = Call.of("x", args, fills);
    fills.add("due");
    args.put("b", "2");
    assertThat(c.userFills()).containsExactly("status");
    assertThat(c.args()).isEqualTo(Map.of("a", "1"));
    assertThatThrownBy(() -> c.args().put("c", "3"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(Call.of("x", Map.of("a", "1")).arg("missing")).isEmpty();
    Op a = Op.builder("x").tier(Tier.REVERSIBLE).operand(Fixtures.TASK_ID).build();
    assertThatThrownBy(() -> a.operands().add(Fixtures.TASK_ID))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(a.toBuilder().build()).isEqualTo(a);
  }
}
