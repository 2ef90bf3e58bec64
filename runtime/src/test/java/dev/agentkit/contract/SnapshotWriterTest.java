package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.internal.text.JsonText;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class SnapshotWriterTest {
  static final Contract SMALL =
      Contract.of(
          "taskboard",
          "http://backend/contract",
          List.of(
              Op.builder("set_status")
                  .description("Sets a task's status.")
                  .objectType("task")
                  .tier(Tier.REVERSIBLE)
                  .operand(Operand.requiredString("task_id", "The task."))
                  .operand(Operand.enumOf("status", true, "open", "done"))
                  .build(),
              Op.builder("archive")
                  .description("Archives \"it\".")
                  .tier(Tier.IRREVERSIBLE)
                  .build()));

  @Test
  void writesTheCanonicalText() {
    assertThat(SnapshotWriter.write(SMALL))
        .isEqualTo(
            """
            {
              "format": 2,
              "contract": "taskboard",
              "source": "http://backend/contract",
              "digest": "%s",
              "ops": [
                {
                  "opcode": "archive",
                  "description": "Archives \\"it\\".",
                  "object_type": "",
                  "tier": "irreversible",
                  "operands": []
                },
                {
                  "opcode": "set_status",
                  "description": "Sets a task's status.",
                  "object_type": "task",
                  "tier": "reversible",
                  "operands": [
                    {
                      "name": "task_id",
                      "description": "The task.",
                      "type": "string",
                      "required": true,
                      "list": false,
                      "enum": []
                    },
                    {
                      "name": "status",
                      "description": "",
                      "type": "enum",
                      "required": true,
                      "list": false,
                      "enum": ["open", "done"]
                    }
                  ]
                }
              ]
            }
            """
                .formatted(SMALL.digest()));
  }

  @Test
  void theDigestIsSha256OfTheCompactOpsArray() throws Exception {
    String compact =
        "[{\"opcode\":\"archive\",\"description\":\"Archives \\\"it\\\".\",\"object_type\":\"\","
            + "\"tier\":\"irreversible\",\"operands\":[]},"
            + "{\"opcode\":\"set_status\",\"description\":\"Sets a task's status.\","
            + "\"object_type\":\"task\",\"tier\":\"reversible\",\"operands\":["
            + "{\"name\":\"task_id\",\"description\":\"The task.\",\"type\":\"string\","
            + "\"required\":true,\"list\":false,\"enum\":[]},"
            + "{\"name\":\"status\",\"description\":\"\",\"type\":\"enum\","
            + "\"required\":true,\"list\":false,\"enum\":[\"open\",\"done\"]}]}]";
    byte[] hash =
        MessageDigest.getInstance("SHA-256").digest(compact.getBytes(StandardCharsets.UTF_8));
    assertThat(SMALL.digest()).isEqualTo("sha256:" + HexFormat.of().formatHex(hash));
    assertThat(SnapshotWriter.digestOf(List.of()))
        .isEqualTo(
            "sha256:"
                + HexFormat.of()
                    .formatHex(
                        MessageDigest.getInstance("SHA-256")
                            .digest("[]".getBytes(StandardCharsets.UTF_8))));
  }

  @Test
  void escapesOnlyWhatJsonRequiresAndLoneSurrogates() {
    StringBuilder sb = new StringBuilder();
    JsonText.string(sb, "q\" b\\ n\n r\r t\t b\b f\f c\u0001 d\u007f é 😀 lone\ud800 /");
    assertThat(sb)
        .hasToString(
            "\"q\\\" b\\\\ n\\n r\\r t\\t b\\b f\\f c\\u0001 d\u007f é 😀 lone\\ud800 /\"");
  }

  @Test
  void aBackgroundDigestEqualsOneOnTheCallingThread() {
    // Enough ops for several batches and several chunks of each size.
    List<Op> ops = new ArrayList<>();
    for (int i = 0; i < 1500; i++) {
      ops.add(
          Op.builder(String.format("op_%04d", i))
              .description("Does thing " + i + " — with ünïcödé and \"quotes\". ".repeat(8))
              .tier(Tier.READ_ONLY)
              .operand(Operand.enumOf("status", i % 2 == 0, "open", "done"))
              .build());
    }
    SnapshotWriter.Digest here = new SnapshotWriter.Digest(false);
    SnapshotWriter.Digest background = new SnapshotWriter.Digest(true);
    for (Op op : ops) {
      here.add(op);
      background.add(op);
    }
    String expected = here.finish();
    assertThat(background.finish()).isEqualTo(expected);
    assertThat(SnapshotWriter.digestOf(ops)).isEqualTo(expected);
    assertThat(new SnapshotWriter.Digest(true).finish())
        .isEqualTo(SnapshotWriter.digestOf(List.of()));
  }
}
