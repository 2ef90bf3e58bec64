package dev.agentkit.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.ThirdPartySchemas;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The guard on calls of third-party tools whose operands are schema trees: the model's natural JSON
 * is kept as compact JSON and accepted, the wrong shapes are corrected before anything is sent.
 */
class ToolCallGuardTreeTest {
  static final ToolCallGuard GUARD = ToolCallGuard.of(set());

  static ActionSet<Object> set() {
    List<Op> ops = new ArrayList<>();
    Map<String, Op> memory = ThirdPartySchemas.ops("mcp-server-memory.json");
    Map<String, Op> everything = ThirdPartySchemas.ops("mcp-server-everything.json");
    Map<String, Op> github = ThirdPartySchemas.ops("github-request-bodies.json");
    ops.add(memory.get("create_entities"));
    ops.add(everything.get("get-resource-links"));
    ops.add(everything.get("get-sum"));
    ops.add(github.get("issues/update"));
    List<Use<Object>> uses = new ArrayList<>();
    for (Op op : ops) {
      uses.add(Use.local(op, ChangeCategory.ALWAYS_MINTS).build());
    }
    return ActionSet.of(uses);
  }

  private static Map<String, String> accepted(String tool, String json) {
    GuardResult r = GUARD.check(tool, json);
    assertThat(r).as(r.toString()).isInstanceOf(GuardResult.Accepted.class);
    return ((GuardResult.Accepted) r).call().args();
  }

  private static String corrected(String tool, String json) {
    GuardResult r = GUARD.check(tool, json);
    assertThat(r).isInstanceOf(GuardResult.Correction.class);
    return ((GuardResult.Correction) r).message();
  }

  @Test
  void serverMemorysNaturalCallIsAccepted() {
    assertThat(
            accepted(
                "create_entities",
                "{\"entities\": [{\"name\": \"Bob\", \"entityType\": \"person\","
                    + " \"observations\": []}]}"))
        .containsExactly(
            Map.entry(
                "entities", "[{\"name\":\"Bob\",\"entityType\":\"person\",\"observations\":[]}]"));
  }

  @Test
  void githubsLabelsAreAccepted() {
    assertThat(accepted("issues/update", "{\"labels\": [\"bug\"]}"))
        .containsExactly(Map.entry("labels", "[\"bug\"]"));
    assertThat(accepted("issues/update", "{\"labels\": [\"bug\", {\"name\": \"ux\"}]}"))
        .containsExactly(Map.entry("labels", "[\"bug\",{\"name\":\"ux\"}]"));
  }

  @Test
  void aStringForATreeOperandStaysTheSameString() {
    // title is oneOf [string, integer]: "5" the string is not 5 the number.
    assertThat(accepted("issues/update", "{\"title\": \"5\"}"))
        .containsExactly(Map.entry("title", "\"5\""));
    assertThat(accepted("issues/update", "{\"title\": 5}"))
        .containsExactly(Map.entry("title", "5"));
    assertThat(accepted("issues/update", "{\"title\": \"Crash on start\"}"))
        .containsExactly(Map.entry("title", "Crash on start"));
  }

  @Test
  void nullIsKeptForANullableTreeOperand() {
    // GitHub: "use null to remove the current milestone"; milestone is a nullable oneOf.
    assertThat(accepted("issues/update", "{\"milestone\": null}"))
        .containsExactly(Map.entry("milestone", "null"));
    // labels is not nullable: null is not given, as for every other operand.
    assertThat(accepted("issues/update", "{\"labels\": null}")).isEmpty();
  }

  @Test
  void aNumberBeyondEveryDoubleIsKeptExactly() {
    // 1e400 is a number, far above any maximum: the call carries its text, never infinity.
    assertThat(accepted("get-sum", "{\"a\": 1e400, \"b\": 2}"))
        .containsOnly(Map.entry("a", "1e400"), Map.entry("b", "2"));
    assertThat(corrected("get-resource-links", "{\"count\": 1e400}"))
        .isEqualTo("[OutOfBounds] get-resource-links.count is 1E+400, above the maximum 10");
  }

  @Test
  void theWrongShapesAreCorrected() {
    assertThat(corrected("create_entities", "{\"entities\": 5}"))
        .isEqualTo("[WrongType] create_entities.entities is the number 5, not an array");
    assertThat(corrected("create_entities", "{\"entities\": \"not json\"}"))
        .isEqualTo("[WrongType] create_entities.entities is the string \"not json\", not an array");
    assertThat(
            corrected(
                "create_entities",
                "{\"entities\": \"[{\\\"name\\\":\\\"Bob\\\",\\\"entityType\\\":\\\"person\\\","
                    + "\\\"observations\\\":[]}]\"}"))
        .isEqualTo(
            "[WrongType] create_entities.entities is the string \"[{\\\"name\\\":\\\"Bob\\\","
                + "\\\"entityType\\\":\\\"person\\\",\\\"observations\\\":[]}]\", not an array;"
                + " write the value itself, not a string holding it");
    assertThat(corrected("create_entities", "{\"entities\": [{\"name\": \"Bob\"}]}"))
        .isEqualTo(
            "[RequiredMissing] create_entities.entities[0].entityType is required: give it a"
                + " string\n"
                + "[RequiredMissing] create_entities.entities[0].observations is required: give it"
                + " an array");
    assertThat(corrected("get-resource-links", "{\"count\": 50}"))
        .isEqualTo("[OutOfBounds] get-resource-links.count is 50, above the maximum 10");
    assertThat(corrected("create_entities", "{}"))
        .isEqualTo("[RequiredMissing] create_entities.entities is required: give it a value");
  }

  @Test
  void aValueTheGuardCannotReadIsCorrected() {
    GuardResult.Correction c =
        (GuardResult.Correction)
            GUARD.check(
                "create_entities",
                "{\"entities\": [{\"name\": \"A\", \"name\": \"B\"}], \"more\": 1}");
    assertThat(c.message())
        .isEqualTo(
            "[UnreadableValue] create_entities.entities cannot be read: key \"name\" appears"
                + " twice; fix it\n"
                + "[UnknownOperand] create_entities has no operand \"more\"; its operands are:"
                + " entities");
    assertThat(c.detail())
        .isEqualTo(
            "UnreadableValue, UnknownOperand; entities: key \"name\" appears twice at line 1,"
                + " column 21");
    String deep = "[".repeat(70) + "]".repeat(70);
    assertThat(corrected("create_entities", "{\"entities\": " + deep + "}"))
        .isEqualTo(
            "[UnreadableValue] create_entities.entities cannot be read: it nests arrays and"
                + " objects deeper than 64 levels; fix it");
  }
}
