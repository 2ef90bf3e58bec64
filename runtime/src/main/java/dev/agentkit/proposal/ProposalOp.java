package dev.agentkit.proposal;

import dev.agentkit.Call;
import dev.agentkit.contract.Op;
import java.util.Objects;

/**
 * One op of a proposal: the call the user approves, bound to the op it was verified against.
 *
 * @param call the call: opcode, arguments, and the operands left for the user to fill; bound
 */
public record ProposalOp(Call call) {

  /** Checks the call is present and bound. */
  public ProposalOp {
    Objects.requireNonNull(call, "call");
    if (!call.isBound()) {
      throw new IllegalArgumentException(
          "the call to \""
              + call.opcode()
              + "\" is not verified: a proposal holds calls an ActionSet verified"
              + " (ActionSet.verified)");
    }
  }

  /** The opcode. */
  public String opcode() {
    return call.opcode();
  }

  /** The op the call was verified against. */
  public Op op() {
    return call.op();
  }
}
