package dev.agentkit.processor;

import dev.agentkit.contract.Problem;
import dev.agentkit.processor.AgentDeclaration.ActSite;
import dev.agentkit.processor.AgentDeclaration.HandlerSite;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;

/**
 * Points each problem the runtime's contract rules found at the narrowest place in the agent's
 * source: the annotation of the act it is about, the attribute its kind names, and the array
 * element or {@code @LocalAct.Operand} its subject names.
 */
final class RulePlacement {
  /** The acts a problem of these kinds can be about; any act of its opcode for other kinds. */
  private static final Map<Problem.Kind, Predicate<ActSite>> SITES =
      Map.of(
          Problem.Kind.UNKNOWN_OPCODE, s -> !s.isLocal(),
          Problem.Kind.TIER_MISMATCH, s -> !s.isLocal(),
          Problem.Kind.ASSERTED_UNKNOWN_TIER, s -> !s.isLocal(),
          Problem.Kind.OPAQUE_INPUT, s -> !s.isLocal(),
          Problem.Kind.LOCAL_OPCODE_CLASH, ActSite::isLocal);

  private RulePlacement() {}

  /**
   * Adds each problem to {@code report}, in the order the rules found them; one whose kind is a
   * warning ({@link Problem.Kind#isWarning()}) as a warning. A second problem of the same kind,
   * opcode and subject goes to the second act of that opcode, and so on; a duplicate opcode is
   * reported on every act after the first. An unknown opcode's message also names the handlers
   * folded into it ({@link HandlerChecker.Checked#folded()}).
   */
  static void place(
      List<Problem> problems,
      AgentDeclaration d,
      HandlerChecker.Checked handlers,
      CheckReport.Builder report) {
    Map<String, HandlerSite> runs = handlers.runSites();
    Map<String, Integer> seen = new HashMap<>();
    for (Problem p : problems) {
      String message =
          p.message() + " (agent " + d.agent().getSimpleName() + ", contract " + d.contract() + ")";
      List<String> folded = handlers.folded().get(p.opcode());
      if (p.kind() == Problem.Kind.UNKNOWN_OPCODE && folded != null) {
        message +=
            "; "
                + String.join(" and ", folded)
                + (folded.size() == 1 ? " already names" : " already name")
                + " the suggested opcode";
      }
      BiConsumer<Location, String> out = p.kind().isWarning() ? report::warning : report::error;
      if (p.kind() == Problem.Kind.WITHHELD_WITH_RUN && runs.containsKey(p.opcode())) {
        out.accept(runs.get(p.opcode()).at(null), message);
        continue;
      }
      List<ActSite> candidates = candidates(d, p);
      if (candidates.isEmpty()) {
        out.accept(Location.of(d.agent(), d.mirror(), null), message);
        continue;
      }
      int n =
          seen.merge(p.kind() + "\u0000" + p.opcode() + "\u0000" + p.subject(), 1, Integer::sum);
      if (p.kind() == Problem.Kind.DUPLICATE_OPCODE) {
        for (ActSite s : candidates.subList(1, candidates.size())) {
          out.accept(at(s, p), message);
        }
      } else {
        out.accept(at(candidates.get(Math.min(n, candidates.size()) - 1), p), message);
      }
    }
  }

  private static List<ActSite> candidates(AgentDeclaration d, Problem p) {
    Predicate<ActSite> fits = SITES.getOrDefault(p.kind(), s -> true);
    List<ActSite> out = new ArrayList<>();
    for (ActSite s : d.acts()) {
      if (s.opcode().equals(p.opcode()) && fits.test(s)) {
        out.add(s);
      }
    }
    return out;
  }

  /** The attribute the problem's kind names and, within it, the element its subject names. */
  private static Location at(ActSite site, Problem p) {
    String attribute = p.kind().attribute();
    String subject = p.subject();
    AnnotationValue value =
        attribute.isEmpty() ? null : AnnotationValues.explicit(site.mirror(), attribute);
    if (value != null && !subject.isEmpty()) {
      value =
          attribute.equals("operands") ? operand(value, subject) : element(value, subject, value);
    }
    return site.at(value, attribute, subject);
  }

  private static AnnotationValue element(
      AnnotationValue array, String subject, AnnotationValue fallback) {
    for (AnnotationValue element : AnnotationValues.list(array)) {
      if (subject.equals(element.getValue())) {
        return element;
      }
    }
    return fallback;
  }

  /** The {@code @LocalAct.Operand} named {@code name}, or all the operands when none is. */
  private static AnnotationValue operand(AnnotationValue operands, String name) {
    for (AnnotationValue v : AnnotationValues.list(operands)) {
      if (v.getValue() instanceof AnnotationMirror m) {
        AnnotationValue n = AnnotationValues.explicit(m, "name");
        if (n != null && name.equals(n.getValue())) {
          return v;
        }
      }
    }
    return operands;
  }
}
