package dev.agentkit.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;

/**
 * The task board as an OpenAPI 3.1 document, which the backend serves at {@code GET /openapi.json}:
 * one operation per op, {@code POST /ops/<opcode>}, whose operationId is the opcode, summary its
 * description, {@code x-agentkit-tier} and {@code x-agentkit-object-type} its tier and object type,
 * and whose JSON request body is an object of its operands ({@link TaskboardSchemas}, nested ones
 * whole), required when an operand is. The backend applies such a request as {@code POST /apply}
 * ({@link TaskboardBackend#applyArguments}).
 */
final class TaskboardOpenApi {
  /** The path under which every operation is served: {@code /ops/<opcode>}. */
  static final String OPS = "/ops/";

  private TaskboardOpenApi() {}

  /** The document for this contract. */
  static JsonNode document(Contract contract) {
    ObjectNode root = TaskboardBackend.JSON.createObjectNode().put("openapi", "3.1.0");
    root.putObject("info").put("title", contract.name()).put("version", "1.0.0");
    ObjectNode paths = root.putObject("paths");
    for (Op op : contract.ops()) {
      paths.putObject(OPS + op.opcode()).set("post", operation(op));
    }
    return root;
  }

  private static ObjectNode operation(Op op) {
    ObjectNode operation =
        TaskboardBackend.JSON
            .createObjectNode()
            .put("operationId", op.opcode())
            .put("summary", op.description())
            .put("x-agentkit-tier", op.tier().wireName());
    if (!op.objectType().isEmpty()) {
      operation.put("x-agentkit-object-type", op.objectType());
    }
    if (!op.operands().isEmpty()) {
      ObjectNode body = operation.putObject("requestBody");
      body.put("required", op.operands().stream().anyMatch(o -> o.required()));
      body.putObject("content")
          .putObject("application/json")
          .set("schema", TaskboardBackend.JSON.valueToTree(TaskboardSchemas.operands(op)));
    }
    operation
        .putObject("responses")
        .putObject("200")
        .put("description", "Applied: {\"ok\": true}, and the new object's id as \"created\".");
    return operation;
  }
}
