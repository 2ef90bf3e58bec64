package dev.agentkit.examples;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.examples.TaskboardBackend.Rejected;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The backend's own reading of its nested operands: a nested operand's argument is its JSON, or a
 * string holding that JSON; {@code create_task.checklist} must be a JSON array of at most {@value
 * TaskboardContract#MAX_CHECKLIST_ITEMS} objects {@code {"text", "done"}}, each with a text of 1 to
 * {@value TaskboardContract#MAX_ITEM_TEXT} characters and, when given, {@code done} true or false.
 * A refusal is {@code 400 bad_checklist} naming the place: {@code create_task.checklist[1].text is
 * required}. The backend checks this itself, whatever its clients checked.
 */
final class TaskboardChecklist {
  private static final Set<String> FIELDS = Set.of("text", "done");

  private TaskboardChecklist() {}

  /** Whether the operand's value is JSON (an object, or a list of objects) rather than text. */
  static boolean isNested(Operand o) {
    return !o.valueSchema().type().isScalar();
  }

  /**
   * The JSON of a nested operand's argument, checked; null for {@code null}.
   *
   * @throws Rejected when it is no JSON, or no checklist for {@code create_task.checklist}
   */
  static JsonNode read(Op op, Operand o, JsonNode node) throws Rejected {
    String at = op.opcode() + "." + o.name();
    if (node.isNull()) {
      return null;
    }
    JsonNode value = node;
    if (node.isTextual()) {
      try {
        value = TaskboardBackend.JSON.readTree(node.asText());
      } catch (JsonProcessingException e) {
        throw bad(at + " is not JSON: send the list itself, or a string holding it");
      }
    }
    if (op.opcode().equals("create_task") && o.name().equals("checklist")) {
      check(at, value);
    }
    return value;
  }

  /** The items of a checked checklist, in order. */
  static List<TaskboardStore.ChecklistItem> items(JsonNode checklist) {
    List<TaskboardStore.ChecklistItem> out = new ArrayList<>();
    for (JsonNode item : checklist) {
      out.add(
          new TaskboardStore.ChecklistItem(
              item.path("text").asText(), item.path("done").asBoolean(false)));
    }
    return out;
  }

  private static void check(String at, JsonNode value) throws Rejected {
    if (!value.isArray()) {
      throw bad(at + " must be a JSON array of {\"text\", \"done\"} objects");
    }
    if (value.size() > TaskboardContract.MAX_CHECKLIST_ITEMS) {
      throw bad(
          at
              + " has "
              + value.size()
              + " items; a checklist holds at most "
              + TaskboardContract.MAX_CHECKLIST_ITEMS);
    }
    for (int i = 0; i < value.size(); i++) {
      item(at + "[" + i + "]", value.get(i));
    }
  }

  private static void item(String at, JsonNode item) throws Rejected {
    if (!item.isObject()) {
      throw bad(at + " must be an object {\"text\", \"done\"}");
    }
    for (Map.Entry<String, JsonNode> f : item.properties()) {
      if (!FIELDS.contains(f.getKey())) {
        throw bad(at + " has no field \"" + f.getKey() + "\"; an item has text and done");
      }
    }
    JsonNode text = item.path("text");
    if (text.isMissingNode() || text.isNull()) {
      throw bad(at + ".text is required");
    }
    String t = text.isTextual() ? text.asText() : "";
    int length = t.codePointCount(0, t.length());
    if (!text.isTextual() || length == 0 || length > TaskboardContract.MAX_ITEM_TEXT) {
      throw bad(
          at + ".text must be text of 1 to " + TaskboardContract.MAX_ITEM_TEXT + " characters");
    }
    JsonNode done = item.path("done");
    if (!done.isMissingNode() && !done.isNull() && !done.isBoolean()) {
      throw bad(at + ".done must be true or false");
    }
  }

  private static Rejected bad(String message) {
    return new Rejected(400, "bad_checklist", message);
  }
}
