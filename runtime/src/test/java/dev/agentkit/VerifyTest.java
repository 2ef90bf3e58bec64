package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.ArgValues;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Verifying emitted calls: every message asserted in full. */
class VerifyTest {
  private static final ActionSet<Object> SET =
      ActionSet.bind(
          Fixtures.taskboard(),
          List.of(
              Use.<Object>of("set_status", ChangeCategory.SCALAR_SET)
                  .input("status")
                  .reader((s, a) -> "")
                  .run((s, c) -> null)
                  .build(),
              Use.<Object>of("set_task_due_date", ChangeCategory.SCALAR_SET)
                  .input("due_date")
                  .reader((s, a) -> "")
                  .run((s, c) -> null)
                  .build(),
              Use.<Object>of("set_estimate", ChangeCategory.SCALAR_SET)
                  .input("hours")
                  .reader((s, a) -> "")
                  .run((s, c) -> null)
                  .build(),
              Use.<Object>of("tag_task", ChangeCategory.MERGE).ask(a -> "Tag it?").build()));

  private static List<String> verify(String opcode, Map<String, String> args) {
    return SET.verify(Call.of(opcode, args)).stream().map(Problem::message).toList();
  }

  private static Map<String, String> args(String... kv) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void validCallsHaveNoProblem() {
    assertThat(verify("set_status", args("task_id", "t1", "status", "done"))).isEmpty();
    assertThat(verify("set_task_due_date", args("task_id", "t1", "due_date", "2026-02-28")))
        .isEmpty();
    assertThat(verify("set_task_due_date", args("task_id", "t1", "due_date", "2026-02-28T17:00Z")))
        .isEmpty();
    assertThat(verify("set_estimate", args("task_id", "t1", "hours", "-2.5e1"))).isEmpty();
    assertThat(verify("tag_task", args("task_id", "t1", "labels", "[\"bug\", \"ux\"]"))).isEmpty();
    assertThat(verify("tag_task", args("task_id", "t1", "labels", "bug"))).isEmpty();
    assertThat(verify("tag_task", args("task_id", "t1", "labels", "[]"))).isEmpty();
  }

  @Test
  void aRejectedValueIsQuotedWholeUpToEightyCharactersThenCut() {
    String eighty = "x".repeat(80);
    assertThat(verify("set_status", args("task_id", "t1", "status", eighty)))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("\"" + eighty + "\" is not one of the allowed values");
    assertThat(verify("set_status", args("task_id", "t1", "status", eighty + "y")))
        .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
        .contains("\"" + "x".repeat(77) + "...\" is not one of the allowed values");
  }

  @Test
  void undeclaredOpcode() {
    assertThat(verify("set_statuz", args()))
        .containsExactly(
            "[UndeclaredOpcode] \"set_statuz\" is not an act you can use; the acts are:"
                + " set_estimate, set_status, set_task_due_date, tag_task; did you mean"
                + " \"set_status\"?");
  }

  @Test
  void unknownOperandAndUserFill() {
    assertThat(
            SET
                .verify(
                    Call.of(
                        "set_status",
                        args("task_id", "t1", "status", "done", "stat", "x", "colour", "red"),
                        List.of("priority")))
                .stream()
                .map(Problem::message))
        .containsExactly(
            "[UnknownUserFill] set_status has no operand \"priority\" to leave as a user-fill;"
                + " its operands are: status, task_id",
            "[UnknownOperand] set_status has no operand \"colour\"; its operands are: status,"
                + " task_id",
            "[UnknownOperand] set_status has no operand \"stat\"; its operands are: status,"
                + " task_id; did you mean \"status\"?");
  }

  @Test
  void enumValueOutsideTheVocabulary() {
    assertThat(verify("set_status", args("task_id", "t1", "status", "blocked")))
        .containsExactly(
            "[EnumValue] set_status.status: \"blocked\" is not one of the allowed values:"
                + " archived, done, in_progress, todo");
    assertThat(verify("set_status", args("task_id", "t1", "status", "Done")))
        .containsExactly(
            "[EnumValue] set_status.status: \"Done\" is not one of the allowed values: archived,"
                + " done, in_progress, todo; did you mean \"done\"?");
    assertThat(verify("tag_task", args("task_id", "t1", "labels", "[\"bug\", \"urgent\"]")))
        .containsExactly(
            "[EnumValue] tag_task.labels: \"urgent\" is not one of the allowed values: bug, ops,"
                + " ux");
  }

  @Test
  void unparseableDatesAndNumbers() {
    assertThat(verify("set_task_due_date", args("task_id", "t1", "due_date", "next friday")))
        .containsExactly(
            "[BadDate] set_task_due_date.due_date: \"next friday\" is not a date; write an"
                + " ISO-8601 date such as 2026-03-31 or a date-time such as 2026-03-31T17:00:00Z");
    for (String bad :
        new String[] {
          "2026-02-30",
          "2026-13-01",
          "2026-1-01",
          "2026-01-01T25:00",
          "2026-01-01T10:00+5",
          "2026-01-01 10:00",
          "2026-01-01T10:00:00.Z",
          "2025-02-29"
        }) {
      assertThat(verify("set_task_due_date", args("task_id", "t1", "due_date", bad)))
          .as(bad)
          .hasSize(1);
    }
    assertThat(verify("set_task_due_date", args("task_id", "t1", "due_date", "2024-02-29")))
        .isEmpty();
    assertThat(verify("set_estimate", args("task_id", "t1", "hours", "ten")))
        .containsExactly(
            "[BadNumber] set_estimate.hours: \"ten\" is not a number; write digits such as 3,"
                + " -2.5 or 1e3");
    for (String bad : new String[] {"1.", ".5", "1e", "--1", "1,5", "0x10", "+3"}) {
      assertThat(verify("set_estimate", args("task_id", "t1", "hours", bad))).as(bad).hasSize(1);
    }
  }

  @Test
  void listsMustBeJsonArraysOfStrings() {
    assertThat(verify("tag_task", args("task_id", "t1", "labels", "[bug, ux]")))
        .containsExactly(
            "[BadList] tag_task.labels takes a list: write a JSON array of strings such as"
                + " [\"a\", \"b\"], not \"[bug, ux]\"");
    for (String bad : new String[] {"[\"bug\"", "[\"bug\",]", "[\"bug\"] x", "[1]", "[\"a\\q\"]"}) {
      assertThat(verify("tag_task", args("task_id", "t1", "labels", bad))).as(bad).hasSize(1);
    }
  }

  @Test
  void requiredOperandBlankAndNotUserFilled() {
    assertThat(verify("set_status", args("task_id", " ", "status", "done")))
        .containsExactly(
            "[RequiredMissing] set_status.task_id is required: give it a value, or list it as a"
                + " user-fill for the user to supply");
    assertThat(verify("set_status", args("task_id", "t1"))).hasSize(1);
    assertThat(SET.verify(Call.of("set_status", args("task_id", "t1"), List.of("status"))))
        .isEmpty();
  }

  @Test
  void longValuesAreShortenedInMessages() {
    String longValue = "x".repeat(200);
    assertThat(verify("set_estimate", args("task_id", "t1", "hours", longValue)).get(0))
        .contains("\"" + "x".repeat(77) + "...\"")
        .doesNotContain("x".repeat(78));
  }

  @Test
  void numbersAndDatesTheTypedViewsCannotReadAreRejected() {
    assertThat(verify("set_estimate", args("task_id", "t1", "hours", "1e99999999999")))
        .containsExactly(
            "[BadNumber] set_estimate.hours: \"1e99999999999\" is not a number: its exponent is"
                + " out of range; write digits such as 3, -2.5 or 1e3");
    for (String bad : new String[] {"1e2147483648", "0.5e-2147483647", "1e-2147483648"}) {
      assertThat(verify("set_estimate", args("task_id", "t1", "hours", bad))).as(bad).hasSize(1);
      assertThat(ArgValues.number(bad)).as(bad).isEmpty();
    }
    for (String good : new String[] {"1e2147483647", "1e-2147483647", "1e000000000000000001"}) {
      assertThat(verify("set_estimate", args("task_id", "t1", "hours", good))).as(good).isEmpty();
      assertThat(ArgValues.number(good)).as(good).isPresent();
    }
    assertThat(
            verify(
                "set_task_due_date", args("task_id", "t1", "due_date", "2026-01-01T10:00+18:01")))
        .containsExactly(
            "[BadDate] set_task_due_date.due_date: \"2026-01-01T10:00+18:01\" is not a date: its"
                + " offset is more than 18 hours from UTC; write an ISO-8601 date such as"
                + " 2026-03-31 or a date-time such as 2026-03-31T17:00:00Z");
    assertThat(
            verify(
                "set_task_due_date", args("task_id", "t1", "due_date", "2026-01-01T10:00-18:30")))
        .hasSize(1);
    assertThat(ArgValues.date("2026-01-01T10:00-18:30")).isEmpty();
    for (String good : new String[] {"2026-01-01T10:00+18:00", "2026-01-01T10:00-18:00"}) {
      assertThat(verify("set_task_due_date", args("task_id", "t1", "due_date", good)))
          .as(good)
          .isEmpty();
      assertThat(ArgValues.date(good)).as(good).isPresent();
    }
  }

  private static final ActionSet<Object> LISTS =
      ActionSet.bind(
          Contract.of(
              "lists",
              List.of(
                  Op.builder("label")
                      .description("Label a task.")
                      .objectType("task")
                      .tier(Tier.REVERSIBLE)
                      .operand(
                          new Operand("labels", "Labels.", OperandType.STRING, true, null, true))
                      .operand(new Operand("dates", "Dates.", OperandType.DATE, false, null, true))
                      .build())),
          List.of(Use.<Object>of("label", ChangeCategory.MERGE).ask(a -> "Label it?").build()));

  private static List<String> verifyLists(Map<String, String> args, String... userFills) {
    return LISTS.verify(Call.of("label", args, List.of(userFills))).stream()
        .map(Problem::message)
        .toList();
  }

  @Test
  void aRequiredListNeedsAnElementThatIsNotBlank() {
    for (String missing : new String[] {"[]", " [ ] ", " ", "[\"\"]", "[\" \", \"\"]"}) {
      assertThat(verifyLists(args("labels", missing)))
          .as(missing)
          .containsExactly(
              "[RequiredMissing] label.labels is required: give it a value, or list it as a"
                  + " user-fill for the user to supply");
      assertThat(
              LISTS.verify(Call.of("label", args("labels", missing), List.of("labels"))).stream()
                  .filter(p -> p.kind() == Problem.Kind.REQUIRED_MISSING))
          .as(missing)
          .isEmpty();
    }
    assertThat(verifyLists(args("labels", "[\"bug\"]", "dates", "[]"))).isEmpty();
  }

  @Test
  void listElementsAreTrimmedAndBlankOnesDropped() {
    assertThat(verifyLists(args("labels", "[\"bug\", \" \"]"))).isEmpty();
    assertThat(ArgValues.list("[\"bug\", \" \"]")).containsExactly("bug");
    assertThat(verifyLists(args("labels", "bug", "dates", "[\"\", \" 2026-01-01 \", \"\"]")))
        .isEmpty();
    assertThat(ArgValues.list("[\"\", \" 2026-01-01 \", \"\"]")).containsExactly("2026-01-01");
    assertThat(verifyLists(args("labels", "bug", "dates", "[\"\"]"))).isEmpty();
    assertThat(verifyLists(args("labels", "bug", "dates", "[\"\", \"soon\"]")))
        .containsExactly(
            "[BadDate] label.dates: \"soon\" is not a date; write an ISO-8601 date such as"
                + " 2026-03-31 or a date-time such as 2026-03-31T17:00:00Z");
  }

  @Test
  void datesAndNumbersAreCheckedTrimmedAsTheTypedViewsReadThem() {
    assertThat(verify("set_task_due_date", args("task_id", "t1", "due_date", " 2026-08-21 ")))
        .isEmpty();
    assertThat(ArgValues.date(" 2026-08-21 ")).isPresent();
    assertThat(verify("set_estimate", args("task_id", "t1", "hours", " 5000 "))).isEmpty();
    assertThat(ArgValues.number(" 5000 ")).isPresent();
  }

  @Test
  void aValidCallAllocatesNothing() {
    com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    Call call = Call.of("set_status", args("task_id", "t1", "status", "done"));
    // The fewest bytes of ten rounds of 20,000 calls: on a loaded machine the JIT may still be
    // compiling verify during the first rounds, and the interpreter allocates what compiled code
    // does not; once compiled, a round allocates nothing.
    long fewest = Long.MAX_VALUE;
    int problems = 0;
    for (int round = 0; round < 10; round++) {
      long before = threads.getCurrentThreadAllocatedBytes();
      for (int i = 0; i < 20_000; i++) {
        problems += SET.verify(call).size();
      }
      fewest = Math.min(fewest, threads.getCurrentThreadAllocatedBytes() - before);
    }

    assertThat(problems).isZero();
    // Not a byte per call: a list, a sorted copy of the argument names or a message per call
    // would be tens of bytes each.
    assertThat(fewest).isLessThan(20_000);
  }

  @Test
  void describesItselfByItsActs() {
    assertThat(SET.toString())
        .isEqualTo("ActionSet[set_estimate, set_status, set_task_due_date, tag_task]");
  }
}
