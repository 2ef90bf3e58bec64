package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Tier;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link ActionSet#willChange} as a table over every category and type, and reader errors. */
class WillChangeTest {
  /** A board: field values keyed "task.field". A null value makes the reader throw. */
  static final class Board {
    final Map<String, String> fields = new HashMap<>();

    String get(String task, String field) {
      if (!fields.containsKey(task + "." + field)) {
        return "";
      }
      String v = fields.get(task + "." + field);
      if (v == null) {
        throw new IllegalStateException("cannot read " + task + "." + field);
      }
      return v;
    }
  }

  /** Reads the premise's input field of the call's task. */
  private static StateReader<Board> input(String field) {
    return (b, c) -> b.get(c.arg("task_id"), field);
  }

  private static final ActionSet<Board> SET =
      ActionSet.bind(
          Contract.of(
              "taskboard",
              List.of(
                  Fixtures.setStatus(),
                  Fixtures.setDueDate(),
                  Fixtures.setEstimate(),
                  Fixtures.editTask(),
                  Fixtures.createTask(),
                  Fixtures.tagTask(),
                  Op.builder("move_task")
                      .description("Move a task to a project.")
                      .tier(Tier.REVERSIBLE)
                      .operand(Fixtures.TASK_ID)
                      .operand(Operand.requiredString("project_id", "Project."))
                      .build(),
                  Op.builder("close_task")
                      .description("Close a task.")
                      .tier(Tier.REVERSIBLE)
                      .operand(Fixtures.TASK_ID)
                      .build(),
                  Op.builder("assign_owner")
                      .description("Give a task its first owner.")
                      .tier(Tier.REVERSIBLE)
                      .operand(Fixtures.TASK_ID)
                      .operand(Operand.requiredString("owner", "Owner."))
                      .build())),
          List.of(
              Use.<Board>of("set_status", ChangeCategory.SCALAR_SET)
                  .input("status")
                  .reader(input("status"))
                  .build(),
              Use.<Board>of("set_task_due_date", ChangeCategory.SCALAR_SET)
                  .input("due_date")
                  .reader(input("due_date"))
                  .build(),
              Use.<Board>of("set_estimate", ChangeCategory.SCALAR_SET)
                  .input("hours")
                  .reader(input("hours"))
                  .build(),
              Use.<Board>of("move_task", ChangeCategory.MEMBERSHIP)
                  .input("project_id")
                  .reader(input("project_id"))
                  .build(),
              Use.<Board>of("close_task", ChangeCategory.TERMINAL)
                  .terminalStates("done", "Archived")
                  .reader((b, a) -> b.get(a.arg("task_id"), "status"))
                  .build(),
              Use.<Board>of("assign_owner", ChangeCategory.FILLS_SLOT)
                  .input("owner")
                  .reader(input("owner"))
                  .build(),
              Use.<Board>of("edit_task", ChangeCategory.MULTI_FIELD)
                  .fieldReader(
                      (b, a, f) ->
                          f.equals("task_id") ? a.arg("task_id") : b.get(a.arg("task_id"), f))
                  .build(),
              Use.<Board>of("create_task", ChangeCategory.ALWAYS_MINTS).build(),
              Use.<Board>of("tag_task", ChangeCategory.MERGE).ask(a -> "Tag?").build()));

  static Stream<Arguments> table() {
    return Stream.of(
        // category, opcode, current field, current value, args..., expected
        row("scalar string same", "set_status", "status", "done", true, "status", "done", false),
        row("scalar trimmed", "set_status", "status", " done ", true, "status", "done", false),
        row("scalar differs", "set_status", "status", "todo", true, "status", "done", true),
        row("scalar blank proposed", "set_status", "status", "done", true, "status", " ", true),
        row("scalar no current", "set_status", "status", "", true, "status", "done", true),
        row(
            "date same day",
            "set_task_due_date",
            "due_date",
            "2026-03-01",
            true,
            "due_date",
            "2026-03-01",
            false),
        row(
            "date same instant other form",
            "set_task_due_date",
            "due_date",
            "2026-03-01",
            true,
            "due_date",
            "2026-03-01T00:00:00Z",
            false),
        row(
            "date same instant other offset",
            "set_task_due_date",
            "due_date",
            "2026-03-01T10:00:00+02:00",
            true,
            "due_date",
            "2026-03-01T08:00Z",
            false),
        row(
            "date differs",
            "set_task_due_date",
            "due_date",
            "2026-03-01",
            true,
            "due_date",
            "2026-03-02",
            true),
        row(
            "date unparseable compared as text",
            "set_task_due_date",
            "due_date",
            "soon",
            true,
            "due_date",
            "soon",
            false),
        row(
            "number numerically equal",
            "set_estimate",
            "hours",
            "2.50",
            true,
            "hours",
            "2.5",
            false),
        row("number exponent", "set_estimate", "hours", "100", true, "hours", "1e2", false),
        row("number differs", "set_estimate", "hours", "2", true, "hours", "3", true),
        row("membership same", "move_task", "project_id", "p1", true, "project_id", "p1", false),
        row("membership differs", "move_task", "project_id", "p1", true, "project_id", "p2", true),
        row("terminal done", "close_task", "status", "DONE", true, null, null, false),
        row("terminal archived", "close_task", "status", "archived", true, null, null, false),
        row("terminal open", "close_task", "status", "todo", true, null, null, true),
        row("fills slot empty", "assign_owner", "owner", "", true, "owner", "ann", true),
        row("fills slot taken", "assign_owner", "owner", "bob", true, "owner", "ann", false),
        row("multi all same", "edit_task", "title", "Write", true, "title", "Write", false),
        row("multi one differs", "edit_task", "title", "Write", true, "title", "Read", true),
        row("multi blank args ignored", "edit_task", "title", "Write", true, "title", "", false),
        row("always mints", "create_task", "title", "x", true, "title", "x", true),
        row("merge", "tag_task", "note", "x", true, "note", "x", true),
        // Reader errors mean "will change": never silently drop an ask.
        row("scalar reader error", "set_status", "status", null, true, "status", "done", true),
        row("terminal reader error", "close_task", "status", null, true, null, null, true),
        row("fills reader error", "assign_owner", "owner", null, true, "owner", "x", true),
        row("multi reader error", "edit_task", "title", null, true, "title", "Write", true));
  }

  private static Arguments row(
      String name,
      String opcode,
      String field,
      String current,
      boolean hasCurrent,
      String argName,
      String argValue,
      boolean expected) {
    return Arguments.of(name, opcode, field, current, argName, argValue, expected);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("table")
  void willChange(
      String name,
      String opcode,
      String field,
      String current,
      String argName,
      String argValue,
      boolean expected) {
    Board board = new Board();
    board.fields.put("t1." + field, current);
    Map<String, String> args = new HashMap<>();
    args.put("task_id", "t1");
    if (argName != null) {
      args.put(argName, argValue);
    }
    assertThat(SET.willChange(board, Call.of(opcode, args))).isEqualTo(expected);
  }

  @ParameterizedTest(name = "undeclared opcode counts as a change")
  @MethodSource("undeclared")
  void undeclaredOpcodeCountsAsAChange(String opcode) {
    assertThat(SET.willChange(new Board(), Call.of(opcode, Map.of()))).isTrue();
  }

  static Stream<String> undeclared() {
    return Stream.of("nope");
  }
}
