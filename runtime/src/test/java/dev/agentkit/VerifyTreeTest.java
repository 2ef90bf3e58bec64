package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Problem;
import dev.agentkit.testing.BaseDir;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Verifying calls of third-party tools whose operands are schema trees (the MCP reference servers,
 * GitHub's REST API): the natural calls are accepted, and each wrong shape is refused with a
 * sentence naming the place in the value. Every message asserted in full.
 */
class VerifyTreeTest {
  static final Map<String, Op> MEMORY = ThirdPartySchemas.ops("mcp-server-memory.json");
  static final Map<String, Op> EVERYTHING = ThirdPartySchemas.ops("mcp-server-everything.json");
  static final Map<String, Op> FILES = ThirdPartySchemas.ops("mcp-server-filesystem.json");
  static final Map<String, Op> GITHUB = ThirdPartySchemas.ops("github-request-bodies.json");

  static final ActionSet<Object> SET = set();

  static ActionSet<Object> set() {
    List<Op> ops = new ArrayList<>();
    ops.add(MEMORY.get("create_entities"));
    ops.add(EVERYTHING.get("get-resource-links"));
    ops.add(EVERYTHING.get("get-sum"));
    ops.add(FILES.get("read_multiple_files"));
    ops.add(FILES.get("edit_file"));
    ops.add(GITHUB.get("issues/update"));
    ops.add(GITHUB.get("checks/create"));
    ops.add(GITHUB.get("issues/create"));
    List<Use<Object>> uses = new ArrayList<>();
    for (Op op : ops) {
      uses.add(Use.local(op, ChangeCategory.ALWAYS_MINTS).build());
    }
    return ActionSet.of(uses);
  }

  static List<String> verify(String opcode, String... kv) {
    Map<String, String> args = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      args.put(kv[i], kv[i + 1]);
    }
    return SET.verify(Call.of(opcode, args)).stream().map(Problem::message).toList();
  }

  @Test
  void theNaturalCallsAreAccepted() {
    assertThat(
            verify(
                "create_entities",
                "entities",
                "[{\"name\":\"Bob\",\"entityType\":\"person\",\"observations\":[]}]"))
        .isEmpty();
    assertThat(verify("issues/update", "labels", "[\"bug\"]")).isEmpty();
    assertThat(verify("issues/update", "labels", "[\"bug\",{\"name\":\"ux\",\"id\":7}]")).isEmpty();
    assertThat(verify("get-resource-links", "count", "10")).isEmpty();
    assertThat(verify("read_multiple_files", "paths", "[\"/a\",\"/b\"]")).isEmpty();
    assertThat(
            verify(
                "edit_file",
                "path",
                "/a",
                "edits",
                "[{\"oldText\":\"x\",\"newText\":\"y\"}]",
                "dryRun",
                "true"))
        .isEmpty();
  }

  @Test
  void theWrongShapesAreRefusedBeforeAnythingIsSent() {
    assertThat(verify("create_entities", "entities", "5"))
        .containsExactly("[WrongType] create_entities.entities is the number 5, not an array");
    assertThat(verify("create_entities", "entities", "not json"))
        .containsExactly(
            "[WrongType] create_entities.entities is the string \"not json\", not an array");
    assertThat(verify("create_entities", "entities", "[{\"name\":\"Bob\",\"observations\":[]}]"))
        .containsExactly(
            "[RequiredMissing] create_entities.entities[0].entityType is required: give it a"
                + " string");
    assertThat(
            verify(
                "create_entities",
                "entities",
                "[{\"name\":\"Bob\",\"entityType\":\"person\",\"observations\":[1]}]"))
        .containsExactly(
            "[WrongType] create_entities.entities[0].observations[0] is the number 1, not a"
                + " string");
  }

  @Test
  void boundsAreChecked() {
    assertThat(verify("get-resource-links", "count", "50"))
        .containsExactly("[OutOfBounds] get-resource-links.count is 50, above the maximum 10");
    assertThat(verify("get-resource-links", "count", "0"))
        .containsExactly("[OutOfBounds] get-resource-links.count is 0, below the minimum 1");
    // A required flat list needs an element that is not blank, as verify has always read lists.
    assertThat(verify("read_multiple_files", "paths", "[]"))
        .containsExactly(
            "[RequiredMissing] read_multiple_files.paths is required: give it a value, or list it"
                + " as a user-fill for the user to supply");
    String annotation =
        "{\"path\":\"a.java\",\"start_line\":1,\"end_line\":1,"
            + "\"annotation_level\":\"notice\",\"message\":\"m\"}";
    String annotations =
        "[" + String.join(",", java.util.Collections.nCopies(51, annotation)) + "]";
    assertThat(
            verify(
                "checks/create",
                "name",
                "lint",
                "head_sha",
                "abc",
                "output",
                "{\"title\":\"t\",\"summary\":\"s\",\"annotations\":" + annotations + "}"))
        .containsExactly(
            "[ItemCount] checks/create.output.annotations has 51 elements, more than the maximum"
                + " 50");
  }

  @Test
  void aNumberBeyondEveryDoubleIsANumberComparedExactly() {
    // A flat number reads as it always has: 1e400 is a number.
    assertThat(verify("get-sum", "a", "1e400", "b", "1")).isEmpty();
    String annotation =
        "{\"path\":\"a.java\",\"start_line\":%s,\"end_line\":1,"
            + "\"annotation_level\":\"notice\",\"message\":\"m\"}";
    assertThat(
            verify(
                "checks/create",
                "name",
                "lint",
                "head_sha",
                "abc",
                "output",
                "{\"title\":\"t\",\"summary\":\"s\",\"annotations\":["
                    + String.format(annotation, "1e400")
                    + "]}"))
        .containsExactly(
            "[BadInteger] checks/create.output.annotations[0].start_line is 1E+400, beyond the"
                + " signed 64-bit range this backend takes; write a whole number from"
                + " -9223372036854775808 to 9223372036854775807");
  }

  @Test
  void theSentencesInTheDocsAreVerifysOwn() throws Exception {
    List<String> said = new ArrayList<>();
    said.addAll(verify("create_entities", "entities", "[{\"name\":\"Bob\",\"observations\":[]}]"));
    said.addAll(verify("get-resource-links", "count", "50"));
    said.addAll(verify("create_entities", "entities", "5"));
    said.addAll(
        verify(
            "issues/create",
            "title",
            "Crash",
            "issue_field_values",
            "[{\"fieldId\":1,\"value\":\"x\"}]"));
    String docs = java.nio.file.Files.readString(BaseDir.resolve("..", "docs", "tools.md"));
    assertThat(said).hasSize(5);
    for (String sentence : said) {
      assertThat(docs).contains("\n" + sentence + "\n");
    }
  }

  @Test
  void aWrongShapeIsRefusedBeforeTheRunHandlerSeesIt() throws Exception {
    List<String> sent = new ArrayList<>();
    ActionSet<Object> set =
        ActionSet.of(
            List.of(
                Use.local(MEMORY.get("create_entities"), ChangeCategory.ALWAYS_MINTS)
                    .run((state, call) -> sent.add(call.arg("entities")))
                    .build()));
    for (String wrong :
        List.of("5", "not json", "[{\"name\":\"Bob\",\"observations\":[]}]", "{}")) {
      Call call = Call.of("create_entities", Map.of("entities", wrong));
      assertThatThrownBy(() -> set.run(new Object(), call))
          .as(wrong)
          .isInstanceOf(ProgramRejectedException.class);
    }
    assertThat(sent).isEmpty();
    String natural = "[{\"name\":\"Bob\",\"entityType\":\"person\",\"observations\":[]}]";
    set.run(new Object(), Call.of("create_entities", Map.of("entities", natural)));
    assertThat(sent).containsExactly(natural);
  }

  @Test
  void aProblemInsideAValueIsAboutItsOperand() {
    // The subject is the operand (as user-fills and proposal slots match it); the place is in
    // the sentence.
    List<Problem> problems =
        SET.verify(
            Call.of(
                "create_entities",
                Map.of("entities", "[{\"name\":\"Bob\",\"observations\":[1]}]")));
    assertThat(problems).extracting(Problem::subject).containsExactly("entities", "entities");
    assertThat(problems)
        .extracting(Problem::kind)
        .containsExactly(Problem.Kind.REQUIRED_MISSING, Problem.Kind.WRONG_TYPE);
  }

  @Test
  void aFlatSentenceStaysOnOneLineWhateverTheValuesHold() {
    Op op =
        Op.builder("set_mode")
            .description("Sets the mode.")
            .tier(dev.agentkit.contract.Tier.REVERSIBLE)
            .operands(List.of(Operand.enumOf("mode", true, "fast\nslow", "off")))
            .build();
    ActionSet<Object> set =
        ActionSet.of(List.of(Use.local(op, ChangeCategory.ALWAYS_MINTS).build()));
    assertThat(set.verify(Call.of("set_mode", Map.of("mode", "fast\n"))))
        .extracting(Problem::message)
        .containsExactly(
            "[EnumValue] set_mode.mode: \"fast\\n\" is not one of the allowed values: fast\\nslow,"
                + " off");
  }
}
