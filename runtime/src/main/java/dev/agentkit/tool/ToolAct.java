package dev.agentkit.tool;

import dev.agentkit.ActionSet;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** A bound op as a tool: the op, and which of its operands the agent says are JSON. */
record ToolAct(Op op, List<String> structured) {

  /** Every act of the set, sorted by opcode. */
  static List<ToolAct> sorted(ActionSet<?> actions) {
    List<ToolAct> acts = new ArrayList<>();
    for (Op op : actions.ops()) {
      acts.add(of(actions, op));
    }
    acts.sort(Comparator.comparing(ToolAct::opcode));
    return acts;
  }

  /** The act named {@code opcode}, if the set has it. */
  static Optional<ToolAct> lookup(ActionSet<?> actions, String opcode) {
    return actions.op(opcode).map(op -> of(actions, op));
  }

  private static ToolAct of(ActionSet<?> actions, Op op) {
    return new ToolAct(op, actions.premise(op.opcode()).map(p -> p.structured()).orElse(List.of()));
  }

  String opcode() {
    return op.opcode();
  }

  String description() {
    return op.description();
  }

  List<Operand> operands() {
    return op.operands();
  }

  Optional<Operand> operand(String name) {
    return op.operand(name);
  }
}
