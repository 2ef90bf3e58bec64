package dev.agentkit;

import dev.agentkit.contract.Op;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A call a model produced: an opcode, its arguments and the operands left for the user to fill.
 *
 * <p>A call made with {@link #of} is unbound. Every call an {@link ActionSet} hands on — to a
 * handler, in a {@link Plan}, in an {@link Outcome} — is bound to the set's op for its opcode, so
 * {@code call.op().tier()} is the tier of the live contract. The calls in a plan, an outcome and a
 * proposal were also verified; a state reader may be asked about a call that is not complete yet
 * (the premise is judged on what the call gives). Immutable and thread-safe.
 */
public final class Call {
  private final String opcode;
  private final Map<String, String> args;
  private final List<String> userFills;
  private final Op op;

  private Call(String opcode, Map<String, String> args, List<String> userFills, Op op) {
    this.opcode = Objects.requireNonNull(opcode, "opcode");
    this.args = args == null ? Map.of() : Map.copyOf(args);
    this.userFills = userFills == null ? List.of() : List.copyOf(userFills);
    this.op = op;
  }

  /** A call as a model emits it: an opcode and its arguments (operand name to value). */
  public static Call of(String opcode, Map<String, String> args) {
    return new Call(opcode, args, List.of(), null);
  }

  /** A call with operands left for the user to fill when they accept it. */
  public static Call of(String opcode, Map<String, String> args, List<String> userFills) {
    return new Call(opcode, args, userFills, null);
  }

  /** This call bound to its op; only a set binds a call, to its own op for the opcode. */
  Call boundTo(Op op) {
    return this.op == op ? this : new Call(opcode, args, userFills, op);
  }

  /** The opcode the call names. */
  public String opcode() {
    return opcode;
  }

  /** The arguments, by operand name. */
  public Map<String, String> args() {
    return args;
  }

  /** The operands the user fills when accepting the proposal. */
  public List<String> userFills() {
    return userFills;
  }

  /** The argument given for an operand, or the empty string when there is none. */
  public String arg(String name) {
    String v = args.get(name);
    return v == null ? "" : v;
  }

  /** Whether the call gives a non-blank argument for the operand. */
  public boolean hasArg(String name) {
    String v = args.get(name);
    return v != null && !v.isBlank();
  }

  /** Whether a set has bound the call to its op. */
  public boolean isBound() {
    return op != null;
  }

  /**
   * The op a set bound this call to.
   *
   * @throws IllegalStateException when the call is unbound (made with {@link #of} and not yet
   *     verified)
   */
  public Op op() {
    if (op == null) {
      throw new IllegalStateException(
          "call "
              + opcode
              + " is not bound to an op yet: verify it with ActionSet.verify or gate it first, and"
              + " use the call the set hands back");
    }
    return op;
  }

  /** Equal when opcode, arguments, user-fills and bound op are equal. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Call c
        && opcode.equals(c.opcode)
        && args.equals(c.args)
        && userFills.equals(c.userFills)
        && Objects.equals(op, c.op);
  }

  @Override
  public int hashCode() {
    return Objects.hash(opcode, args, userFills);
  }

  /** {@code opcode{arg=value, ...}}, for logs. */
  @Override
  public String toString() {
    return opcode
        + new java.util.TreeMap<>(args)
        + (userFills.isEmpty() ? "" : " fills " + userFills);
  }
}
