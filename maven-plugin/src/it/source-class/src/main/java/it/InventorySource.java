package it;

import dev.agentkit.contract.Op;
import dev.agentkit.contract.Contract;
import dev.agentkit.source.ContractSource;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import java.util.List;

/** A contract served by code in the project, as a backend RPC client would. */
public class InventorySource implements ContractSource {
  @Override
  public Contract fetch() {
    return Contract.of(
        "inventory",
        List.of(
            Op.builder("restock_item")
                .description("Order more of an item.")
                .objectType("item")
                .tier(Tier.EXTERNAL_REVERSIBLE)
                .operand(Operand.requiredString("item_id", "The item."))
                .operand(Operand.of("quantity", OperandType.NUMBER).withRequired(true))
                .build()));
  }

  @Override
  public String describe() {
    return "it.InventorySource";
  }
}
