package dev.agentkit.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Tier;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An op compiled into wiring as snapshot text reads back as the op the snapshot held. */
class CompiledOpsTest {
  private static Op op(String opcode) {
    Schema entity =
        Schema.ObjectSchema.of(
            List.of(Operand.requiredString("name", ""), Operand.of("n", OperandType.NUMBER)));
    return Op.builder(opcode)
        .description("d")
        .tier(Tier.REVERSIBLE)
        .operand(new Operand("entities", "", true, Schema.ArraySchema.of(entity)))
        .build();
  }

  @Test
  void theOpOfASnapshotOfOneOpReadsBackEqual() {
    Op op = op("create_entities");
    assertThat(CompiledOps.read(ContractSnapshot.write(Contract.of("c", List.of(op)))))
        .isEqualTo(op);
  }

  @Test
  void aTextThatIsNoSuchSnapshotSaysToUseOneVersion() {
    assertThatThrownBy(() -> CompiledOps.read("{\"format\":99}"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "the wiring's compiled-in op cannot be read by this agentkit runtime, which is older"
                + " than the processor that compiled it; use the same agentkit version for both (");
    String two = ContractSnapshot.write(Contract.of("c", List.of(op("a"), op("b"))));
    assertThatThrownBy(() -> CompiledOps.read(two))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("a compiled-in snapshot holds 2 ops, not one");
  }
}
