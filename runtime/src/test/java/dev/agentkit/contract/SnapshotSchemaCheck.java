package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agentkit.testing.BaseDir;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** The snapshot's JSON Schema ({@code contract-snapshots/snapshot.schema.json}) as a validator. */
final class SnapshotSchemaCheck {
  // Read exactly: as doubles, 1e400 would be infinity to the validator.
  private static final ObjectMapper EXACT =
      JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
  private static final Schema VALIDATOR = read();

  private SnapshotSchemaCheck() {}

  /** Fails unless the snapshot text agrees with the schema, naming the text. */
  static void assertValid(String text) {
    assertThat(VALIDATOR.validate(EXACT.readTree(text))).as(text).isEmpty();
  }

  private static Schema read() {
    try {
      String schema =
          Files.readString(BaseDir.resolve("..", "contract-snapshots", "snapshot.schema.json"));
      return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
          .getSchema(schema, InputFormat.JSON);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
