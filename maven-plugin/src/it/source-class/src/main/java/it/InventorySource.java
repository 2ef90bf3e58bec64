package it;

import dev.agentkit.Action;
import dev.agentkit.Contract;
import dev.agentkit.ContractSource;
import dev.agentkit.Operand;
import dev.agentkit.OperandType;
import dev.agentkit.Tier;
import java.util.List;

/** A contract served by code in the project, as a backend RPC client would. */
public class InventorySource implements ContractSource {
  @Override
  public Contract fetch() {
    return Contract.of(
        "inventory",
        List.of(
            Action.builder("restock_item")
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
