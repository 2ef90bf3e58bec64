package dev.agentkit.proposal;

import dev.agentkit.Action;
import java.util.Objects;

/**
 * One op of a proposal: the call the user approves, and the declared act it was verified against.
 *
 * @param call the call: opcode, arguments, and the operands left for the user to fill
 * @param act the act the call's opcode names in the set it was verified against
 */
public record ProposalOp(Action call, Action act) {

  /** Checks both are present and name the same opcode. */
  public ProposalOp {
    Objects.requireNonNull(call, "call");
    Objects.requireNonNull(act, "act");
    if (!call.opcode().equals(act.opcode())) {
      throw new IllegalArgumentException(
          "the call is to \"" + call.opcode() + "\" but the act is \"" + act.opcode() + "\"");
    }
  }

  /** The opcode. */
  public String opcode() {
    return call.opcode();
  }

  /** The act carrying this call's arguments and user-fills, as run and ask handlers receive it. */
  public Action bound() {
    return act.withCall(call);
  }
}
