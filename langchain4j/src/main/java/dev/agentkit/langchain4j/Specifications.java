package dev.agentkit.langchain4j;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentkit.ActionSet;
import dev.agentkit.tool.ToolDeclaration;
import dev.agentkit.tool.ToolSchemas;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns the tool declarations {@link ToolSchemas} writes into LangChain4j tool specifications.
 *
 * <p>This is a translation of one schema into another object model, not a second schema: which
 * operand becomes which type, the hints in the descriptions, the operand order and the required
 * list are all decided once, by {@link ToolSchemas}. Two keywords have no LangChain4j counterpart
 * and are dropped: {@code format} (a date's {@code date-time}; the description already says how to
 * write a date) and {@code contentMediaType} (a structured operand's; the description already says
 * it holds JSON).
 */
final class Specifications {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Specifications() {}

  /** One specification per act of the set, sorted by name, as {@link ToolSchemas} sorts them. */
  static List<ToolSpecification> of(ActionSet<?> actions) {
    List<ToolSpecification> out = new ArrayList<>();
    for (ToolDeclaration d : ToolSchemas.declarations(actions)) {
      out.add(of(d));
    }
    return List.copyOf(out);
  }

  static ToolSpecification of(ToolDeclaration declaration) {
    JsonNode parameters;
    try {
      parameters = JSON.readTree(declaration.parametersJson());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "the tool schema of " + declaration.name() + " is not JSON: " + e.getOriginalMessage(),
          e);
    }
    return ToolSpecification.builder()
        .name(declaration.name())
        .description(declaration.description())
        .parameters(object(declaration.name(), parameters))
        .build();
  }

  private static JsonObjectSchema object(String tool, JsonNode node) {
    JsonObjectSchema.Builder b = JsonObjectSchema.builder().description(text(node, "description"));
    // Fields come back in the order they were written: the contract's operand order.
    for (Map.Entry<String, JsonNode> p : node.path("properties").properties()) {
      b.addProperty(p.getKey(), element(tool + "." + p.getKey(), p.getValue()));
    }
    List<String> required = new ArrayList<>();
    for (JsonNode r : node.path("required")) {
      required.add(r.asText());
    }
    b.required(required);
    if (node.has("additionalProperties")) {
      b.additionalProperties(node.get("additionalProperties").asBoolean());
    }
    return b.build();
  }

  private static JsonSchemaElement element(String where, JsonNode node) {
    String description = text(node, "description");
    if (node.has("enum")) {
      List<String> values = new ArrayList<>();
      for (JsonNode v : node.get("enum")) {
        values.add(v.asText());
      }
      return JsonEnumSchema.builder().description(description).enumValues(values).build();
    }
    String type = text(node, "type");
    return switch (type == null ? "" : type) {
      case "string" -> JsonStringSchema.builder().description(description).build();
      case "number" -> JsonNumberSchema.builder().description(description).build();
      case "integer" -> JsonIntegerSchema.builder().description(description).build();
      case "boolean" -> JsonBooleanSchema.builder().description(description).build();
      case "array" ->
          JsonArraySchema.builder()
              .description(description)
              .items(element(where + "[]", node.path("items")))
              .build();
      default ->
          throw new IllegalStateException(
              "the tool schema of "
                  + where
                  + " has type \""
                  + type
                  + "\", which has no LangChain4j schema; ToolSchemas and this adapter disagree");
    };
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }
}
