package dev.agentkit.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.testing.Golden;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ToolSchemasTest {
  static final Golden GOLDEN = Golden.in("src/test/resources/golden-tools");

  /** Compares with a golden file; -Dgolden.update=true rewrites it instead. */
  static void assertGolden(String file, String actual) {
    GOLDEN.assertMatches(file, actual);
  }

  @Test
  void toolsMatchTheGoldenFile() throws IOException {
    assertGolden("taskboard.json", ToolSchemas.toJson(Taskboard.actions()));
  }

  @Test
  void compactParametersMatchTheGoldenFile() throws IOException {
    StringBuilder sb = new StringBuilder();
    for (ToolDeclaration d : ToolSchemas.declarations(Taskboard.actions())) {
      sb.append(d.name()).append('\t').append(d.parametersJson()).append('\n');
    }
    assertGolden("taskboard-parameters.txt", sb.toString());
  }

  @Test
  void theSameContractRendersTheSameBytes() {
    String json = ToolSchemas.toJson(Taskboard.actions());
    assertThat(ToolSchemas.toJson(Taskboard.reversed())).isEqualTo(json);
    assertThat(ToolSchemas.toJson(Taskboard.actions())).isEqualTo(json);
    assertThat(json).doesNotContain("\r");
  }

  @Test
  void declarationsAreSortedAndKeepTheContractsOperandOrder() {
    var declarations = ToolSchemas.declarations(Taskboard.actions());
    assertThat(declarations)
        .extracting(ToolDeclaration::name)
        .containsExactly(
            "archive_project",
            "create_task",
            "plan_review",
            "set_estimate",
            "set_status",
            "set_task_due_date",
            "tag_task");
    ToolDeclaration due = declarations.get(5);
    assertThat(due.description()).isEqualTo("Set or move a task's due date.");
    assertThat(due.parametersJson())
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{"
                + "\"task_id\":{\"type\":\"string\",\"description\":\"The task's id.\"},"
                + "\"due_date\":{\"type\":\"string\",\"format\":\"date-time\",\"description\":"
                + "\"The new due date. "
                + SchemaNodeWriter.DATE_HINT
                + "\"}},\"required\":[\"task_id\",\"due_date\"],\"additionalProperties\":false}");
  }
}
