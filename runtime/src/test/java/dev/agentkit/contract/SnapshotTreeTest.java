package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.testing.BaseDir;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Format 2: operands whose schema is a tree are written with format 1's keys plus the tree's, read
 * back equal, digested stably, and agree with {@code contract-snapshots/snapshot.schema.json} as a
 * real JSON Schema validator reads it.
 */
class SnapshotTreeTest {
  /** server-memory's create_entities: a list of objects with a list of strings inside. */
  static final Op CREATE_ENTITIES =
      Op.builder("create_entities")
          .description("Create entities in the knowledge graph.")
          .tier(Tier.REVERSIBLE)
          .operand(
              new Operand(
                  "entities",
                  "The entities to create.",
                  true,
                  ArraySchema.of(
                      new ObjectSchema(
                          Facets.NONE,
                          List.of(
                              Operand.requiredString("name", "The entity's name."),
                              Operand.requiredString("entityType", "Its type."),
                              new Operand(
                                  "observations",
                                  "What is known of it.",
                                  true,
                                  ArraySchema.of(Schema.string()))),
                          true,
                          null))))
          .build();

  /** A bounded count, a union widened from a string, a constant and a date-time. */
  static final Op SEARCH =
      Op.builder("search")
          .description("Search issues.")
          .tier(Tier.READ_ONLY)
          .operand(
              new Operand(
                  "count",
                  "How many.",
                  false,
                  new NumberSchema(
                      new Facets("", "10", false),
                      true,
                      new Bound(BigDecimal.ONE, false),
                      new Bound(BigDecimal.TEN, false),
                      null)))
          .operand(
              new Operand(
                  "assignees",
                  "",
                  false,
                  ArraySchema.of(
                      new UnionSchema(
                          Facets.NONE,
                          true,
                          List.of(
                              Schema.string(),
                              ObjectSchema.of(List.of(Operand.requiredString("login", ""))))))))
          .operand(new Operand("kind", "", true, new ConstSchema(Facets.NONE, "\"issue\"")))
          .operand(new Operand("since", "", false, new DateSchema(Facets.NONE, "date-time")))
          .operand(
              new Operand(
                  "title",
                  "",
                  false,
                  new StringSchema(new Facets("", "", true), "", 1, 256, "^[^\\n]*$")))
          .operand(
              new Operand(
                  "weight",
                  "",
                  false,
                  new EnumSchema(Facets.NONE, List.of("1", "2", "3"), OperandType.INTEGER)))
          .build();

  static final Contract TREES =
      Contract.of("trees", "http://backend/contract", List.of(CREATE_ENTITIES, SEARCH));

  @Test
  void aTreeIsWrittenWithFormatOnesKeysThenItsOwn() {
    String text = ContractSnapshot.write(Contract.of("trees", List.of(CREATE_ENTITIES)));
    assertThat(text)
        .contains(
            """
                    {
                      "name": "entities",
                      "description": "The entities to create.",
                      "type": "object",
                      "required": true,
                      "list": true,
                      "enum": [],
                      "properties": [
                        {
                          "name": "name",
                          "description": "The entity's name.",
                          "type": "string",
                          "required": true,
                          "list": false,
                          "enum": []
                        },
            """)
        .contains(
            """
                        {
                          "name": "observations",
                          "description": "What is known of it.",
                          "type": "string",
                          "required": true,
                          "list": true,
                          "enum": []
                        }
                      ],
                      "additionalProperties": false
                    }
            """);
  }

  @Test
  void everyTreeReadsBackEqualWithTheSameDigest() throws ContractFormatException {
    String text = ContractSnapshot.write(TREES);
    Contract read = ContractSnapshot.parse(text.getBytes(StandardCharsets.UTF_8), "memory");
    assertThat(read.ops()).isEqualTo(TREES.ops());
    assertThat(read.digest()).isEqualTo(TREES.digest());
    assertThat(ContractSnapshot.write(read)).isEqualTo(text);
  }

  @Test
  void aFlatOpHasTheDigestFormatOneGaveIt() throws Exception {
    // The committed snapshots hold trees (create_task.checklist; over MCP also publish_goal's
    // target), which format 1 cannot say: their flat ops, written alone, must read and digest in
    // format 1 exactly as in format 2.
    for (String name : List.of("taskboard.json", "taskboard-mcp.json")) {
      String committed =
          Files.readString(
              BaseDir.resolve("..", "contract-snapshots", name), StandardCharsets.UTF_8);
      String stated = committed.replaceAll("(?s).*\"digest\": \"([^\"]+)\".*", "$1");
      Contract two = ContractSnapshot.parse(committed.getBytes(StandardCharsets.UTF_8), name);
      assertThat(two.digest()).isEqualTo(stated);

      List<Op> flatOps =
          two.ops().stream()
              .filter(op -> op.operands().stream().allMatch(Operand::isFlat))
              .toList();
      assertThat(flatOps).hasSizeGreaterThan(10).hasSizeLessThan(two.ops().size());
      Contract flat = Contract.of(two.name(), two.source(), flatOps);
      String text = ContractSnapshot.write(flat);
      String formatOne = text.replaceFirst("\"format\": 2,", "\"format\": 1,");
      assertThat(formatOne).isNotEqualTo(text);

      Contract one = ContractSnapshot.parse(formatOne.getBytes(StandardCharsets.UTF_8), name);
      assertThat(one.digest()).isEqualTo(flat.digest());
      assertThat(one.ops()).isEqualTo(flatOps);
      assertThat(ContractSnapshot.write(one)).isEqualTo(text);
    }
  }

  @Test
  void whatIsWrittenAgreesWithTheSnapshotSchema() throws Exception {
    String schema =
        Files.readString(BaseDir.resolve("..", "contract-snapshots", "snapshot.schema.json"));
    var validator =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(schema, InputFormat.JSON);
    assertThat(validator.validate(ContractSnapshot.write(TREES), InputFormat.JSON)).isEmpty();
    assertThat(
            validator.validate(ContractSnapshot.write(SnapshotWriterTest.SMALL), InputFormat.JSON))
        .isEmpty();
    String tiers =
        ContractSnapshot.write(
            TierOverrideTest.GITHUB.withTiers(
                java.util.List.of(
                    TierOverride.forOpcode("pulls/merge", Tier.IRREVERSIBLE),
                    TierOverride.forPattern("repos/*", Tier.REVERSIBLE).because("restorable"))));
    assertThat(validator.validate(tiers, InputFormat.JSON)).isEmpty();
    assertThat(
            validator.validate(
                tiers.replace("\"opcode\": \"pulls", "\"op\": \"pulls"), InputFormat.JSON))
        .isNotEmpty();
    String wrong = ContractSnapshot.write(TREES).replace("\"minLength\": 1", "\"minLength\": -1");
    assertThat(validator.validate(wrong, InputFormat.JSON)).isNotEmpty();
  }

  @Test
  void aFormatOneSnapshotHasNoKeyOfATree() {
    String text =
        ContractSnapshot.write(Contract.of("trees", List.of(SEARCH)))
            .replace("\"format\": 2", "\"format\": 1");
    assertThatThrownBy(
            () -> ContractSnapshot.parse(text.getBytes(StandardCharsets.UTF_8), "memory"))
        .isInstanceOf(ContractFormatException.class)
        .hasMessageContaining("at $.ops[0].operands[0].default: ")
        .hasMessageContaining("unknown key \"default\"");
  }

  @Test
  void aKeyOnATypeThatDoesNotTakeItIsAnError() {
    String text =
        ContractSnapshot.write(Contract.of("trees", List.of(SEARCH)))
            .replace("\"default\": 10,", "\"default\": 10,\n      \"pattern\": \"x\",");
    assertThatThrownBy(
            () -> ContractSnapshot.parse(text.getBytes(StandardCharsets.UTF_8), "memory"))
        .isInstanceOf(ContractFormatException.class)
        .hasMessageContaining(
            "at $.ops[0].operands[0].pattern: pattern does not apply to type integer, which takes"
                + " exclusiveMaximum, exclusiveMinimum, maximum, minimum, multipleOf;");
  }

  @Test
  void anObjectWithoutPropertiesIsATypeThisVersionDoesNotKnow() throws ContractFormatException {
    Contract c =
        Contract.of(
            "t",
            List.of(
                Op.builder("x")
                    .tier(Tier.REVERSIBLE)
                    .operand(Operand.opaque("o", "object"))
                    .build()));
    Contract read =
        ContractSnapshot.parse(
            ContractSnapshot.write(c).getBytes(StandardCharsets.UTF_8), "memory");
    assertThat(read.ops().get(0).operands().get(0).schema())
        .isEqualTo(new Schema.OpaqueSchema(Facets.NONE, "object"));
    assertThat(read.digest()).isEqualTo(c.digest());
  }
}
