package dev.agentkit.contract;

import dev.agentkit.internal.text.ContractName;
import dev.agentkit.internal.text.JsonText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

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
  // Sorted by opcode, with no opcode twice; lookups are a binary search, so building a contract
  // costs no index, which a large snapshot read would otherwise pay for up front.
  private final List<Op> ops;
  // The ops as the source served them: the same list as ops when no tier override applies.
  private final List<Op> served;
  // The user's tier overrides, in canonical order; empty when there are none.
  private final List<TierOverride> tiers;
  private volatile String servedDigest;
  private volatile String digest;
  // Found while the contract is built (a reader finds them as it reads each op), so that binding,
  // which reports them, does not walk every op of a large contract again.
  private final List<Problem> warnings;
  // The document the contract was read from, when its source records one; not part of its
  // identity or digest.
  private final SourceDocument document;

  private Contract(String name, String source, List<Op> ops, List<Problem> warnings) {
    this(name, source, ops, ops, List.of(), warnings, null);
  }

  private Contract(
      String name,
      String source,
      List<Op> ops,
      List<Op> served,
      List<TierOverride> tiers,
      List<Problem> warnings,
      SourceDocument document) {
    this.name = name;
    this.source = source;
    this.ops = ops;
    this.served = served;
    this.tiers = tiers;
    this.warnings = warnings;
    this.document = document;
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
  public static Contract of(String name, String source, List<Op> ops) {
    Objects.requireNonNull(ops, "ops");
    List<Op> sorted = new ArrayList<>(ops);
    sorted.sort(Comparator.comparing(Op::opcode));
    for (int i = 1; i < sorted.size(); i++) {
      String opcode = sorted.get(i).opcode();
      if (opcode.equals(sorted.get(i - 1).opcode())) {
        throw new IllegalArgumentException(
            "the contract declares opcode \""
                + opcode
                + "\" twice: an opcode names one op, so the backend must serve it once");
      }
    }
    return new Contract(
        name == null ? "" : name,
        source == null ? "" : source,
        List.copyOf(sorted),
        ContractChecks.warnings(sorted));
  }

  /**
   * A contract of ops the caller has already sorted by opcode, with no opcode twice, digested and
   * checked for warnings: the snapshot reader does all three while it reads, so a large contract is
   * not walked again. Trusts its arguments.
   *
   * @param digest the ops' digest as {@link SnapshotWriter#digestOf} computes it
   * @param warnings the ops' warnings as {@link #warnings()} describes them, in opcode order
   */
  static Contract ofSorted(
      String name, String source, List<Op> sortedOps, String digest, List<Problem> warnings) {
    Contract c = new Contract(name, source, List.copyOf(sortedOps), List.copyOf(warnings));
    c.servedDigest = digest;
    c.digest = digest;
    return c;
  }

  /** A contract of the given ops with no source stamp. */
  public static Contract of(String name, List<Op> ops) {
    return of(name, "", ops);
  }

  /**
   * What is structurally wrong with this contract as a backend serves it: ops with an empty opcode
   * or no tier, operands with an empty or repeated name, enums with no values. Empty when none; a
   * snapshot is never written for a contract that has any.
   */
  public List<Problem> problems() {
    return ContractChecks.checkContract(this);
  }

  /** The contract's name, e.g. {@code taskboard}. */
  public String name() {
    return name;
  }

  /** Where the contract was fetched from (URL or source class), or empty. */
  public String source() {
    return source;
  }

  /**
   * This contract stamped with another source, for a source that answers with a contract it read
   * before (see {@link SourceDocument}): the stamp says where it comes from now. This contract when
   * the stamp is the same.
   */
  public Contract withSource(String source) {
    String stamp = source == null ? "" : source;
    return stamp.equals(this.source) ? this : copy(stamp, document);
  }

  /**
   * The document this contract was read from, when its source records one: the digest of the
   * document's bytes and the mapping that read them. Not part of the digest or of equality.
   */
  public Optional<SourceDocument> document() {
    return Optional.ofNullable(document);
  }

  /**
   * This contract recording the document it was read from ({@link #document()}); null records none.
   * The digest is unchanged.
   */
  public Contract withDocument(SourceDocument document) {
    return copy(source, document);
  }

  private Contract copy(String source, SourceDocument document) {
    Contract c = new Contract(name, source, ops, served, tiers, warnings, document);
    c.servedDigest = servedDigest;
    c.digest = digest;
    return c;
  }

  /**
   * This contract with the user's tier overrides applied to the ops as the source served them
   * ({@link TierOverride} says how they apply). They replace any this contract already has; an
   * empty list gives the contract as served. The overrides are part of the contract: {@link
   * #tierOverrides()} lists them, the snapshot records them, and the digest covers them (a contract
   * without overrides keeps the digest it had). Never fails for what the contract holds: an
   * override that matches nothing changes nothing; {@link TierOverride#check} reports it.
   *
   * @throws IllegalArgumentException when an opcode or a pattern is given twice
   */
  public Contract withTiers(List<TierOverride> overrides) {
    List<TierOverride> rules = TierRules.canonical(overrides);
    if (rules.isEmpty()) {
      return served();
    }
    List<Op> applied = new ArrayList<>(served.size());
    for (Op op : served) {
      applied.add(TierRules.apply(rules, op));
    }
    List<Problem> appliedWarnings = ContractChecks.warnings(applied);
    Contract c =
        new Contract(name, source, List.copyOf(applied), served, rules, appliedWarnings, document);
    c.servedDigest = servedDigest;
    return c;
  }

  /** The user's tier overrides this contract applies, in canonical order; empty when none. */
  public List<TierOverride> tierOverrides() {
    return tiers;
  }

  /**
   * The override that decides an op's tier ({@link TierOverride} says which wins), if one of {@link
   * #tierOverrides()} matches the opcode.
   */
  public Optional<TierOverride> tierOverride(String opcode) {
    return Optional.ofNullable(tiers.isEmpty() ? null : TierRules.ruleFor(tiers, opcode));
  }

  /** This contract as its source served it, without tier overrides; this one when it has none. */
  public Contract served() {
    if (tiers.isEmpty()) {
      return this;
    }
    Contract c =
        new Contract(
            name, source, served, served, List.of(), ContractChecks.warnings(served), document);
    c.servedDigest = servedDigest;
    c.digest = servedDigest;
    return c;
  }

  /**
   * What this version cannot read as the backend means it, each once, in opcode order: an op whose
   * tier it does not know ({@code [UnknownTier]}; the op is read as irreversible) and an operand
   * whose type it does not know ({@code [UnknownOperandType]}; the operand is kept as opaque text).
   * Warnings stop nothing: the ops that do not use what is unknown bind as usual. Empty when the
   * contract has none.
   */
  public List<Problem> warnings() {
    return warnings;
  }

  /**
   * This contract with the served text of its warnings passed through {@code redact}: each warning,
   * and the unknown tier and type names themselves, which bind errors and drift sentences quote. A
   * source that sends credentials uses it so that nothing a backend echoed into a name it serves
   * reaches a message. Returns this contract when {@code redact} changes nothing.
   */
  public Contract redacted(UnaryOperator<String> redact) {
    Objects.requireNonNull(redact, "redact");
    if (!tiers.isEmpty()) {
      return served().redacted(redact).withTiers(tiers);
    }
    if (warnings().isEmpty()) {
      return this;
    }
    List<Op> rewritten = new ArrayList<>(ops.size());
    boolean changed = false;
    for (Op op : ops) {
      Op r = op.hasUnknowns() ? redactNames(op, redact) : op;
      changed |= !r.equals(op);
      rewritten.add(r);
    }
    List<Problem> redactedWarnings = new ArrayList<>();
    for (Problem p : warnings()) {
      Problem r =
          new Problem(
              p.kind(),
              redact.apply(p.opcode()),
              redact.apply(p.subject()),
              redact.apply(p.message()));
      changed |= !r.equals(p);
      redactedWarnings.add(r);
    }
    if (!changed) {
      return this;
    }
    List<Op> redactedOps = List.copyOf(rewritten);
    return new Contract(
        name, source, redactedOps, redactedOps, List.of(), List.copyOf(redactedWarnings), document);
  }

  private static Op redactNames(Op op, UnaryOperator<String> redact) {
    List<Operand> operands = new ArrayList<>(op.operands().size());
    for (Operand o : op.operands()) {
      operands.add(
          o.hasUnknownType()
              ? new Operand(
                  o.name(),
                  o.description(),
                  o.type(),
                  o.required(),
                  o.enumValues(),
                  o.list(),
                  redactedName(o.unknownType(), redact))
              : o);
    }
    String tier = op.hasUnknownTier() ? redactedName(op.unknownTier(), redact) : "";
    return new Op(op.opcode(), op.description(), op.objectType(), op.tier(), operands, tier);
  }

  /**
   * A redacted unknown name. Messages quote it JSON-escaped, and escaping can rebuild a credential
   * that decoding took apart (a backslash, a quote), so a name whose escaped form still holds one
   * is hidden whole; one that redaction turned blank or into a known name is hidden whole too.
   */
  private static String redactedName(String name, UnaryOperator<String> redact) {
    String r = redact.apply(name);
    StringBuilder escaped = new StringBuilder();
    JsonText.string(escaped, r == null ? "" : r);
    boolean known = Tier.lookup(r).isPresent() || OperandType.lookup(r).isPresent();
    boolean hidden = !redact.apply(escaped.toString()).equals(escaped.toString());
    return r == null || r.isBlank() || known || hidden ? "[redacted]" : r;
  }

  /** Every op, sorted by opcode. */
  public List<Op> ops() {
    return ops;
  }

  /** The op with this opcode, if the contract declares it. */
  public Optional<Op> op(String opcode) {
    int i = indexOf(opcode);
    return i < 0 ? Optional.empty() : Optional.of(ops.get(i));
  }

  /** Whether the contract declares this opcode. */
  public boolean has(String opcode) {
    return indexOf(opcode) >= 0;
  }

  private int indexOf(String opcode) {
    if (opcode == null) {
      return -1;
    }
    int low = 0;
    int high = ops.size() - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      int c = ops.get(mid).opcode().compareTo(opcode);
      if (c < 0) {
        low = mid + 1;
      } else if (c > 0) {
        high = mid - 1;
      } else {
        return mid;
      }
    }
    return -1;
  }

  /** Every opcode, sorted. */
  public List<String> opcodes() {
    List<String> out = new ArrayList<>(ops.size());
    for (Op op : ops) {
      out.add(op.opcode());
    }
    return out;
  }

  /** Whether the contract declares no op at all. */
  public boolean isEmpty() {
    return ops.isEmpty();
  }

  /**
   * {@code sha256:<hex>} over the canonical content of the ops as served, and of the tier overrides
   * when there are any (docs/snapshot-format.md); computed once.
   */
  public String digest() {
    String d = digest;
    if (d == null) {
      d =
          tiers.isEmpty()
              ? servedDigest()
              : SnapshotWriter.chainDigest(servedDigest(), TierRules.compact(tiers));
      digest = d;
    }
    return d;
  }

  private String servedDigest() {
    String d = servedDigest;
    if (d == null) {
      d = SnapshotWriter.digestOf(served);
      servedDigest = d;
    }
    return d;
  }

  /** The ops as the source served them, for the snapshot writer. */
  List<Op> servedOps() {
    return served;
  }

  /**
   * Equal when name, ops and tier overrides are equal; the source stamp is not part of a contract's
   * identity.
   */
  @Override
  public boolean equals(Object o) {
    return o instanceof Contract c
        && c.name.equals(name)
        && c.ops.equals(ops)
        && c.served.equals(served)
        && c.tiers.equals(tiers);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, ops, tiers);
  }

  @Override
  public String toString() {
    return "Contract[" + name + ", " + ops.size() + " ops" + "]";
  }
}
