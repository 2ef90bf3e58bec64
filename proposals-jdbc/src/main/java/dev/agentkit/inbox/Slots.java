package dev.agentkit.inbox;

import dev.agentkit.Call;
import dev.agentkit.internal.Choices;
import dev.agentkit.proposal.UserSlot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Fills a stored proposal's user-fill operands with the person's values: a given value wins, else
 * the agent's drafted default; a required slot left blank and a value for no slot are refused. Type
 * checks happen when the filled calls are verified against the live contract.
 */
final class Slots {
  private Slots() {}

  /** The filled calls, one per op, with no user-fills left. */
  static List<Call> fill(InboxEntry entry, Map<String, String> values) {
    List<String> problems = new ArrayList<>();
    Set<String> fillable = fillable(entry);
    for (String name : new TreeSet<>(values.keySet())) {
      if (!fillable.contains(name)) {
        problems.add(
            "the proposal has no slot \""
                + name
                + "\"; its slots are: "
                + Choices.listing(name, fillable));
      }
    }
    List<Call> out = new ArrayList<>();
    for (int i = 0; i < entry.ops().size(); i++) {
      out.add(fillOne(entry, i, values, problems));
    }
    if (!problems.isEmpty()) {
      throw new InboxException(
          InboxException.Kind.SLOT,
          "the proposal \""
              + entry.askKey()
              + "\" cannot be accepted with these slot values; it stays pending",
          problems,
          null);
    }
    return out;
  }

  /** Every operand a person may fill, sorted. */
  static Set<String> fillable(InboxEntry entry) {
    Set<String> names = new TreeSet<>();
    for (Call op : entry.ops()) {
      names.addAll(op.userFills());
    }
    return names;
  }

  private static Call fillOne(
      InboxEntry entry, int index, Map<String, String> values, List<String> problems) {
    Call op = entry.ops().get(index);
    Map<String, String> args = new LinkedHashMap<>(op.args());
    for (String operand : op.userFills()) {
      String given = values.get(operand);
      UserSlot slot = slot(entry, index, operand);
      if (given != null && !given.isBlank()) {
        args.put(operand, given.strip());
      } else if (slot != null && !slot.blankDefault()) {
        args.put(operand, slot.defaultValue());
      } else if (slot != null && slot.required()) {
        problems.add(
            "the slot \""
                + operand
                + "\" of op "
                + index
                + " ("
                + op.opcode()
                + ") is required and has no drafted value: give it a value");
      }
    }
    return Call.of(op.opcode(), args);
  }

  private static UserSlot slot(InboxEntry entry, int index, String operand) {
    for (UserSlot s : entry.slots()) {
      if (s.opIndex() == index && s.operand().equals(operand)) {
        return s;
      }
    }
    return null;
  }
}
