package dev.agentkit;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A backend's op contract: every op it accepts, indexed by opcode.
 *
 * <p>Ops are kept sorted by opcode. The {@linkplain #digest() digest} covers the canonical content
 * of the ops (not the name or the source) and is computed once per contract, so comparing a live
 * contract with a compiled-in one is a string compare. Instances are immutable and thread-safe.
 */
public final class Contract {
  private final String name;
  private final String source;
  private final List<Action> ops;
  private final Map<String, Action> byOpcode;
  private volatile String digest;

  private Contract(String name, String source, List<Action> ops, Map<String, Action> byOpcode) {
    this.name = name;
    this.source = source;
    this.ops = ops;
    this.byOpcode = byOpcode;
  }

  /**
   * A contract of the given ops.
   *
   * @param name the contract's name (see {@link ContractName})
   * @param source where the contract came from (a URL or a class name), or empty; stamped by the
   *     tool that fetched it
   * @param ops the backend's ops, in any order
   * @throws IllegalArgumentException when two ops share an opcode
   */
  public static Contract of(String name, String source, List<Action> ops) {
    Objects.requireNonNull(ops, "ops");
    List<Action> sorted = new ArrayList<>(ops);
    sorted.sort(Comparator.comparing(Action::opcode));
    Map<String, Action> index = new HashMap<>(Math.max(16, sorted.size() * 2));
    for (Action op : sorted) {
      if (index.putIfAbsent(op.opcode(), op) != null) {
        throw new IllegalArgumentException(
            "the contract declares opcode \""
                + op.opcode()
                + "\" twice: an opcode names one op, so the backend must serve it once");
      }
    }
    return new Contract(
        name == null ? "" : name, source == null ? "" : source, List.copyOf(sorted), index);
  }

  /** A contract of the given ops with no source stamp. */
  public static Contract of(String name, List<Action> ops) {
    return of(name, "", ops);
  }

  /** The contract's name, e.g. {@code taskboard}. */
  public String name() {
    return name;
  }

  /** Where the contract was fetched from (URL or source class), or empty. */
  public String source() {
    return source;
  }

  /** This contract stamped with another source. */
  public Contract withSource(String source) {
    Contract c = new Contract(name, source == null ? "" : source, ops, byOpcode);
    c.digest = digest;
    return c;
  }

  /** Every op, sorted by opcode. */
  public List<Action> ops() {
    return ops;
  }

  /** The op with this opcode, if the contract declares it. */
  public Optional<Action> op(String opcode) {
    return Optional.ofNullable(byOpcode.get(opcode));
  }

  /** Whether the contract declares this opcode. */
  public boolean has(String opcode) {
    return byOpcode.containsKey(opcode);
  }

  /** Every opcode, sorted. */
  public List<String> opcodes() {
    List<String> out = new ArrayList<>(ops.size());
    for (Action op : ops) {
      out.add(op.opcode());
    }
    return out;
  }

  /** Whether the contract declares no op at all. */
  public boolean isEmpty() {
    return ops.isEmpty();
  }

  /** {@code sha256:<hex>} over the canonical content of the ops; computed once. */
  public String digest() {
    String d = digest;
    if (d == null) {
      d = SnapshotWriter.digestOf(ops);
      digest = d;
    }
    return d;
  }

  /** Equal when name and ops are equal; the source stamp is not part of a contract's identity. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Contract c && c.name.equals(name) && c.ops.equals(ops);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, ops);
  }

  @Override
  public String toString() {
    return "Contract[" + name + ", " + ops.size() + " ops" + "]";
  }
}
