package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agentkit.testing.BaseDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Any schema tree, whatever its strings, is written, read back equal with the same digest, written
 * again to the same bytes, and agrees with the snapshot's JSON Schema as a real validator reads it.
 */
class SnapshotTreePropertyTest {
  private static com.networknt.schema.Schema validator;
  private static final tools.jackson.databind.ObjectMapper EXACT =
      tools.jackson.databind.json.JsonMapper.builder()
          .enable(tools.jackson.databind.DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
          .build();

  @BeforeContainer
  static void readTheSchema() throws IOException {
    String schema =
        Files.readString(BaseDir.resolve("..", "contract-snapshots", "snapshot.schema.json"));
    validator =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(schema, InputFormat.JSON);
  }

  @Property(tries = 300)
  void everyTreeRoundTrips(@ForAll("operands") List<Operand> operands) throws Exception {
    Contract c =
        Contract.of(
            "trees",
            "http://backend/contract",
            List.of(
                Op.builder("op")
                    .description("d")
                    .tier(Tier.REVERSIBLE)
                    .operands(operands)
                    .build()));
    assertThat(c.problems()).isEmpty();
    String text = ContractSnapshot.write(c);

    Contract read;
    try {
      read = ContractSnapshot.parse(text.getBytes(StandardCharsets.UTF_8), "memory");
    } catch (ContractFormatException e) {
      throw new AssertionError(e.getMessage() + " reading\n" + text, e);
    }

    List<Operand> back = read.ops().get(0).operands();
    for (int i = 0; i < operands.size(); i++) {
      assertThat(back.get(i))
          .as("operand %d of\n%s", i, text)
          .isEqualTo(c.ops().get(0).operands().get(i));
    }
    assertThat(read.ops()).isEqualTo(c.ops());
    assertThat(read.digest()).isEqualTo(c.digest());
    assertThat(ContractSnapshot.write(read)).isEqualTo(text);
    // Read exactly: as doubles, 1e400 would be infinity to the validator.
    assertThat(validator.validate(EXACT.readTree(text))).as(text).isEmpty();
  }

  @Provide
  Arbitrary<List<Operand>> operands() {
    return TreeArbitraries.operands();
  }
}
