package dev.agentkit.drift;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.internal.text.Names;

import java.util.ArrayList;
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
      DriftSeverity ifUsed = used ? null : DriftSeverity.INFO;
      String useNote = used && !usage.agent().isEmpty() ? ", which " + usage.agent() + " uses" : "";
      if (a == null) {
        items.add(
            item(
                DriftRule.OP_REMOVED,
                sev(ifUsed, DriftSeverity.BREAKING),
                opcode,
                "",
                "",
                "the backend removed op " + opcode + useNote));
        continue;
      }
      if (b == null) {
        DriftSeverity s = usage.acts() == null ? DriftSeverity.COMPATIBLE : DriftSeverity.INFO;
        items.add(item(DriftRule.OP_ADDED, s, opcode, "", "", "the backend added op " + opcode));
        continue;
      }
      compareOp(b, a, used ? usage.use(opcode) : null, ifUsed, useNote, items);
    }
    items.sort(
        Comparator.comparing(DriftItem::opcode)
            .thenComparing(DriftItem::rule)
            .thenComparing(DriftItem::operand)
            .thenComparing(DriftItem::value));
    return new DriftReport(usage.agent(), before.digest(), after.digest(), items);
  }

  /** The report of no difference, for the fast path where both digests are equal. */
  public static DriftReport unchanged(String agent, String digest) {
    return new DriftReport(agent, digest, digest, List.of());
  }

  private static void compareOp(
      Op b, Op a, ActUse use, DriftSeverity ifUsed, String useNote, List<DriftItem> items) {
    boolean used = ifUsed == null;
    String op = b.opcode();
    if (b.tier() != a.tier() && b.tier() != null && a.tier() != null) {
      boolean raised = a.tier().ordinal() > b.tier().ordinal();
      if (raised) {
        boolean nowWithheld =
            AutonomyRung.maxRungFor(b.tier()) == AutonomyRung.AUTO
                && AutonomyRung.maxRungFor(a.tier()) == AutonomyRung.ASK;
        DriftSeverity s = DriftSeverity.COMPATIBLE;
        String why = "";
        if (nowWithheld && use != null && use.hasRun()) {
          s = DriftSeverity.BREAKING;
          why = "; its run handler can never run now, so the act must be asked instead";
        } else if (nowWithheld && use != null && !use.hasAsk()) {
          s = DriftSeverity.BREAKING;
          why = "; it is now withheld for a human but has no ask wording, so it would vanish";
        } else if (nowWithheld) {
          why = "; it is now proposed to a human instead of running";
        }
        items.add(
            item(
                DriftRule.TIER_RAISED,
                sev(ifUsed, s),
                op,
                "",
                "",
                "the backend raised the tier of "
                    + op
                    + " from "
                    + b.tier().wireName()
                    + " to "
                    + a.tier().wireName()
                    + useNote
                    + why));
      } else {
        items.add(
            item(
                DriftRule.TIER_LOWERED,
                sev(ifUsed, DriftSeverity.COMPATIBLE),
                op,
                "",
                "",
                "the backend lowered the tier of "
                    + op
                    + " from "
                    + b.tier().wireName()
                    + " to "
                    + a.tier().wireName()
                    + useNote));
      }
    }
    if (!b.description().equals(a.description())) {
      items.add(
          item(
              DriftRule.DESCRIPTION_CHANGED,
              sev(ifUsed, DriftSeverity.COMPATIBLE),
              op,
              "",
              "",
              "the backend changed the description of "
                  + op
                  + useNote
                  + (used ? "; the live wording is what the model reads" : "")));
    }
    if (!b.objectType().equals(a.objectType())) {
      items.add(
          item(
              DriftRule.OBJECT_TYPE_CHANGED,
              sev(ifUsed, DriftSeverity.COMPATIBLE),
              op,
              "",
              "",
              "the backend changed the object type of "
                  + op
                  + " from \""
                  + b.objectType()
                  + "\" to \""
                  + a.objectType()
                  + "\""
                  + useNote));
    }
    for (Operand bo : b.operands()) {
      Operand ao = a.operand(bo.name()).orElse(null);
      String target = op + "." + bo.name();
      boolean isInput = use != null && bo.name().equals(use.input());
      if (ao == null) {
        items.add(
            item(
                DriftRule.OPERAND_REMOVED,
                sev(ifUsed, DriftSeverity.BREAKING),
                op,
                bo.name(),
                "",
                "the backend removed operand "
                    + target
                    + (isInput ? " (the input of its premise)" : "")
                    + useNote));
        continue;
      }
      if (bo.type() != ao.type()) {
        items.add(
            item(
                DriftRule.OPERAND_TYPE_CHANGED,
                sev(ifUsed, DriftSeverity.BREAKING),
                op,
                bo.name(),
                "",
                "the backend changed the type of "
                    + target
                    + " from "
                    + bo.type().wireName()
                    + " to "
                    + ao.type().wireName()
                    + useNote));
      }
      if (bo.list() != ao.list()) {
        items.add(
            item(
                DriftRule.OPERAND_LIST_CHANGED,
                sev(ifUsed, DriftSeverity.BREAKING),
                op,
                bo.name(),
                "",
                "the backend made "
                    + target
                    + (ao.list() ? " a list" : " a single value")
                    + useNote));
      }
      if (!bo.required() && ao.required()) {
        items.add(
            item(
                DriftRule.OPERAND_BECAME_REQUIRED,
                sev(ifUsed, DriftSeverity.BREAKING),
                op,
                bo.name(),
                "",
                "the backend made " + target + " required" + useNote));
      } else if (bo.required() && !ao.required()) {
        items.add(
            item(
                DriftRule.OPERAND_BECAME_OPTIONAL,
                sev(ifUsed, DriftSeverity.COMPATIBLE),
                op,
                bo.name(),
                "",
                "the backend made " + target + " optional" + useNote));
      }
      if (!bo.description().equals(ao.description())) {
        items.add(
            item(
                DriftRule.DESCRIPTION_CHANGED,
                sev(ifUsed, DriftSeverity.COMPATIBLE),
                op,
                bo.name(),
                "",
                "the backend changed the description of " + target + useNote));
      }
      if (bo.type() == OperandType.ENUM && ao.type() == OperandType.ENUM) {
        Set<String> after = new HashSet<>(ao.enumValues());
        Set<String> before = new HashSet<>(bo.enumValues());
        for (String v : bo.enumValues()) {
          if (!after.contains(v)) {
            items.add(
                item(
                    DriftRule.ENUM_VALUE_REMOVED,
                    sev(ifUsed, DriftSeverity.BREAKING),
                    op,
                    bo.name(),
                    v,
                    "the backend removed enum value \""
                        + v
                        + "\" of "
                        + target
                        + useNote
                        + (used ? "; calls with it are now rejected" : "")));
          }
        }
        for (String v : ao.enumValues()) {
          if (!before.contains(v)) {
            items.add(
                item(
                    DriftRule.ENUM_VALUE_ADDED,
                    sev(ifUsed, DriftSeverity.COMPATIBLE),
                    op,
                    bo.name(),
                    v,
                    "the backend added enum value \""
                        + v
                        + "\" to "
                        + target
                        + useNote
                        + (used ? "; it is usable at once" : "")));
          }
        }
      }
    }
    for (Operand ao : a.operands()) {
      if (b.operand(ao.name()).isPresent()) {
        continue;
      }
      String target = op + "." + ao.name();
      if (ao.required()) {
        items.add(
            item(
                DriftRule.OPERAND_ADDED_REQUIRED,
                sev(ifUsed, DriftSeverity.BREAKING),
                op,
                ao.name(),
                "",
                "the backend added required operand "
                    + target
                    + useNote
                    + (used ? "; calls without it are now rejected" : "")));
      } else {
        items.add(
            item(
                DriftRule.OPERAND_ADDED_OPTIONAL,
                sev(ifUsed, DriftSeverity.COMPATIBLE),
                op,
                ao.name(),
                "",
                "the backend added optional operand " + target + useNote));
      }
    }
  }

  private static DriftSeverity sev(DriftSeverity override, DriftSeverity s) {
    return override != null ? override : s;
  }

  private static DriftItem item(
      DriftRule rule,
      DriftSeverity severity,
      String opcode,
      String operand,
      String value,
      String sentence) {
    return new DriftItem(rule, severity, opcode, operand, value, sentence);
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
