package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
                  .run((log, a) -> log.add("set_status " + a.arg("status")))
                  .build(),
              Use.<List<String>>of("create_task", ChangeCategory.ALWAYS_MINTS)
                  .ask(a -> "Create \"" + a.arg("title") + "\"?")
                  .build(),
              Use.<List<String>>of("archive_project", ChangeCategory.MERGE)
                  .ask(a -> "Archive this project?")
                  .build()),
          List.of());

  private static Action status(String value) {
    return Action.call("set_status", Map.of("task_id", "t1", "status", value));
  }

  private static final Action ARCHIVE = Action.call("archive_project", Map.of("project_id", "p1"));
  private static final Action CREATE = Action.call("create_task", Map.of("title", "Write"));

  @Test
  void autoActsWithARunHandlerApplyTheRestIsProposed() throws Exception {
    Plan plan = set.gate(List.of(status("done"), ARCHIVE, CREATE), AutonomyRung.AUTO);
    assertThat(plan.apply()).extracting(Action::opcode).containsExactly("set_status");
    assertThat(plan.propose())
        .extracting(Action::opcode)
        .containsExactly("archive_project", "create_task");
    Action applied = plan.apply().get(0);
    assertThat(applied.description()).isEqualTo("Set a task's status.");
    assertThat(applied.arg("status")).isEqualTo("done");
    set.run(ran, applied);
    assertThat(ran).containsExactly("set_status done");
    assertThat(set.ask(plan.propose().get(1))).isEqualTo("Create \"Write\"?");
  }

  @Test
  void anAskCeilingProposesEverything() {
    Plan plan = set.gate(List.of(status("done")), AutonomyRung.ASK);
    assertThat(plan.apply()).isEmpty();
    assertThat(plan.propose()).extracting(Action::opcode).containsExactly("set_status");
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
                        Action.call("delete_everything", Map.of())),
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
    assertThatThrownBy(() -> set.gate(List.of(Action.call("", Map.of())), AutonomyRung.AUTO))
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
    assertThatThrownBy(() -> set.run(ran, Action.call("set_statu", Map.of())))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "\"set_statu\" is not an act of this set; the acts are: archive_project,"
                + " create_task, set_status; did you mean \"set_status\"?");
  }

  @Test
  void askFallsBackToTheDescription() {
    ActionSet<Object> plain =
        ActionSet.of(
            List.of(
                Act.of(
                    Fixtures.createTask().toBuilder()
                        .category(ChangeCategory.ALWAYS_MINTS)
                        .build())));
    assertThat(plain.ask(CREATE)).isEqualTo("Create a task.");
  }

  @Test
  void actionsAreImmutableValues() {
    List<String> states = new ArrayList<>(List.of("done"));
    Action a = Action.builder("x").terminalStates(states).build();
    states.add("archived");
    assertThat(a.terminalStates()).containsExactly("done");
    assertThatThrownBy(() -> a.terminalStates().add("y"))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThat(Action.call("x", Map.of("a", "1")).arg("missing")).isEmpty();
    assertThat(a.toBuilder().build()).isEqualTo(a);
  }
}
