package dev.agentkit.benchmarks;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * A synthetic OpenAPI 3.0 document (JSON) of the shape real services publish: resources with a
 * collection path and an item path, each operation with path and query parameters and, for writes,
 * a JSON body referencing a component schema with string, integer, number, boolean, date, enum and
 * list properties. Generated from a seed, so every fork reads the same bytes.
 */
final class OpenApiDocument {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] NOUNS = {
    "task", "project", "sprint", "label", "comment", "milestone", "board", "user", "team", "epic"
  };

  private OpenApiDocument() {}

  /** The document's bytes, with {@code operations} operations (a multiple of five). */
  static byte[] generate(int operations, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    ObjectNode root = JSON.createObjectNode();
    root.put("openapi", "3.0.3");
    root.putObject("info").put("title", "Synthetic service").put("version", "1.0.0");
    ObjectNode paths = root.putObject("paths");
    ObjectNode schemas = root.putObject("components").putObject("schemas");
    for (int r = 0; r < operations / 5; r++) {
      String noun = NOUNS[r % NOUNS.length] + (r / NOUNS.length);
      String schema = Character.toUpperCase(noun.charAt(0)) + noun.substring(1);
      schemas.set(schema, bodySchema(random));
      ObjectNode collection = paths.putObject("/" + noun + "s");
      collection.set("get", operation("list_" + noun, "Lists the " + noun + "s", random, null));
      collection.set("post", operation("create_" + noun, "Creates a " + noun, random, schema));
      ObjectNode item = paths.putObject("/" + noun + "s/{id}");
      item.putArray("parameters").add(parameter("id", "path", true, "string"));
      item.set("get", operation("get_" + noun, "Shows one " + noun, random, null));
      item.set("patch", operation("update_" + noun, "Changes a " + noun, random, schema));
      ObjectNode delete = operation("delete_" + noun, "Deletes a " + noun, random, null);
      if (r % 3 == 0) {
        delete.put("x-agentkit-tier", "external_reversible");
      }
      item.set("delete", delete);
    }
    try {
      return JSON.writerWithDefaultPrettyPrinter()
          .writeValueAsString(root)
          .getBytes(StandardCharsets.UTF_8);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static ObjectNode operation(
      String id, String summary, SplittableRandom random, String bodySchema) {
    ObjectNode op = JSON.createObjectNode();
    op.put("operationId", id);
    op.put("summary", summary);
    op.put("description", summary + ", as the backend's documentation explains at some length.");
    ArrayNode parameters = op.putArray("parameters");
    for (int i = 0; i < 1 + random.nextInt(3); i++) {
      parameters.add(parameter("q" + i, "query", random.nextInt(4) == 0, "string"));
    }
    if (bodySchema != null) {
      op.putObject("requestBody")
          .put("required", true)
          .putObject("content")
          .putObject("application/json")
          .putObject("schema")
          .put("$ref", "#/components/schemas/" + bodySchema);
    }
    op.putObject("responses").putObject("200").put("description", "done");
    return op;
  }

  private static ObjectNode parameter(String name, String in, boolean required, String type) {
    ObjectNode p = JSON.createObjectNode();
    p.put("name", name).put("in", in).put("required", required);
    p.put("description", "The " + name + " of the request");
    p.putObject("schema").put("type", type);
    return p;
  }

  private static ObjectNode bodySchema(SplittableRandom random) {
    ObjectNode schema = JSON.createObjectNode();
    schema.put("type", "object");
    ArrayNode required = schema.putArray("required");
    ObjectNode properties = schema.putObject("properties");
    int count = 3 + random.nextInt(5);
    for (int i = 0; i < count; i++) {
      String name = String.format(Locale.ROOT, "field_%d", i);
      ObjectNode p = properties.putObject(name);
      p.put("description", "The " + name + " of the object");
      switch (random.nextInt(7)) {
        case 0 -> p.put("type", "integer");
        case 1 -> p.put("type", "number");
        case 2 -> p.put("type", "boolean");
        case 3 -> p.put("type", "string").put("format", "date");
        case 4 -> {
          p.put("type", "string");
          ArrayNode values = p.putArray("enum");
          for (int v = 0; v < 2 + random.nextInt(5); v++) {
            values.add("value_" + v);
          }
        }
        case 5 -> p.put("type", "array").putObject("items").put("type", "string");
        default -> p.put("type", "string");
      }
      if (random.nextBoolean()) {
        required.add(name);
      }
    }
    return schema;
  }
}
