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
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns the tool declarations {@link ToolSchemas} writes into LangChain4j tool specifications.
 *
 * <p>This is a translation of one schema into another object model, not a second schema: which
 * operand becomes which type, the hints in the descriptions, the operand order and the required
 * list are all decided once, by {@link ToolSchemas}. A node becomes LangChain4j's typed element
 * (string, number, integer, boolean, enum, array, object) when that element says all of it; any
 * other node (bounds, a default, a pattern, a union, a const, nullability, a value of any JSON) is
 * handed over as its JSON Schema ({@link JsonRawSchema}), so nothing the contract says is lost. Two
 * keywords are dropped, because the description already says them: a date's {@code format} and a
 * structured operand's {@code contentMediaType}.
 */
final class Specifications {
  // Numbers read exactly, so a bound such as 0.1 or 1E+400 reaches the model as the contract says.
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .enable(com.fasterxml.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .setNodeFactory(
              com.fasterxml.jackson.databind.node.JsonNodeFactory.withExactBigDecimals(true));

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

  private static boolean allText(JsonNode values) {
    for (JsonNode v : values) {
      if (!v.isTextual()) {
        return false;
      }
    }
    return true;
  }

  private static Iterable<String> iterable(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private static Iterable<JsonNode> iterableValues(JsonNode node) {
    List<JsonNode> values = new ArrayList<>();
    node.elements().forEachRemaining(values::add);
    return values;
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

  /**
   * A node as LangChain4j's typed element when that says all of it, else as the node's JSON Schema
   * itself ({@link JsonRawSchema}), which LangChain4j hands to the model as it is.
   */
  private static JsonSchemaElement element(String where, JsonNode node) {
    if (!typed(node)) {
      return JsonRawSchema.from(node.toString());
    }
    String description = text(node, "description");
    if (node.has("enum")) {
      List<String> values = new ArrayList<>();
      for (JsonNode v : node.get("enum")) {
        values.add(v.asText());
      }
      return JsonEnumSchema.builder().description(description).enumValues(values).build();
    }
    String type = text(node, "type");
    return switch (type) {
      case "string" -> JsonStringSchema.builder().description(description).build();
      case "number" -> JsonNumberSchema.builder().description(description).build();
      case "integer" -> JsonIntegerSchema.builder().description(description).build();
      case "boolean" -> JsonBooleanSchema.builder().description(description).build();
      case "array" ->
          JsonArraySchema.builder()
              .description(description)
              .items(element(where + "[]", node.path("items")))
              .build();
      default -> object(where, node);
    };
  }

  /** The keys each type's typed element holds; a node with any other key is written raw. */
  private static final Map<String, Set<String>> TYPED_KEYS =
      Map.of(
          "string", Set.of("type", "description", "enum", "format", "contentMediaType"),
          "number", Set.of("type", "description"),
          "integer", Set.of("type", "description"),
          "boolean", Set.of("type", "description"),
          "array", Set.of("type", "description", "items"),
          "object",
              Set.of("type", "description", "properties", "required", "additionalProperties"));

  /** The formats whose node's description already says how to write the value. */
  private static final Set<String> HINTED_FORMATS = Set.of("date", "date-time");

  /** Whether a LangChain4j typed element says the whole node, the nodes inside it included. */
  private static boolean typed(JsonNode node) {
    JsonNode type = node.get("type");
    Set<String> keys = type != null && type.isTextual() ? TYPED_KEYS.get(type.asText()) : null;
    if (keys == null) {
      return false;
    }
    for (String key : iterable(node)) {
      if (!keys.contains(key)) {
        return false;
      }
    }
    if (node.has("enum") && !allText(node.get("enum"))) {
      return false;
    }
    if (node.has("format") && !HINTED_FORMATS.contains(node.get("format").asText())) {
      return false;
    }
    if (node.has("additionalProperties") && !node.get("additionalProperties").isBoolean()) {
      return false;
    }
    if (node.has("items") && !typed(node.get("items"))) {
      return false;
    }
    for (JsonNode p : iterableValues(node.path("properties"))) {
      if (!typed(p)) {
        return false;
      }
    }
    return true;
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }
}
