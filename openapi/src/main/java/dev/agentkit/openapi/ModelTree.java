package dev.agentkit.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Cuts a document's tree down to what {@link OpenApiReader} reads from swagger-parser's model:
 * paths, their operations (operationId, summary, description, extensions, parameters, request
 * body), and the parameters and request bodies components declare. Everything else, which is most
 * of a large document (GitHub's responses, response schemas and examples), is read from the
 * document as written, where it is read at all; the parser's model of it would only be thrown away.
 * Each operation keeps an empty {@code responses}, so the parser finds every key it expects and
 * says nothing it would not say of the whole document.
 */
final class ModelTree {
  /** The keys of {@code components} the model is read for. */
  private static final Set<String> COMPONENTS = Set.of("parameters", "requestBodies", "pathItems");

  /** The keys of an operation the model has no use for, emptied. */
  private static final List<String> OPERATION_PARTS = List.of("responses", "callbacks");

  private ModelTree() {}

  /** Prunes the tree in place; the caller has read what it needs of the whole of it already. */
  static void prune(JsonNode root) {
    if (!(root instanceof ObjectNode document)) {
      return;
    }
    document.remove("webhooks");
    if (document.get("components") instanceof ObjectNode components) {
      components.retain(COMPONENTS);
    }
    if (document.get("paths") instanceof ObjectNode paths) {
      for (Map.Entry<String, JsonNode> path : paths.properties()) {
        if (path.getValue() instanceof ObjectNode item) {
          for (Map.Entry<String, JsonNode> operation : item.properties()) {
            if (operation.getValue() instanceof ObjectNode op) {
              emptied(op);
            }
          }
        }
      }
    }
  }

  private static void emptied(ObjectNode operation) {
    for (String part : OPERATION_PARTS) {
      if (operation.get(part) instanceof ObjectNode) {
        operation.set(part, operation.objectNode());
      }
    }
  }
}
