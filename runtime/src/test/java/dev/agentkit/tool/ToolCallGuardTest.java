package dev.agentkit.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ToolCallGuardTest {
  static final ToolCallGuard GUARD = ToolCallGuard.of(Taskboard.actions());

  static final String TOOLS =
      "archive_project, create_task, plan_review, set_estimate, set_status, set_task_due_date,"
          + " tag_task";

  static Arguments accepts(String tool, String json, Map<String, String> args) {
    return Arguments.of(tool, json, args, null);
  }

  static Arguments corrects(String tool, String json, String message) {
    return Arguments.of(tool, json, null, message);
  }

  static Stream<Arguments> corpus() {
    return Stream.of(
        accepts(
            "set_task_due_date",
            "{\"task_id\": \"t1\", \"due_date\": \"2026-03-31\"}",
            Map.of("task_id", "t1", "due_date", "2026-03-31")),
        accepts(
            " set_task_due_date ",
            "{\"task_id\":\"t1\",\"due_date\":\"2026-03-31T17:00:00Z\"}",
            Map.of("task_id", "t1", "due_date", "2026-03-31T17:00:00Z")),
        corrects(
            "set_task_due_date",
            "{\"task_id\": \"t1\", \"due_date\": \"next Friday\"}",
            "[BadDate] set_task_due_date.due_date: \"next Friday\" is not a date; write an ISO-8601"
                + " date such as 2026-03-31 or a date-time such as 2026-03-31T17:00:00Z"),
        corrects(
            "set_due_date",
            "{\"task_id\": \"t1\"}",
            "[UnknownTool] there is no tool \"set_due_date\"; the tools are: " + TOOLS),
        corrects(
            "set_task_due_dat",
            "{\"task_id\": \"t1\"}",
            "[UnknownTool] there is no tool \"set_task_due_dat\"; the tools are: "
                + TOOLS
                + "; did you mean \"set_task_due_date\"?"),
        corrects("", "{}", "[UnknownTool] the call names no tool; the tools are: " + TOOLS),
        corrects(
            "set_status",
            "{\"task_id\": \"t1\", \"status\": \"in_progress\"}",
            "[EnumValue] set_status.status: \"in_progress\" is not one of the allowed values:"
                + " blocked, doing, done, todo"),
        corrects(
            "set_status",
            "{\"task_id\": \"t1\", \"status\": \"Done\"}",
            "[EnumValue] set_status.status: \"Done\" is not one of the allowed values: blocked,"
                + " doing, done, todo; did you mean \"done\"?"),
        corrects(
            "set_status",
            "{\"task_id\": \"t1\"}",
            "[RequiredMissing] set_status.status is required: give it a value"),
        corrects(
            "set_status",
            "{\"task_id\": \"t1\", \"status\": null}",
            "[RequiredMissing] set_status.status is required: give it a value"),
        corrects(
            "set_status",
            "{\"task_id\": \"t1\", \"staus\": \"done\"}",
            "[RequiredMissing] set_status.status is required: give it a value\n"
                + "[UnknownOperand] set_status has no operand \"staus\"; its operands are: status,"
                + " task_id; did you mean \"status\"?"),
        accepts(
            "set_estimate",
            "{\"task_id\": \"t1\", \"hours\": 2.50}",
            Map.of("task_id", "t1", "hours", "2.50")),
        corrects(
            "set_estimate",
            "{\"task_id\": \"t1\", \"hours\": \"two\"}",
            "[BadNumber] set_estimate.hours: \"two\" is not a number; write digits such as 3, -2.5"
                + " or 1e3"),
        corrects(
            "set_estimate",
            "{\"task_id\": \"t1\", \"hours\": {\"value\": 2}}",
            "[NestedObject] set_estimate.hours takes a plain value, not a JSON object; write it as"
                + " a string"),
        corrects(
            "set_estimate",
            "{\"task_id\": [\"t1\", \"t2\"], \"hours\": 3}",
            "[NotAList] set_estimate.task_id takes one value, not an array; write a single"
                + " string"),
        corrects(
            "set_estimate",
            "{\"hours\": {\"a\": 1}, \"task\": \"t1\"}",
            "[NestedObject] set_estimate.hours takes a plain value, not a JSON object; write it as"
                + " a string\n"
                + "[RequiredMissing] set_estimate.task_id is required: give it a value\n"
                + "[UnknownOperand] set_estimate has no operand \"task\"; its operands are: hours,"
                + " note, task_id"),
        accepts(
            "tag_task",
            "{\"task_id\": \"t1\", \"labels\": [\"urgent\", \"q3 \\\"big\\\"\", 7]}",
            Map.of("task_id", "t1", "labels", "[\"urgent\",\"q3 \\\"big\\\"\",\"7\"]")),
        accepts(
            "tag_task",
            "{\"task_id\": \"t1\", \"labels\": \"urgent\"}",
            Map.of("task_id", "t1", "labels", "urgent")),
        corrects(
            "tag_task",
            "{\"task_id\": \"t1\", \"labels\": [\"urgent\", {\"x\": 1}]}",
            "[BadListElement] tag_task.labels takes a list of plain values, but element 2 is a"
                + " JSON object or array; write each element as a string, such as [\"a\", \"b\"]"),
        corrects(
            "plan_review",
            "{\"dates\": [\"2026-04-01\", \"soon\"]}",
            "[BadDate] plan_review.dates: \"soon\" is not a date; write an ISO-8601 date such as"
                + " 2026-03-31 or a date-time such as 2026-03-31T17:00:00Z"),
        corrects(
            "plan_review",
            "{\"dates\": [\"2026-04-01\"], \"reviewers\": [\"ana\", \"dee\"]}",
            "[EnumValue] plan_review.reviewers: \"dee\" is not one of the allowed values: ana, bo,"
                + " cy"),
        accepts(
            "create_task",
            "{\"title\": \"Follow up\", \"fields\": {\"priority\": \"high\", \"points\": [1, 2]}}",
            Map.of("title", "Follow up", "fields", "{\"priority\":\"high\",\"points\":[1,2]}")),
        // Numbers are copied as written: 1e400 is not infinity, 0.1 not 0.1000000000000000055.
        accepts(
            "create_task",
            "{\"title\": \"Follow up\", \"fields\": {\"points\": [1e400, 0.1, 12345678901234567890]}}",
            Map.of(
                "title", "Follow up", "fields", "{\"points\":[1E+400,0.1,12345678901234567890]}")),
        accepts(
            "create_task",
            "{\"title\": \"Follow up\", \"fields\": \"{\\\"points\\\": 1e400}\"}",
            Map.of("title", "Follow up", "fields", "{\"points\":1E+400}")),
        accepts(
            "create_task",
            "{\"title\": \"Follow up\", \"fields\": \"{\\\"priority\\\": \\\"high\\\"}\"}",
            Map.of("title", "Follow up", "fields", "{\"priority\":\"high\"}")),
        corrects(
            "create_task",
            "{\"title\": \"Follow up\", \"fields\": \"priority=high\"}",
            "[NotJson] create_task.fields must be JSON (an object or an array, inline or as a"
                + " string holding one), but \"priority=high\" is not valid JSON; fix it and call"
                + " again"),
        corrects(
            "create_task",
            "{\"title\": \"Follow up\", \"project\": {\"id\": \"p1\"}}",
            "[UnknownOperand] create_task has no operand \"project\"; its operands are: fields,"
                + " project_id, title; did you mean \"project_id\"?"),
        corrects(
            "create_task",
            "title: Follow up",
            "[ArgumentsNotJson] the arguments to create_task are not valid JSON: send one JSON"
                + " object with the operands as keys, such as {\"title\": \"…\"}"),
        corrects(
            "set_task_due_date",
            "[\"t1\", \"2026-03-31\"]",
            "[ArgumentsNotObject] the arguments to set_task_due_date must be one JSON object with"
                + " the operands as keys, such as {\"task_id\": \"…\", \"due_date\": \"…\"}; got a"
                + " JSON array"),
        corrects(
            "create_task",
            "{\"title\": \"A\"} {\"title\": \"B\"}",
            "[ArgumentsNotJson] the arguments to create_task are not valid JSON: send one JSON"
                + " object with the operands as keys, such as {\"title\": \"…\"}"),
        corrects(
            "create_task",
            "{\"title\": \"A\",",
            "[ArgumentsNotJson] the arguments to create_task are not valid JSON: send one JSON"
                + " object with the operands as keys, such as {\"title\": \"…\"}"),
        corrects(
            "set_task_due_date",
            "{\"task_id\": \"t1\", \"task_id\": \"t2\", \"due_date\": \"2026-03-31\"}",
            "[DuplicateArgument] set_task_due_date gives \"task_id\" twice: give each operand"
                + " once"),
        corrects(
            "archive_project",
            "  ",
            "[RequiredMissing] archive_project.project_id is required: give it a value"),
        corrects(
            "set_status",
            "{\"task_id\": 42, \"status\": true}",
            "[EnumValue] set_status.status: \"true\" is not one of the allowed values: blocked,"
                + " doing, done, todo"),
        corrects(
            "tag_task",
            "{\"task_id\": \"t1\", \"labels\": [\"a\", null, {}]}",
            "[BadListElement] tag_task.labels takes a list of plain values, but element 2 is"
                + " null; write each element as a string, such as [\"a\", \"b\"]"),
        corrects(
            "archive_project",
            "\"p1\"",
            "[ArgumentsNotObject] the arguments to archive_project must be one JSON object with"
                + " the operands as keys, such as {\"project_id\": \"…\"}; got a JSON string"),
        corrects(
            "set_estimate",
            "3",
            "[ArgumentsNotObject] the arguments to set_estimate must be one JSON object with the"
                + " operands as keys, such as {\"task_id\": \"…\", \"hours\": \"…\"}; got a"
                + " number"),
        accepts("archive_project", "{\"project_id\": \"p1\"}", Map.of("project_id", "p1")),
        corrects(
            "archive_project",
            "true",
            "[ArgumentsNotObject] the arguments to archive_project must be one JSON object with"
                + " the operands as keys, such as {\"project_id\": \"…\"}; got a boolean"),
        corrects(
            "archive_project",
            "null",
            "[ArgumentsNotObject] the arguments to archive_project must be one JSON object with"
                + " the operands as keys, such as {\"project_id\": \"…\"}; got null"),
        accepts("create_task", "{\"title\": \"A\", \"colour\": null}", Map.of("title", "A")),
        accepts(
            "create_task",
            "{\"title\": \"A\", \"fields\": 7}",
            Map.of("title", "A", "fields", "7")),
        accepts("create_task", "{\"title\": \"A\", \"fields\": null}", Map.of("title", "A")),
        accepts(
            "create_task",
            "{\"title\": \"A\", \"fields\": \" \"}",
            Map.of("title", "A", "fields", " ")),
        corrects(
            "create_task",
            "{\"title\": \"A\", \"fields\": \"{} {}\"}",
            "[NotJson] create_task.fields must be JSON (an object or an array, inline or as a"
                + " string holding one), but \"{} {}\" is not valid JSON; fix it and call again"),
        corrects(
            "tag_task",
            "{\"task_id\": \"t1\", \"labels\": [{\"x\": 1}, null, \"ok\", [2]]}",
            "[BadListElement] tag_task.labels takes a list of plain values, but element 1 is a"
                + " JSON object or array; write each element as a string, such as [\"a\", \"b\"]"));
  }

  @ParameterizedTest
  @MethodSource("corpus")
  void guardsModelOutput(String tool, String json, Map<String, String> args, String message) {
    GuardResult result = GUARD.check(tool, json);
    if (args != null) {
      assertThat(result).isInstanceOf(GuardResult.Accepted.class);
      GuardResult.Accepted accepted = (GuardResult.Accepted) result;
      assertThat(accepted.accepted()).isTrue();
      assertThat(accepted.call().opcode()).isEqualTo(tool.strip());
      assertThat(accepted.call().args()).isEqualTo(args);
      assertThat(accepted.call().isBound()).isTrue();
      assertThat(accepted.call().op())
          .isEqualTo(Taskboard.actions().op(tool.strip()).orElseThrow());
      assertThat(Taskboard.actions().verify(accepted.call())).isEmpty();
    } else {
      assertThat(result).isInstanceOf(GuardResult.Correction.class);
      GuardResult.Correction correction = (GuardResult.Correction) result;
      assertThat(correction.accepted()).isFalse();
      assertThat(correction.message()).isEqualTo(message);
      assertThat(correction.message())
          .doesNotContainIgnoringCase("exception")
          .doesNotContain("java.", "com.fasterxml", "tier", "policy", "\tat ", "user-fill");
    }
  }

  @Test
  void theOperatorGetsTheParsersOwnWords() {
    GuardResult.Correction notJson =
        (GuardResult.Correction) GUARD.check("create_task", "title: Follow up");
    assertThat(notJson.detail()).startsWith("ArgumentsNotJson; Unrecognized token 'title'");
    assertThat(notJson.detail()).contains("(line 1, column ");
    GuardResult.Correction field =
        (GuardResult.Correction)
            GUARD.check("create_task", "{\"title\": \"A\", \"fields\": \"priority=high\"}");
    assertThat(field.detail()).startsWith("NotJson; fields: Unrecognized token 'priority'");
    assertThat(field.tool()).isEqualTo("create_task");
    GuardResult.Correction verified =
        (GuardResult.Correction) GUARD.check("set_status", "{\"task_id\": \"t1\"}");
    assertThat(verified.detail()).isEqualTo("RequiredMissing");
  }

  @Test
  void theExampleNamesTheRequiredOperandsElseTheFirstOne() {
    ToolCallGuard guard =
        ToolCallGuard.of(
            ActionSet.of(
                List.of(
                    Use.<Object>local(
                            Op.builder("note")
                                .description("Leave a note.")
                                .tier(Tier.REVERSIBLE)
                                .operand(Operand.of("text", OperandType.STRING))
                                .operand(Operand.of("author", OperandType.STRING))
                                .build(),
                            ChangeCategory.ALWAYS_MINTS)
                        .build(),
                    Use.<Object>local(
                            Op.builder("ping")
                                .description("Ping the board.")
                                .tier(Tier.REVERSIBLE)
                                .build(),
                            ChangeCategory.ALWAYS_MINTS)
                        .build())));

    assertThat(message(guard.check("note", "[]")))
        .isEqualTo(
            "[ArgumentsNotObject] the arguments to note must be one JSON object with the operands"
                + " as keys, such as {\"text\": \"…\"}; got a JSON array");
    assertThat(message(guard.check("ping", "\"now\"")))
        .isEqualTo(
            "[ArgumentsNotObject] the arguments to ping must be one JSON object with the operands"
                + " as keys, such as {}; got a JSON string");
    assertThat(guard.check("ping", "{}").accepted()).isTrue();
  }

  @Test
  void aStructuredOperandWithTrailingContentTellsTheOperatorWhy() {
    GuardResult.Correction c =
        (GuardResult.Correction)
            GUARD.check("create_task", "{\"title\": \"A\", \"fields\": \"[1] [2]\"}");
    assertThat(c.detail()).isEqualTo("NotJson; fields: trailing content after the JSON value");
  }

  private static String message(GuardResult result) {
    assertThat(result).isInstanceOf(GuardResult.Correction.class);
    return ((GuardResult.Correction) result).message();
  }
}
