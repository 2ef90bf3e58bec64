package dev.agentkit.contract;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The ops of a document as a reader meets them, one at a time. Each op is checked by {@link
 * ContractChecks} and, while the ops arrive in opcode order (as agentkit writes them), digested,
 * both while it is still in the cache; so a large contract is walked once, not once to read, once
 * to check and once to hash. Not thread-safe.
 */
final class OpCollector {
  private final byte[] source;
  private final List<Op> ops = new ArrayList<>();
  private long[] starts = new long[64];
  // Null while the ops arrive sorted by opcode, where a repeated opcode can only be the previous.
  private Map<String, Integer> index;
  private String lastOpcode;
  // Null once the ops are out of order: the contract then sorts and digests them itself.
  private SnapshotWriter.Digest digest;
  private final List<Problem> problems = new ArrayList<>();
  // The ops' warnings, in the order they come: opcode order whenever the contract is built from
  // them.
  private final List<Problem> warnings = new ArrayList<>();
  private int firstProblem = -1;

  /**
   * @param source the document the ops are read from
   * @param backgroundDigest whether to hash in the background (worth it for megabytes)
   */
  OpCollector(byte[] source, boolean backgroundDigest) {
    this.source = source;
    this.digest = new SnapshotWriter.Digest(backgroundDigest);
  }

  /** How many ops so far; the index the next one gets. */
  int size() {
    return ops.size();
  }

  /** The byte offset where op {@code index} starts. */
  long start(int index) {
    return starts[index];
  }

  /**
   * The index of an earlier op with this opcode, or -1; to be asked of each op before it is added.
   * The first op out of order starts an index of the opcodes, and ends the digest as they come.
   */
  int earlierIndexOf(String opcode) {
    if (index == null) {
      int order = lastOpcode == null ? 1 : opcode.compareTo(lastOpcode);
      if (order > 0) {
        return -1;
      }
      if (order == 0) {
        return ops.size() - 1;
      }
      index = new HashMap<>();
      for (int i = 0; i < ops.size(); i++) {
        index.put(ops.get(i).opcode(), i);
      }
      digest = null;
    }
    Integer first = index.putIfAbsent(opcode, ops.size());
    return first == null ? -1 : first;
  }

  /**
   * Adds the next op, whose opcode is not an earlier op's.
   *
   * @param start the byte offset where the op starts
   * @param literals see {@link SnapshotWriter.Digest#add(Op, byte[], int[])}
   */
  void add(Op op, long start, int[] literals) {
    int at = ops.size();
    if (at == starts.length) {
      starts = Arrays.copyOf(starts, at * 2);
    }
    starts[at] = start;
    ops.add(op);
    int before = problems.size();
    ContractChecks.checkOp(op, problems);
    if (op.hasUnknowns()) {
      ContractChecks.warnings(op, warnings);
    }
    if (firstProblem < 0 && problems.size() > before) {
      firstProblem = at;
    }
    if (digest != null) {
      digest.add(op, source, literals);
      lastOpcode = op.opcode();
    }
  }

  /** What the contract checks found, in the order of the ops. */
  List<Problem> problems() {
    return problems;
  }

  /** The index of the op of the first problem, or -1. */
  int firstProblem() {
    return firstProblem;
  }

  /** The contract of the ops, with its digest computed once. */
  Contract contract(String name, String source) {
    if (digest != null) {
      return Contract.ofSorted(name, source, ops, digest.finish(), warnings);
    }
    // No two ops with one opcode (see earlierIndexOf), so this cannot throw.
    return Contract.of(name, source, ops);
  }
}
