package dev.agentkit.proposal;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.internal.text.Names;
import dev.agentkit.internal.text.RuntimeMessage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Completes a proposal's slots from the contract an op was verified against: the label from the
 * operand's name, the type from the operand, and an enum's options from its values; and checks what
 * the agent declared against the same operand.
 */
final class SlotForms {
  private SlotForms() {}

  /**
   * The slot with label, type and options filled in, or the slot as given when a problem was added.
   *
   * @param call the op's verified (bound) call
   */
  static UserSlot complete(UserSlot s, ActionSet<?> actions, Call call, List<String> problems) {
    Op op = call.op();
    Operand operand = op.operand(s.operand()).orElse(null);
    if (operand == null) {
      return s; // verify has already named the unknown operand
    }
    String where =
        "the slot \"" + s.operand() + "\" of op " + s.opIndex() + " (" + op.opcode() + ")";
    if (s.type() != null && s.type() != operand.type()) {
      problems.add(RuntimeMessage.PROPOSAL_SLOT_TYPE.format(where, s.type(), operand.type()));
      return s;
    }
    List<String> options = options(s, operand, actions, call, where, problems);
    String label = s.label().isEmpty() ? humanize(s.operand()) : s.label();
    return new UserSlot(
        s.operand(), s.opIndex(), s.defaultValue(), s.required(), label, operand.type(), options);
  }

  private static List<String> options(
      UserSlot s,
      Operand operand,
      ActionSet<?> actions,
      Call call,
      String where,
      List<String> problems) {
    if (s.options().isEmpty()) {
      return operand.type() == OperandType.ENUM ? operand.enumValues() : List.of();
    }
    int before = problems.size();
    if (operand.type() == OperandType.ENUM) {
      TreeSet<String> unknown = new TreeSet<>(s.options());
      operand.enumValues().forEach(unknown::remove);
      if (!unknown.isEmpty()) {
        problems.add(
            RuntimeMessage.PROPOSAL_SLOT_OPTIONS.format(
                where,
                String.join(", ", unknown),
                Names.listing(unknown.first(), new TreeSet<>(operand.enumValues()))));
      }
    } else {
      for (String option : s.options()) {
        Map<String, String> args = new LinkedHashMap<>(call.args());
        args.put(s.operand(), option);
        for (Problem p : actions.verify(Call.of(call.opcode(), args, call.userFills()))) {
          if (p.subject().equals(s.operand())) {
            problems.add(RuntimeMessage.PROPOSAL_SLOT_VALUE.format(where, p.message()));
          }
        }
      }
    }
    if (!s.blankDefault() && !s.options().contains(s.defaultValue())) {
      problems.add(RuntimeMessage.PROPOSAL_SLOT_DRAFT.format(where, s.defaultValue()));
    }
    return problems.size() == before ? s.options() : List.of();
  }

  /** {@code due_date}, {@code due-date} and {@code dueDate} read "Due date". */
  static String humanize(String operand) {
    StringBuilder sb = new StringBuilder(operand.length() + 4);
    for (int i = 0; i < operand.length(); i++) {
      char c = operand.charAt(i);
      if (c == '_' || c == '-' || c == '.') {
        sb.append(' ');
      } else if (Character.isUpperCase(c)
          && i > 0
          && Character.isLowerCase(operand.charAt(i - 1))) {
        sb.append(' ').append(Character.toLowerCase(c));
      } else {
        sb.append(c);
      }
    }
    String s = sb.toString().strip().replaceAll(" +", " ");
    return s.isEmpty() ? operand : Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
