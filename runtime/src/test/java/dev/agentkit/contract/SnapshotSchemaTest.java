package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.agentkit.internal.text.ContractName;
import dev.agentkit.internal.text.Names;
import dev.agentkit.testing.BaseDir;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The JSON Schema of the snapshot format says what the writer writes and the reader reads. */
class SnapshotSchemaTest {
  static Map<String, Object> schema;

  @BeforeAll
  static void readSchema() throws IOException {
    // The schema sits beside the runtime module, with the committed snapshots.
    byte[] json =
        Files.readAllBytes(BaseDir.resolve("..", "contract-snapshots", "snapshot.schema.json"));
    try (JsonParser p = new JsonFactory().createParser(json)) {
      p.nextToken();
      schema = object(p);
    }
  }

  @Test
  void itIsDraft2020_12() {
    assertThat(schema.get("$schema")).isEqualTo("https://json-schema.org/draft/2020-12/schema");
  }

  @Test
  void everyObjectListsExactlyTheKeysTheWriterWritesAllRequired() {
    assertThat(schema.get("additionalProperties")).isEqualTo(false);
    assertThat(schema.get("required"))
        .isEqualTo(List.of("format", "contract", "source", "digest", "ops"));
    // tiers, the user's tier overrides, is written only when there are any; document only when
    // the source recorded the document it read.
    assertThat(properties(schema).keySet())
        .containsExactly("format", "contract", "source", "digest", "ops", "tiers", "document");
    @SuppressWarnings("unchecked")
    Map<String, Object> document = (Map<String, Object>) properties(schema).get("document");
    assertKeys(document, "digest", "mapping");
    assertThat(properties(definition("tierOverride")).keySet())
        .containsExactly("opcode", "pattern", "tier", "reason");
    assertKeys(definition("op"), "opcode", "description", "object_type", "tier", "operands");
    Map<String, Object> operand = definition("operand");
    assertThat(operand.get("additionalProperties")).isEqualTo(false);
    assertThat(operand.get("required"))
        .isEqualTo(List.of("name", "description", "type", "required", "list", "enum"));
    List<String> keys =
        new ArrayList<>(List.of("name", "description", "type", "required", "list", "enum"));
    keys.addAll(SchemaJson.EXTRA_KEYS);
    assertThat(properties(operand).keySet()).containsExactlyElementsOf(keys);
    Map<String, Object> node = definition("node");
    assertThat(node.get("required")).isEqualTo(List.of("type"));
    List<String> nodeKeys = new ArrayList<>(List.of("type", "description", "enum"));
    nodeKeys.addAll(SchemaJson.EXTRA_KEYS);
    assertThat(properties(node).keySet()).containsExactlyElementsOf(nodeKeys);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> properties(Map<String, Object> object) {
    return (Map<String, Object>) object.get("properties");
  }

  @Test
  void theEnumsAreTheCanonicalNames() {
    assertThat(known(property(definition("op"), "tier")).get("enum"))
        .isEqualTo(Names.wireNames(Tier.values(), Tier::wireName));
    List<String> types =
        new ArrayList<>(Names.wireNames(OperandType.values(), OperandType::wireName));
    types.remove(OperandType.OPAQUE.wireName());
    assertThat(known(property(definition("operand"), "type")).get("enum")).isEqualTo(types);
    assertThat(known(property(definition("node"), "type")).get("enum")).isEqualTo(types);
    assertThat(property(schema, "format").get("const")).isEqualTo((long) SnapshotWriter.FORMAT);
  }

  /**
   * The first choice of a tier's or type's {@code anyOf}: the names this version knows; the second
   * admits any other non-blank name, which a newer backend may serve (read as irreversible, or kept
   * as an opaque type).
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> known(Map<String, Object> property) {
    List<Object> anyOf = (List<Object>) property.get("anyOf");
    assertThat(anyOf).hasSize(2);
    assertThat(((Map<String, Object>) anyOf.get(1)).get("type")).isEqualTo("string");
    return (Map<String, Object>) anyOf.get(0);
  }

  @Test
  void thePatternsAgreeWithTheCode() {
    Pattern digest = Pattern.compile((String) property(schema, "digest").get("pattern"));
    assertThat(digest.matcher(SnapshotWriterTest.SMALL.digest()).matches()).isTrue();
    Pattern name = Pattern.compile((String) property(schema, "contract").get("pattern"));
    for (String candidate :
        List.of(
            "taskboard",
            "a",
            "task-board_2",
            "a".repeat(64),
            "a".repeat(65),
            "",
            "9a",
            "A",
            "task board",
            "-a",
            "é")) {
      assertThat(name.matcher(candidate).matches())
          .as(candidate)
          .isEqualTo(ContractName.problems(candidate).isEmpty());
    }
  }

  private static void assertKeys(Map<String, Object> object, String... keys) {
    assertThat(object.get("additionalProperties")).isEqualTo(false);
    assertThat(object.get("required")).isEqualTo(List.of(keys));
    @SuppressWarnings("unchecked")
    Map<String, Object> properties = (Map<String, Object>) object.get("properties");
    assertThat(properties.keySet()).containsExactly(keys);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> definition(String name) {
    return (Map<String, Object>) ((Map<String, Object>) schema.get("$defs")).get(name);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> property(Map<String, Object> object, String name) {
    return (Map<String, Object>) ((Map<String, Object>) object.get("properties")).get(name);
  }

  private static Map<String, Object> object(JsonParser p) throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    String key;
    while ((key = p.nextFieldName()) != null) {
      p.nextToken();
      out.put(key, value(p));
    }
    return out;
  }

  private static Object value(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    switch (t) {
      case START_OBJECT:
        return object(p);
      case START_ARRAY:
        List<Object> list = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
          list.add(value(p));
        }
        return list;
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
        return p.getLongValue();
      case VALUE_TRUE:
        return true;
      case VALUE_FALSE:
        return false;
      default:
        return null;
    }
  }
}
