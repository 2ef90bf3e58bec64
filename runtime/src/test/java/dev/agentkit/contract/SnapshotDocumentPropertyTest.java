package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Whatever the contract and whatever document it was read from, the record of the document is
 * written, read back equal, agrees with the snapshot's JSON Schema, and leaves the contract's
 * digest and the rest of the text as they are without it.
 */
class SnapshotDocumentPropertyTest {
  @Property(tries = 200)
  void theRecordRoundTripsAndChangesNoDigest(
      @ForAll("operands") List<Operand> operands,
      @ForAll @Size(max = 64) byte[] document,
      @ForAll @IntRange(min = 0, max = 999_999_999) int version)
      throws Exception {
    Contract plain =
        Contract.of(
            "docs",
            "http://backend/openapi.json",
            List.of(
                Op.builder("op")
                    .description("d")
                    .tier(Tier.REVERSIBLE)
                    .operands(operands)
                    .build()));
    SourceDocument record = SourceDocument.of(document, "openapi/" + version);
    Contract recorded = plain.withDocument(record);

    String text = ContractSnapshot.write(recorded);
    Contract read = ContractSnapshot.parse(text.getBytes(StandardCharsets.UTF_8), "memory");

    assertThat(read.document()).contains(record);
    assertThat(read.digest()).isEqualTo(plain.digest());
    assertThat(read).isEqualTo(plain);
    assertThat(ContractSnapshot.write(read)).isEqualTo(text);
    assertThat(text).startsWith(ContractSnapshot.write(plain).replaceFirst("\n}\n$", ""));
    SnapshotSchemaCheck.assertValid(text);
  }

  @Provide
  Arbitrary<List<Operand>> operands() {
    return TreeArbitraries.operands();
  }
}
