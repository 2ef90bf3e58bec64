package dev.agentkit.mcp;

import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.contract.Operand;
import dev.agentkit.source.ArgumentJson;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A verified call's arguments as the typed JSON object {@code tools/call} sends, each by its
 * operand's schema ({@link ArgumentJson}): numbers as numbers, integers as whole numbers, booleans
 * as booleans, lists as arrays, and objects, arrays of objects, unions and opaque values as the
 * JSON they hold, at any depth. Blank arguments are left out; an argument the tool's schema has no
 * property for is refused, never dropped.
 */
final class ToolArguments {
  private final String opcode;

  private ToolArguments(String opcode) {
    this.opcode = opcode;
  }

  static Map<String, Object> of(Call call, List<Operand> operands) throws CallFailedException {
    return new ToolArguments(call.opcode()).write(call, operands);
  }

  private Map<String, Object> write(Call call, List<Operand> operands) throws CallFailedException {
    Map<String, Operand> byName = new LinkedHashMap<>();
    operands.forEach(o -> byName.put(o.name(), o));
    for (String arg : new TreeSet<>(call.args().keySet())) {
      if (!byName.containsKey(arg) && call.hasArg(arg)) {
        throw new CallFailedException(McpMessage.BAD_ARGUMENT_GONE.format(opcode, arg));
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Operand o : operands) {
      if (call.hasArg(o.name())) {
        try {
          out.put(o.name(), ArgumentJson.of(o, call.arg(o.name())));
        } catch (ArgumentJson.Unsendable e) {
          throw bad(e.getMessage());
        }
      }
    }
    return out;
  }

  private CallFailedException bad(String what) {
    return new CallFailedException(McpMessage.BAD_ARGUMENT.format(opcode, what));
  }
}
