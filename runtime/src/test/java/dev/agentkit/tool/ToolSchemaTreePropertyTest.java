package dev.agentkit.tool;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agentkit.ActionSet;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.contract.Tier;
import dev.agentkit.contract.TreeArbitraries;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Whatever the tree and its strings, the tool schema is a valid JSON Schema (draft 2020-12, checked
 * by a real validator against the meta-schema) and says the tree: at every object its properties in
 * the contract's order and its required ones, at every array its items, at every union each
 * alternative (and null when the union is nullable), at every enum each value.
 */
class ToolSchemaTreePropertyTest {
  private static com.networknt.schema.Schema metaSchema;
  // Read exactly: as doubles, a bound of 1E+400 would be infinity to the validator.
  private static final ObjectMapper JSON =
      JsonMapper.builder()
          .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .build();

  @BeforeContainer
  static void readTheMetaSchema() {
    metaSchema =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
  }

  @Property(tries = 300)
  void theToolSchemaIsAValidJsonSchemaThatSaysTheWholeTree(
      @ForAll("operands") List<Operand> operands) {
    Op op = Op.builder("op").description("d").tier(Tier.REVERSIBLE).operands(operands).build();
    ActionSet<Object> set =
        ActionSet.bind(
            Contract.of("c", List.of(op)),
            List.of(Use.<Object>of("op", ChangeCategory.MERGE).build()));

    String parameters = ToolSchemas.declarations(set).get(0).parametersJson();
    JsonNode schema = JSON.readTree(parameters);

    assertThat(metaSchema.validate(schema)).as(parameters).isEmpty();
    properties(operands, schema);
    assertThat(ToolSchemas.declarations(set).get(0).parametersJson()).isEqualTo(parameters);
  }

  private static void properties(List<Operand> properties, JsonNode object) {
    List<String> names = new ArrayList<>();
    object.path("properties").propertyNames().forEach(names::add);
    assertThat(names).containsExactlyElementsOf(properties.stream().map(Operand::name).toList());
    List<String> required = new ArrayList<>();
    object.path("required").forEach(r -> required.add(r.asString()));
    assertThat(required)
        .containsExactlyElementsOf(
            properties.stream().filter(Operand::required).map(Operand::name).toList());
    for (Operand p : properties) {
      node(p.schema(), object.path("properties").path(p.name()));
    }
  }

  private static void node(Schema s, JsonNode node) {
    assertThat(node.isObject()).as(node.toString()).isTrue();
    int nulls = s.facets().nullable() ? 1 : 0;
    if (s instanceof ObjectSchema o) {
      properties(o.properties(), node);
      if (o.additional() != null) {
        node(o.additional(), node.path("additionalProperties"));
      } else {
        assertThat(node.path("additionalProperties").isBoolean()).isEqualTo(o.closed());
      }
    } else if (s instanceof ArraySchema a) {
      node(a.items(), node.path("items"));
    } else if (s instanceof UnionSchema u) {
      JsonNode alternatives = node.path(u.oneOf() ? "oneOf" : "anyOf");
      assertThat(alternatives.size()).isEqualTo(u.alternatives().size() + nulls);
      for (int i = 0; i < u.alternatives().size(); i++) {
        node(u.alternatives().get(i), alternatives.get(i));
      }
    } else if (s instanceof EnumSchema e) {
      assertThat(node.path("enum").size()).isEqualTo(e.values().size() + nulls);
    }
    if (!s.facets().defaultJson().isEmpty()) {
      assertThat(node.has("default")).as(node.toString()).isTrue();
    }
  }

  @Provide
  Arbitrary<List<Operand>> operands() {
    return TreeArbitraries.operands();
  }
}
