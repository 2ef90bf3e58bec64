package dev.agentkit.drift;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.Names;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The differences between the contract an agent was compiled against (or a committed snapshot) and
 * the live contract (or a fetched one), graded against the agent's use. Deterministic: items are
 * ordered by opcode, then rule, then operand and value. Immutable.
 */
public final class DriftReport {
  /** Opcode, then rule, then operand, then value; a class of its own, loaded only to sort. */
  private static final class Order implements Comparator<DriftItem> {
    static final Order INSTANCE = new Order();

    @Override
    public int compare(DriftItem a, DriftItem b) {
      int c = a.opcode().compareTo(b.opcode());
      if (c == 0) {
        c = a.rule().compareTo(b.rule());
      }
      if (c == 0) {
        c = a.operand().compareTo(b.operand());
      }
      return c != 0 ? c : a.value().compareTo(b.value());
    }
  }

  private final String agent;
  private final String fromDigest;
  private final String toDigest;
  private final List<DriftItem> items;

  private DriftReport(String agent, String fromDigest, String toDigest, List<DriftItem> items) {
    this.agent = agent;
    this.fromDigest = fromDigest;
    this.toDigest = toDigest;
    this.items = List.copyOf(items);
  }

  /**
   * What an agent uses of a contract: for each used op, whether it has a run handler and ask
   * wording. A null usage (see {@link #wholeContract()}) treats every op as used, with handlers
   * unknown, which is how a contract is compared when no agent is in view.
   *
   * @param agent the agent's name for sentences, e.g. {@code TriageAgent}
   * @param acts the used opcodes with their handler facts
   */
  public record Usage(String agent, Map<String, ActUse> acts) {
    /** Copies the map. */
    public Usage {
      Objects.requireNonNull(agent, "agent");
      acts = acts == null ? null : Map.copyOf(acts);
    }

    /** Every op counts as used; run/ask unknown, so a tier raised to ask is breaking. */
    public static Usage wholeContract() {
      return new Usage("", null);
    }

    boolean uses(String opcode) {
      return acts == null || acts.containsKey(opcode);
    }

    ActUse use(String opcode) {
      return acts == null ? new ActUse(true, false, "") : acts.get(opcode);
    }
  }

  /**
   * Handler facts of one used op.
   *
   * @param hasRun whether the act has a run handler
   * @param hasAsk whether the act has ask wording
   * @param input the operand the act's premise compares, or empty
   */
  public record ActUse(boolean hasRun, boolean hasAsk, String input) {
    /** A null input becomes empty. */
    public ActUse {
      input = input == null ? "" : input;
    }
  }

  /**
   * Compares two contracts.
   *
   * @param before the contract compiled against, or the committed snapshot
   * @param after the live contract, or the freshly fetched one
   * @param usage what the agent uses; {@link Usage#wholeContract()} when no agent is in view
   */
  public static DriftReport compare(Contract before, Contract after, Usage usage) {
    List<DriftItem> items = new ArrayList<>();
    Set<String> opcodes = new HashSet<>(before.opcodes());
    opcodes.addAll(after.opcodes());
    for (String opcode : Names.sorted(opcodes)) {
      Op b = before.op(opcode).orElse(null);
      Op a = after.op(opcode).orElse(null);
      boolean used = usage.uses(opcode) && b != null;
      Findings f = new Findings(opcode, used, used ? usage.use(opcode) : null, usage, items);
      if (a == null) {
        f.add(DriftRule.OP_REMOVED);
      } else if (b == null) {
        f.add(
            DriftRule.OP_ADDED,
            usage.acts() == null ? DriftSeverity.COMPATIBLE : DriftSeverity.INFO,
            "",
            "",
            "",
            "",
            "");
      } else {
        compareOp(b, a, f);
      }
    }
    items.sort(Order.INSTANCE);
    return new DriftReport(usage.agent(), before.digest(), after.digest(), items);
  }

  /**
   * Compares two contracts for every agent in view at once: the one verdict on each difference that
   * every report of it prints. Each difference is one item, graded the worst way it bears on any
   * agent that uses its op (informational when none does) and worded for that agent. With no agent
   * in view, the same as {@code compare(before, after, Usage.wholeContract())}.
   *
   * @param before the contract compiled against, or the committed snapshot
   * @param after the live contract, or the freshly fetched one
   * @param agents what each agent in view uses
   */
  public static DriftReport compareForAgents(
      Contract before, Contract after, Collection<Usage> agents) {
    if (agents.isEmpty()) {
      return compare(before, after, Usage.wholeContract());
    }
    Map<String, DriftItem> verdicts = new LinkedHashMap<>();
    for (Usage agent : agents) {
      for (DriftItem i : compare(before, after, agent).items()) {
        verdicts.merge(
            i.rule().id() + " " + i.target(),
            i,
            (was, now) -> now.severity().compareTo(was.severity()) < 0 ? now : was);
      }
    }
    List<DriftItem> items = new ArrayList<>(verdicts.values());
    items.sort(Order.INSTANCE);
    return new DriftReport("", before.digest(), after.digest(), items);
  }

  /** The report of no difference, for the fast path where both digests are equal. */
  public static DriftReport unchanged(String agent, String digest) {
    return new DriftReport(agent, digest, digest, List.of());
  }

  private static void compareOp(Op b, Op a, Findings f) {
    compareTier(b, a, f);
    if (!b.description().equals(a.description())) {
      f.add(
          DriftRule.DESCRIPTION_CHANGED,
          "",
          "",
          "",
          "",
          f.used ? "; the live wording is what the model reads" : "");
    }
    if (!b.objectType().equals(a.objectType())) {
      f.add(DriftRule.OBJECT_TYPE_CHANGED, "", b.objectType(), a.objectType(), "", "");
    }
    for (Operand bo : b.operands()) {
      Operand ao = a.operand(bo.name()).orElse(null);
      if (ao == null) {
        boolean isInput = f.use != null && bo.name().equals(f.use.input());
        f.add(
            DriftRule.OPERAND_REMOVED,
            bo.name(),
            "",
            "",
            "",
            isInput ? " (the input of its premise)" : "");
      } else {
        compareOperand(bo, ao, f);
      }
    }
    for (Operand ao : a.operands()) {
      if (b.operand(ao.name()).isEmpty()) {
        f.add(
            ao.required() ? DriftRule.OPERAND_ADDED_REQUIRED : DriftRule.OPERAND_ADDED_OPTIONAL,
            ao.name(),
            "",
            "",
            "",
            "");
      }
    }
  }

  /**
   * A raised tier is compatible unless it strands the act: a run handler that can never run now, or
   * a withheld act with no ask wording.
   */
  private static void compareTier(Op b, Op a, Findings f) {
    if (a.hasUnknownTier() && !a.unknownTier().equals(b.unknownTier())) {
      // Graded breaking for an op the agent uses, whatever the old tier: nothing here can say what
      // the new one means, though the act is only ever proposed meanwhile.
      f.add(DriftRule.TIER_UNKNOWN, "", tierText(b), tierText(a), "", "");
      return;
    }
    if (b.tier() == a.tier() || b.tier() == null || a.tier() == null) {
      return;
    }
    String from = tierText(b);
    String to = tierText(a);
    if (a.tier().ordinal() < b.tier().ordinal()) {
      f.add(DriftRule.TIER_LOWERED, "", from, to, "", "");
      return;
    }
    boolean nowWithheld =
        AutonomyRung.maxRungFor(b.tier()) == AutonomyRung.AUTO
            && AutonomyRung.maxRungFor(a.tier()) == AutonomyRung.ASK;
    DriftSeverity severity = DriftSeverity.COMPATIBLE;
    String why = "";
    if (nowWithheld && f.use != null && f.use.hasRun()) {
      severity = DriftSeverity.BREAKING;
      why =
          f.handlersKnown
              ? "; its run handler can never run now, so the act must be asked instead"
              : "; an act with a run handler for it could never run now";
    } else if (nowWithheld && f.use != null && !f.use.hasAsk()) {
      severity = DriftSeverity.BREAKING;
      why = "; it is now withheld for a human but has no ask wording, so it would vanish";
    } else if (nowWithheld) {
      why = "; it is now proposed to a human instead of running";
    }
    f.add(DriftRule.TIER_RAISED, f.grade(severity), "", from, to, "", why);
  }

  /** A tier as drift sentences name it: the wire name, or an unknown one quoted as served. */
  private static String tierText(Op op) {
    return op.hasUnknownTier() ? JsonText.shown(op.unknownTier()) : op.tierName();
  }

  /** An operand's type as drift sentences name it, like {@link #tierText}. */
  private static String typeText(Operand o) {
    return o.hasUnknownType() ? JsonText.shown(o.unknownType()) : o.typeName();
  }

  /**
   * The type changes an agent compiled against the old type absorbs, old type to new ones: the
   * compiled typed view reads every value the new type's verify accepts, and the premise compares
   * them the same way. Every other change, to or from an unknown type included, is breaking for an
   * op the agent uses.
   */
  private static final Map<OperandType, Set<OperandType>> COMPATIBLE_TYPE_CHANGES =
      Map.of(OperandType.NUMBER, Set.of(OperandType.INTEGER));

  private static void compareType(Operand bo, Operand ao, Findings f) {
    if (bo.typeName().equals(ao.typeName())) {
      return;
    }
    boolean absorbed =
        COMPATIBLE_TYPE_CHANGES.getOrDefault(bo.type(), Set.of()).contains(ao.type());
    f.add(
        DriftRule.OPERAND_TYPE_CHANGED,
        f.grade(absorbed ? DriftSeverity.COMPATIBLE : DriftSeverity.BREAKING),
        bo.name(),
        typeText(bo),
        typeText(ao),
        "",
        absorbed ? "; every " + ao.type().wireName() + " is a " + bo.type().wireName() : "");
  }

  private static void compareOperand(Operand bo, Operand ao, Findings f) {
    String name = bo.name();
    compareType(bo, ao, f);
    if (bo.list() != ao.list()) {
      f.add(
          DriftRule.OPERAND_LIST_CHANGED,
          name,
          "",
          ao.list() ? "a list" : "a single value",
          "",
          "");
    }
    if (bo.required() != ao.required()) {
      f.add(
          ao.required() ? DriftRule.OPERAND_BECAME_REQUIRED : DriftRule.OPERAND_BECAME_OPTIONAL,
          name,
          "",
          "",
          "",
          "");
    }
    if (!bo.description().equals(ao.description())) {
      f.add(DriftRule.DESCRIPTION_CHANGED, name, "", "", "", "");
    }
    if (bo.type() == OperandType.ENUM && ao.type() == OperandType.ENUM) {
      Set<String> after = new HashSet<>(ao.enumValues());
      Set<String> before = new HashSet<>(bo.enumValues());
      for (String v : bo.enumValues()) {
        if (!after.contains(v)) {
          f.add(DriftRule.ENUM_VALUE_REMOVED, name, "", "", v, "");
        }
      }
      for (String v : ao.enumValues()) {
        if (!before.contains(v)) {
          f.add(DriftRule.ENUM_VALUE_ADDED, name, "", "", v, "");
        }
      }
    }
  }

  /**
   * The differences found in one op, graded and worded by their {@link DriftRule}: an op no agent
   * in view uses is only informational.
   */
  private static final class Findings {
    final String opcode;
    final boolean used;
    final ActUse use;
    final String useNote;
    final boolean handlersKnown;
    final List<DriftItem> items;

    Findings(String opcode, boolean used, ActUse use, Usage usage, List<DriftItem> items) {
      this.opcode = opcode;
      this.used = used;
      this.use = use;
      this.useNote = used && !usage.agent().isEmpty() ? ", which " + usage.agent() + " uses" : "";
      this.handlersKnown = usage.acts() != null;
      this.items = items;
    }

    void add(DriftRule rule) {
      add(rule, "", "", "", "", "");
    }

    void add(DriftRule rule, String operand, String from, String to, String value, String note) {
      add(rule, grade(rule.defaultSeverity()), operand, from, to, value, note);
    }

    /** The severity for this op: as given when an agent in view uses it, else informational. */
    DriftSeverity grade(DriftSeverity severity) {
      return used ? severity : DriftSeverity.INFO;
    }

    /** Adds a finding graded {@code severity}, as it stands. */
    void add(
        DriftRule rule,
        DriftSeverity severity,
        String operand,
        String from,
        String to,
        String value,
        String note) {
      Map<String, String> fill =
          Map.of(
              "op", opcode,
              "target", operand.isEmpty() ? opcode : opcode + "." + operand,
              "from", from,
              "to", to,
              "value", value,
              "use", useNote,
              "note", note);
      items.add(new DriftItem(rule, severity, opcode, operand, value, rule.sentence(fill, used)));
    }
  }

  /** The agent the report is graded for, or empty. */
  public String agent() {
    return agent;
  }

  /** The digest of the contract compared from. */
  public String fromDigest() {
    return fromDigest;
  }

  /** The digest of the contract compared to. */
  public String toDigest() {
    return toDigest;
  }

  /** Every difference, in a deterministic order. */
  public List<DriftItem> items() {
    return items;
  }

  /** The items of one severity, in report order. */
  public List<DriftItem> items(DriftSeverity severity) {
    List<DriftItem> out = new ArrayList<>();
    for (DriftItem i : items) {
      if (i.severity() == severity) {
        out.add(i);
      }
    }
    return out;
  }

  /** Whether any item is breaking. */
  public boolean hasBreaking() {
    for (DriftItem i : items) {
      if (i.severity() == DriftSeverity.BREAKING) {
        return true;
      }
    }
    return false;
  }

  /** Whether the two contracts have no difference at all. */
  public boolean isEmpty() {
    return items.isEmpty();
  }

  /** A readable multi-line report: a headline, then one line per item. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("contract drift");
    if (!agent.isEmpty()) {
      sb.append(" for ").append(agent);
    }
    if (items.isEmpty()) {
      return sb.append(": none").toString();
    }
    sb.append(": ")
        .append(items(DriftSeverity.BREAKING).size())
        .append(" breaking, ")
        .append(items(DriftSeverity.COMPATIBLE).size())
        .append(" compatible, ")
        .append(items(DriftSeverity.INFO).size())
        .append(" informational");
    for (DriftItem i : items) {
      sb.append("\n  - ").append(i);
    }
    return sb.toString();
  }
}
