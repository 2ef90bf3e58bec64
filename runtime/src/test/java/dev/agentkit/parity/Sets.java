package dev.agentkit.parity;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Builds what the vectors describe through the public API: contracts from wire documents, uses with
 * readers over a described state, act sets and calls.
 *
 * <p>The state a reader sees is the vector's {@code state} object: {@code value} (what the reader
 * returns), {@code byArg} ({@code {"arg": name, "values": {argValue: current}}}: the reader
 * resolves the object the call names), {@code fields} (what a field reader returns per operand) and
 * {@code fails} (every reader throws). Run handlers record the opcode in {@code ran}.
 */
final class Sets {
  private Sets() {}

  /** The agent state of a vector: what readers read, and what run handlers ran. */
  record State(Map<String, Object> described, List<String> ran) {
    static State of(Map<String, Object> described) {
      return new State(described, new ArrayList<>());
    }

    String read(Call call) {
      fail();
      Map<String, Object> byArg = Json.map(described, "byArg");
      if (!byArg.isEmpty()) {
        return Json.stringMap(byArg, "values").get(call.arg(Json.str(byArg, "arg")));
      }
      Object v = described.get("value");
      return v == null ? null : v.toString();
    }

    String field(String name) {
      fail();
      return Json.stringMap(described, "fields").get(name);
    }

    private void fail() {
      if (Boolean.TRUE.equals(described.get("fails"))) {
        throw new IllegalStateException("catalog unavailable");
      }
    }
  }

  /** A contract from a wire document; {@code name} when the document gives none. */
  static Contract contract(Object document) throws ContractFormatException {
    return ContractSnapshot.parseWire(
        Json.write(document).getBytes(StandardCharsets.UTF_8), "parity vector", "parity");
  }

  /**
   * A local op, as an agent declares it with {@link Op#builder}, from the wire op's fields: a
   * missing tier is an unset one, which validation reports.
   */
  static Op op(Object wireOp) {
    Map<String, Object> m = Json.asMap(wireOp);
    Op.Builder b = Op.builder(Json.str(m, "opcode")).description(Json.str(m, "description"));
    if (m.containsKey("tier")) {
      b.tier(Tier.parse(Json.str(m, "tier")));
    }
    for (Object o : Json.list(m, "operands")) {
      Map<String, Object> operand = Json.asMap(o);
      b.operand(
          new Operand(
              Json.str(operand, "name"),
              Json.str(operand, "description"),
              OperandType.parse(Json.str(operand, "type")),
              Boolean.TRUE.equals(operand.get("required")),
              Json.strings(operand, "enum"),
              Boolean.TRUE.equals(operand.get("list"))));
    }
    return b.build();
  }

  static List<Use<State>> uses(List<Object> specs) throws ContractFormatException {
    List<Use<State>> out = new ArrayList<>();
    for (Object o : specs) {
      out.add(use(Json.asMap(o)));
    }
    return out;
  }

  /**
   * A use: {@code opcode} (or {@code local}, a wire op), {@code category} (absent means unset),
   * {@code input}, {@code terminalStates}, {@code assertTier}, and the handlers it has: {@code
   * reader}, {@code fieldReader}, {@code run} (booleans) and {@code ask} (the wording).
   */
  static Use<State> use(Map<String, Object> spec) throws ContractFormatException {
    String category = Json.str(spec, "category");
    ChangeCategory c = category.isEmpty() ? null : ChangeCategory.parse(category);
    Use.Builder<State> b =
        spec.containsKey("local")
            ? Use.local(op(spec.get("local")), c)
            : Use.of(Json.str(spec, "opcode"), c);
    if (spec.containsKey("input")) {
      b.input(Json.str(spec, "input"));
    }
    b.terminalStates(Json.strings(spec, "terminalStates").toArray(new String[0]));
    if (spec.containsKey("assertTier")) {
      b.assertTier(Tier.parse(Json.str(spec, "assertTier")));
    }
    if (Boolean.TRUE.equals(spec.get("reader"))) {
      b.reader((s, call) -> s.read(call));
    }
    if (Boolean.TRUE.equals(spec.get("fieldReader"))) {
      b.fieldReader((s, call, field) -> s.field(field));
    }
    if (Boolean.TRUE.equals(spec.get("run"))) {
      b.run(
          (s, call) -> {
            s.ran().add(call.opcode());
            return null;
          });
    }
    if (spec.containsKey("ask")) {
      String wording = Json.str(spec, "ask");
      b.ask(call -> wording);
    }
    return b.build();
  }

  /** The act set a vector names, bound against its contract when it has one. */
  static ActionSet<State> actionSet(Vector v) throws ContractFormatException {
    Map<String, Object> set = v.set();
    List<Use<State>> uses = uses(Json.list(set, "uses"));
    Object contract = set.get("contract");
    return contract == null ? ActionSet.of(uses) : ActionSet.bind(contract(contract), uses);
  }

  /** A call: {@code opcode}, {@code args}, {@code userFills}. */
  static Call call(Object spec) {
    Map<String, Object> m = Json.asMap(spec);
    return Call.of(Json.str(m, "opcode"), Json.stringMap(m, "args"), Json.strings(m, "userFills"));
  }
}
