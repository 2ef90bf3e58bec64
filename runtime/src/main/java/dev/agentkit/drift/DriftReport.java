package dev.agentkit.drift;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
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
        compareOverride(before, after, b, a, f);
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
    new SchemaDrift(f)
        .properties(b.operands(), a.operands(), "", f.use == null ? "" : f.use.input());
  }

  /**
   * The tier, as the source serves it and as the user's overrides make it. Without an override on
   * either side this is the backend's change; with one, a change of the source's tier is said under
   * the override ("the source now says X; your tier override keeps Y"), and a change of the tier
   * the override gives, while the source's stayed, is the override's. An override whose reason
   * lowers below a tier the source has since raised is breaking: the reason was given for less.
   */
  private static void compareOverride(Contract before, Contract after, Op b, Op a, Findings f) {
    boolean overridden = overrides(before, b.opcode()) || overrides(after, a.opcode());
    if (!overridden) {
      compareTier(b, a, f, DriftRule.TIER_RAISED, DriftRule.TIER_LOWERED);
      return;
    }
    Op bs = before.served().op(b.opcode()).orElse(b);
    Op as = after.served().op(a.opcode()).orElse(a);
    if (bs.tierName().equals(as.tierName())) {
      compareTier(b, a, f, DriftRule.OVERRIDE_RAISED, DriftRule.OVERRIDE_LOWERED);
      return;
    }
    boolean reasonStale =
        a.tier() != null
            && as.tier() != null
            && bs.tier() != null
            && a.tier().compareTo(as.tier()) < 0
            && as.tier().compareTo(bs.tier()) > 0;
    String note =
        "; your tier override "
            + (a.tierName().equals(b.tierName()) ? "keeps " : "now gives ")
            + a.tierName()
            + (reasonStale
                ? ", below the source's, for a reason given when the source said "
                    + tierText(bs)
                    + ": confirm the reason still holds, then take the snapshot again (mvn"
                    + " agentkit:snapshot)"
                : "");
    f.add(
        DriftRule.TIER_UNDER_OVERRIDE,
        f.grade(reasonStale ? DriftSeverity.BREAKING : DriftSeverity.COMPATIBLE),
        "",
        tierText(bs),
        tierText(as),
        "",
        note);
    compareTier(b, a, f, DriftRule.TIER_RAISED, DriftRule.TIER_LOWERED);
  }

  private static boolean overrides(Contract c, String opcode) {
    return c.tierOverride(opcode).isPresent();
  }

  /**
   * A raised tier is compatible unless it strands the act: a run handler that can never run now, or
   * a withheld act with no ask wording.
   */
  private static void compareTier(Op b, Op a, Findings f, DriftRule raised, DriftRule lowered) {
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
      f.add(lowered, "", from, to, "", "");
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
    f.add(raised, f.grade(severity), "", from, to, "", why);
  }

  /** A tier as drift sentences name it: the wire name, or an unknown one quoted as served. */
  private static String tierText(Op op) {
    return op.hasUnknownTier() ? JsonText.shown(op.unknownTier()) : op.tierName();
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
