package dev.agentkit.contract;

import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.Names;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How tier overrides apply to a contract ({@link TierOverride} states the rules), what is wrong
 * with them, and their canonical order and text. One place, so the snapshot goal, {@code check},
 * startup re-verification and code all read an override the same way.
 */
final class TierRules {
  private TierRules() {}

  /** Exact overrides first, then patterns; each sorted by its text. */
  static final Comparator<TierOverride> CANONICAL =
      Comparator.comparing(TierOverride::isPattern)
          .thenComparing(TierOverride::opcode)
          .thenComparing(TierOverride::pattern);

  /** Whether a pattern matches an opcode; {@code *} stands for any run of characters. */
  static boolean glob(String pattern, String text) {
    int p = 0;
    int t = 0;
    int star = -1;
    int mark = 0;
    while (t < text.length()) {
      if (p < pattern.length() && pattern.charAt(p) != '*' && pattern.charAt(p) == text.charAt(t)) {
        p++;
        t++;
      } else if (p < pattern.length() && pattern.charAt(p) == '*') {
        star = p++;
        mark = t;
      } else if (star >= 0) {
        p = star + 1;
        t = ++mark;
      } else {
        return false;
      }
    }
    while (p < pattern.length() && pattern.charAt(p) == '*') {
      p++;
    }
    return p == pattern.length();
  }

  /** How specific a pattern is: its characters besides {@code *}. */
  private static int specificity(TierOverride o) {
    return o.pattern().replace("*", "").length();
  }

  /** The override that decides an opcode's tier, or null when none matches. */
  static TierOverride ruleFor(List<TierOverride> overrides, String opcode) {
    TierOverride best = null;
    for (TierOverride o : overrides) {
      if (!o.matches(opcode)) {
        continue;
      }
      if (!o.isPattern()) {
        return o;
      }
      if (best == null
          || specificity(o) > specificity(best)
          || (specificity(o) == specificity(best) && o.tier().compareTo(best.tier()) > 0)) {
        best = o;
      }
    }
    return best;
  }

  /**
   * The tier an override gives an op: its own, except that one without a reason never lowers. An op
   * without a tier keeps none, so the contract's checks still report it.
   */
  static Tier effective(TierOverride rule, Op served) {
    if (served.tier() == null
        || rule.reason().isEmpty() && rule.tier().compareTo(served.tier()) < 0) {
      return served.tier();
    }
    return rule.tier();
  }

  /** The op with the tier its override gives, or the op itself. */
  static Op apply(List<TierOverride> overrides, Op served) {
    TierOverride rule = ruleFor(overrides, served.opcode());
    if (rule == null) {
      return served;
    }
    Tier tier = effective(rule, served);
    if (tier == served.tier()) {
      return served; // an unknown tier stays as served, and its warning with it
    }
    return new Op(
        served.opcode(), served.description(), served.objectType(), tier, served.operands());
  }

  /** The overrides sorted canonically; an opcode or pattern given twice is refused. */
  static List<TierOverride> canonical(List<TierOverride> overrides) {
    List<TierOverride> sorted = new ArrayList<>(overrides);
    sorted.sort(CANONICAL);
    for (int i = 1; i < sorted.size(); i++) {
      TierOverride a = sorted.get(i - 1);
      TierOverride b = sorted.get(i);
      if (a.isPattern() == b.isPattern()
          && a.opcode().equals(b.opcode())
          && a.pattern().equals(b.pattern())) {
        throw new IllegalArgumentException(twice(b));
      }
    }
    return List.copyOf(sorted);
  }

  private static String twice(TierOverride o) {
    return "the tier override of "
        + o.describe()
        + " is given twice; give each opcode or pattern once, with the one tier it should have";
  }

  /** The compact JSON of the overrides, as the digest covers them. */
  static String compact(List<TierOverride> overrides) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < overrides.size(); i++) {
      TierOverride o = overrides.get(i);
      sb.append(i == 0 ? "{" : ",{");
      sb.append(o.isPattern() ? "\"pattern\":" : "\"opcode\":");
      JsonText.string(sb, o.isPattern() ? o.pattern() : o.opcode());
      sb.append(",\"tier\":");
      JsonText.string(sb, o.tier().wireName());
      sb.append(",\"reason\":");
      JsonText.string(sb, o.reason());
      sb.append('}');
    }
    return sb.append(']').toString();
  }

  /** See {@link TierOverride#check}. */
  static List<String> check(Contract served, List<TierOverride> overrides) {
    List<String> problems = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (TierOverride o : overrides) {
      if (!seen.add(o.describe())) {
        problems.add(twice(o));
      }
    }
    for (TierOverride o : overrides) {
      String problem = o.isPattern() ? patternProblem(served, o) : exactProblem(served, o);
      if (problem != null) {
        problems.add(problem);
      }
    }
    problems.addAll(overlaps(served, overrides));
    return List.copyOf(problems);
  }

  private static String exactProblem(Contract served, TierOverride o) {
    Op op = served.op(o.opcode()).orElse(null);
    if (op == null) {
      return "the tier override of "
          + o.describe()
          + " names an op contract "
          + served.name()
          + " does not have"
          + Names.didYouMean(o.opcode(), served.opcodes())
          + "; give an opcode it serves ("
          + Names.listing(o.opcode(), served.opcodes())
          + "), or a pattern";
    }
    return lowering(o, List.of(op));
  }

  private static String patternProblem(Contract served, TierOverride o) {
    List<Op> matched = new ArrayList<>();
    for (Op op : served.ops()) {
      if (o.matches(op.opcode())) {
        matched.add(op);
      }
    }
    if (matched.isEmpty()) {
      return "the tier override of "
          + o.describe()
          + " matches no opcode of contract "
          + served.name()
          + " (* stands for any run of characters, and the rest must be as the contract spells"
          + " it); correct the pattern, or remove the override";
    }
    return lowering(o, matched);
  }

  /** A sentence when an override without a reason is below the tier the source gives an op. */
  private static String lowering(TierOverride o, List<Op> ops) {
    if (!o.reason().isEmpty()) {
      return null;
    }
    List<String> lowered = new ArrayList<>();
    for (Op op : ops) {
      if (op.tier() != null && o.tier().compareTo(op.tier()) < 0) {
        lowered.add(op.opcode() + " (" + op.tierName() + ")");
      }
    }
    if (lowered.isEmpty()) {
      return null;
    }
    return "the tier override of "
        + o.describe()
        + " lowers "
        + Names.listing(lowered)
        + " to "
        + o.tier().wireName()
        + " and gives no reason: a lower tier means less oversight, so give the reason it is"
        + " safe, or a tier no lower than the source's";
  }

  /** Patterns as specific as each other that give one opcode different tiers. */
  private static List<String> overlaps(Contract served, List<TierOverride> overrides) {
    List<String> problems = new ArrayList<>();
    Set<String> reported = new HashSet<>();
    for (Op op : served.ops()) {
      if (overrides.stream().anyMatch(o -> !o.isPattern() && o.matches(op.opcode()))) {
        continue;
      }
      TierOverride rule = ruleFor(overrides, op.opcode());
      if (rule == null) {
        continue;
      }
      for (TierOverride o : overrides) {
        if (o.isPattern()
            && o != rule
            && o.matches(op.opcode())
            && specificity(o) == specificity(rule)
            && o.tier() != rule.tier()
            && reported.add(rule.pattern() + "\n" + o.pattern())) {
          problems.add(
              "the tier overrides of "
                  + o.describe()
                  + " and "
                  + rule.describe()
                  + " both match "
                  + op.opcode()
                  + ", are as specific as each other and give different tiers ("
                  + o.tier().wireName()
                  + ", "
                  + rule.tier().wireName()
                  + "); add an override of opcode "
                  + op.opcode()
                  + ", or make one pattern longer");
        }
      }
    }
    return problems;
  }
}
