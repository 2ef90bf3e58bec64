package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Any schema tree, whatever its strings, is written, read back equal with the same digest, written
 * again to the same bytes, and agrees with the snapshot's JSON Schema as a real validator reads it.
 */
class SnapshotTreePropertyTest {
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
    SnapshotSchemaCheck.assertValid(text);
  }

  @Provide
  Arbitrary<List<Operand>> operands() {
    return TreeArbitraries.operands();
  }
}
