package dev.agentkit.tool;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The model is told the whole tree: server-memory's {@code create_entities} (a list of objects with
 * a list inside), GitHub's {@code issues/update} (unions, a nullable title, a list of either a
 * string or an object), and a task with a checklist (bounds, defaults, a pattern, a plain date, a
 * const, an open object of strings, a type this version does not know).
 */
class NestedToolSchemasTest {
  static ActionSet<Object> nested() throws Exception {
    return NestedContract.actions();
  }

  @Test
  void nestedToolsMatchTheGoldenFile() throws Exception {
    ToolSchemasTest.assertGolden("nested.json", ToolSchemas.toJson(nested()));
  }

  @Test
  void createEntitiesTellsTheModelTheEntityShape() throws Exception {
    Map<String, String> parameters = parameters(nested());

    assertThat(parameters.get("create_entities"))
        .isEqualTo(
            "{\"type\":\"object\",\"properties\":{\"entities\":{\"type\":\"array\",\"items\":{"
                + "\"type\":\"object\",\"properties\":{"
                + "\"name\":{\"type\":\"string\",\"description\":\"The name of the entity\"},"
                + "\"entityType\":{\"type\":\"string\",\"description\":\"The type of the entity\"},"
                + "\"observations\":{\"type\":\"array\",\"description\":\"An array of observation"
                + " contents associated with the entity\",\"items\":{\"type\":\"string\"}}},"
                + "\"required\":[\"name\",\"entityType\",\"observations\"],"
                + "\"additionalProperties\":false}}},"
                + "\"required\":[\"entities\"],\"additionalProperties\":false}");
  }

  @Test
  void boundsDefaultsAndUnionsReachTheModel() throws Exception {
    Map<String, String> parameters = parameters(nested());

    assertThat(parameters.get("create_task"))
        .contains("\"title\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":200}")
        .contains(
            "\"priority\":{\"type\":\"string\",\"enum\":[\"1\",\"2\",\"3\"],\"default\":\"2\"}")
        .contains("\"done\":{\"type\":\"boolean\",\"default\":false}")
        .contains(
            "\"estimate\":{\"type\":\"number\",\"description\":\"Hours.\","
                + "\"exclusiveMinimum\":0,\"maximum\":1000,\"multipleOf\":0.25}")
        .contains("\"kind\":{\"const\":\"task\"}")
        .contains(
            "\"meta\":{\"type\":\"object\",\"properties\":{},"
                + "\"additionalProperties\":{\"type\":\"string\"}}");
    assertThat(parameters.get("issues_update"))
        .contains(
            "\"title\":{\"description\":\"The title of the issue.\",\"oneOf\":["
                + "{\"type\":\"string\"},{\"type\":\"integer\"},{\"type\":\"null\"}]}")
        .contains("\"description\":{\"type\":[\"string\",\"null\"]}");
  }

  @Test
  void theSameTreeRendersTheSameBytes() throws Exception {
    assertThat(ToolSchemas.toJson(nested())).isEqualTo(ToolSchemas.toJson(nested()));
  }

  private static Map<String, String> parameters(ActionSet<?> set) {
    Map<String, String> out = new java.util.HashMap<>();
    for (ToolDeclaration d : ToolSchemas.declarations(set)) {
      out.put(d.name(), d.parametersJson());
    }
    return out;
  }
}
