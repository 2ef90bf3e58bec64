package dev.agentkit.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.BaseDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ToolSchemasTest {
  static final Path GOLDEN = BaseDir.resolve("src", "test", "resources", "golden-tools");

  /** Compares with a golden file; AGENTKIT_UPDATE_GOLDEN=1 rewrites it instead. */
  static void assertGolden(String file, String actual) throws IOException {
    Path path = GOLDEN.resolve(file);
    if ("1".equals(System.getenv("AGENTKIT_UPDATE_GOLDEN"))) {
      Files.createDirectories(GOLDEN);
      Files.writeString(path, actual, StandardCharsets.UTF_8);
      return;
    }
    assertThat(path)
        .as("golden file %s; run with AGENTKIT_UPDATE_GOLDEN=1 to create it", path)
        .exists();
    assertThat(actual)
        .as("%s differs; run with AGENTKIT_UPDATE_GOLDEN=1 to accept the change", path)
        .isEqualTo(Files.readString(path, StandardCharsets.UTF_8));
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
