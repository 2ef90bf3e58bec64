package dev.agentkit.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentkit.ActionSet;
import dev.agentkit.tool.NestedContract;
import dev.agentkit.tool.ToolCallGuard;
import dev.agentkit.tool.ToolDeclaration;
import dev.agentkit.tool.ToolSchemas;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Nested operands reach a LangChain4j model whole: server-memory's {@code create_entities} as typed
 * elements (a list of objects with a list inside), and what typed elements cannot say (a union,
 * bounds, a default, a const, null allowed) as the node's own JSON Schema; what LangChain4j sends
 * the model is what {@link ToolSchemas} wrote, but for the two keywords the descriptions already
 * say.
 */
class NestedSpecificationsTest {
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

  static ActionSet<Object> nested() throws Exception {
    return NestedContract.actions();
  }

  @Test
  void createEntitiesIsTypedAllTheWayDown() throws Exception {
    ToolSpecification spec = spec("create_entities");
    JsonArraySchema entities = (JsonArraySchema) spec.parameters().properties().get("entities");
    JsonObjectSchema entity = (JsonObjectSchema) entities.items();

    assertThat(entity.properties().keySet()).containsExactly("name", "entityType", "observations");
    assertThat(entity.required()).containsExactly("name", "entityType", "observations");
    assertThat(entity.additionalProperties()).isFalse();
    assertThat(entity.properties().get("observations")).isInstanceOf(JsonArraySchema.class);
  }

  @Test
  void whatTypedElementsCannotSayGoesAsItsSchema() throws Exception {
    ToolSpecification update = spec("issues_update");
    ToolSpecification task = spec("create_task");

    assertThat(update.parameters().properties().get("title"))
        .isEqualTo(
            JsonRawSchema.from(
                "{\"description\":\"The title of the issue.\",\"oneOf\":[{\"type\":\"string\"},"
                    + "{\"type\":\"integer\"},{\"type\":\"null\"}]}"));
    assertThat(task.parameters().properties().get("estimate"))
        .isEqualTo(
            JsonRawSchema.from(
                "{\"type\":\"number\",\"description\":\"Hours.\",\"exclusiveMinimum\":0,"
                    + "\"maximum\":1000,\"multipleOf\":0.25}"));
  }

  @Test
  void whatLangChain4jSendsIsWhatToolSchemasWrote() throws Exception {
    for (ToolDeclaration d : ToolSchemas.declarations(nested())) {
      JsonNode sent =
          JSON.valueToTree(JsonSchemaElementUtils.toMap(Specifications.of(d).parameters()));
      JsonNode written = JSON.readTree(d.parametersJson());

      assertThat(withoutHinted(sent)).as(d.name()).isEqualTo(withoutHinted(written));
    }
  }

  /**
   * The tree without the keywords a typed string drops (a date's format, a media type), and without
   * a boolean {@code additionalProperties}, which LangChain4j's own serialisation writes only in
   * strict mode, whatever the element says ({@link ToolCallGuard} refuses an unknown property
   * either way).
   */
  private static JsonNode withoutHinted(JsonNode node) {
    if (node.isObject()) {
      ObjectNode copy = JSON.createObjectNode();
      node.fields()
          .forEachRemaining(
              e -> {
                boolean hinted =
                    e.getKey().equals("contentMediaType")
                        || e.getKey().equals("additionalProperties") && e.getValue().isBoolean()
                        || e.getKey().equals("format")
                            && Set.of("date", "date-time").contains(e.getValue().asText());
                if (!hinted) {
                  copy.set(e.getKey(), withoutHinted(e.getValue()));
                }
              });
      return copy;
    }
    if (node.isArray()) {
      var copy = JSON.createArrayNode();
      node.forEach(v -> copy.add(withoutHinted(v)));
      return copy;
    }
    return node;
  }

  private static ToolSpecification spec(String name) throws Exception {
    for (ToolSpecification s : Specifications.of(nested())) {
      if (s.name().equals(name)) {
        return s;
      }
    }
    throw new AssertionError("no tool " + name);
  }
}
