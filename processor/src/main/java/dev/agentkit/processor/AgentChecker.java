package dev.agentkit.processor;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Problem;
import dev.agentkit.internal.ActDeclaration;
import dev.agentkit.internal.ContractRules;
import dev.agentkit.internal.text.Names;
import dev.agentkit.processor.AgentDeclaration.ActSite;
import dev.agentkit.processor.AgentDeclaration.HandlerSite;
import dev.agentkit.processor.SignatureChecker.Shape;
import dev.agentkit.processor.WiringModel.ActModel;
import dev.agentkit.processor.WiringModel.Handler;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Checks one agent's declaration against its contract and turns it into a {@link WiringModel}. The
 * contract rules are the runtime's ({@link ContractRules#bind}); this class adds what needs the
 * compiler: method signatures, accessibility, handler opcodes, and where to point each message.
 */
final class AgentChecker {
  private final Elements elements;
  private final SignatureChecker signatures;
  private final RunResultChecker results;
  private final Reporter reporter;

  AgentChecker(Elements elements, SignatureChecker signatures, Reporter reporter) {
    this.elements = elements;
    this.signatures = signatures;
    this.results = new RunResultChecker(elements);
    this.reporter = reporter;
  }

  /**
   * Checks the agent and returns its model, or null when anything is wrong (every problem is
   * reported first).
   *
   * @param contract the snapshot's contract, or null when it could not be read (already reported);
   *     then only the checks that do not need it run
   */
  WiringModel check(AgentDeclaration d, Contract contract) {
    int errorsBefore = reporter.errorCount();
    TypeElement agent = d.agent();
    String agentName = agent.getSimpleName().toString();
    String wiringName = wiringName(agent);
    checkAccessible(agent, d.mirror());
    checkTypes(d);

    Map<String, String> viewNames = viewNames(d.acts(), wiringName);
    String stateName = d.state() == null ? "State" : simpleName(d.state().toString());

    // Run and ask handlers, by opcode.
    Set<String> declared = new TreeSet<>();
    for (ActSite s : d.acts()) {
      declared.add(s.opcode());
    }
    Map<String, HandlerSite> runs = handlers(d.runs(), declared, Tags.RUN_WITHOUT_ACT, "@Run");
    Map<String, HandlerSite> asks = handlers(d.asks(), declared, Tags.ASK_WITHOUT_ACT, "@Ask");
    Map<String, Handler> runHandlers = new HashMap<>();
    Map<String, Handler> askHandlers = new HashMap<>();
    PackageElement wiringPackage = elements.getPackageOf(agent);
    for (HandlerSite h : runs.values()) {
      RunResultChecker.Verdict result = results.check(h.method().getReturnType(), wiringPackage);
      if (!result.ok()) {
        reporter.error(
            Tags.UNSUPPORTED_RUN_RESULT.message(
                h.opcode()
                    + ": the run handler "
                    + h.method().getSimpleName()
                    + " returns "
                    + h.method().getReturnType()
                    + result.problem()
                    + "; "
                    + RunResultChecker.FIX),
            h.method());
      }
      Handler handler =
          signature(
              h.method(),
              new Reporter.Location(h.method(), h.mirror(), null),
              Shape.RUN,
              Tags.RUN_SIGNATURE,
              d,
              h.opcode(),
              viewNames,
              result.result());
      if (handler != null) {
        runHandlers.put(h.opcode(), handler);
      }
    }
    for (HandlerSite h : asks.values()) {
      Handler handler =
          signature(
              h.method(),
              new Reporter.Location(h.method(), h.mirror(), null),
              Shape.ASK,
              Tags.ASK_SIGNATURE,
              d,
              h.opcode(),
              viewNames,
              null);
      if (handler != null) {
        askHandlers.put(h.opcode(), handler);
      }
    }

    // Readers, and the declarations the rules see.
    List<ActDeclaration> uses = new ArrayList<>();
    List<ActDeclaration> locals = new ArrayList<>();
    List<Handler> readers = new ArrayList<>();
    for (ActSite s : d.acts()) {
      ExecutableElement method = s.method();
      ChangeCategory category = s.category();
      boolean fieldReader = method != null && category == ChangeCategory.MULTI_FIELD;
      boolean reader = method != null && !fieldReader;
      Handler handler = null;
      boolean fits =
          category != null && (category.needsStateReader() || category.needsFieldReader());
      if (method != null && fits) {
        handler =
            signature(
                method,
                s.at(null),
                fieldReader ? Shape.FIELD_READER : Shape.READER,
                Tags.READER_SIGNATURE,
                d,
                s.opcode(),
                viewNames,
                null);
      }
      readers.add(handler);
      Set<ActDeclaration.Handler> has = EnumSet.noneOf(ActDeclaration.Handler.class);
      if (runs.containsKey(s.opcode())) {
        has.add(ActDeclaration.Handler.RUN);
      }
      if (asks.containsKey(s.opcode())) {
        has.add(ActDeclaration.Handler.ASK);
      }
      if (reader) {
        has.add(ActDeclaration.Handler.READER);
      }
      if (fieldReader) {
        has.add(ActDeclaration.Handler.FIELD_READER);
      }
      ActDeclaration decl =
          new ActDeclaration(
              s.opcode(),
              s.local(),
              category,
              s.premise().input(),
              s.premise().terminalStates(),
              s.premise().structured(),
              s.assertTier(),
              has);
      (s.isLocal() ? locals : uses).add(decl);
    }

    // The contract rules, once, with every problem pointed at its attribute.
    List<ActDeclaration> bound = List.of();
    if (contract != null) {
      ContractRules.Binding binding = ContractRules.bind(contract, uses, locals);
      bound = binding.acts();
      reportProblems(binding.problems(), d, runs, agentName);
    } else {
      List<Problem> localProblems = ContractRules.bind(null, List.of(), locals).problems();
      reportProblems(localProblems, d, runs, agentName);
    }
    if (reporter.errorCount() > errorsBefore || contract == null) {
      return null;
    }

    Map<String, Op> boundByOpcode = new HashMap<>();
    for (ActDeclaration b : bound) {
      boundByOpcode.put(b.opcode(), b.op());
    }
    List<ActModel> acts = new ArrayList<>();
    Map<String, Op> compiled = new TreeMap<>();
    for (int i = 0; i < d.acts().size(); i++) {
      ActSite s = d.acts().get(i);
      Op full = boundByOpcode.get(s.opcode());
      if (!s.isLocal()) {
        contract.op(s.opcode()).ifPresent(op -> compiled.put(op.opcode(), op));
      }
      Handler h = readers.get(i);
      boolean field = s.category() == ChangeCategory.MULTI_FIELD;
      acts.add(
          new ActModel(
              s.opcode(),
              s.premise(),
              full == null ? Op.builder(s.opcode()).build() : full,
              s.isLocal(),
              s.assertTier(),
              viewNames.get(s.opcode()),
              field ? null : h,
              field ? h : null,
              runHandlers.get(s.opcode()),
              askHandlers.get(s.opcode())));
    }
    return new WiringModel(
        elements.getPackageOf(agent).getQualifiedName().toString(),
        wiringName,
        agent.getModifiers().contains(Modifier.PUBLIC),
        agent,
        d.state(),
        contract.name().isEmpty() ? d.contract() : contract.name(),
        contract.digest(),
        new ArrayList<>(compiled.values()),
        acts);
  }

  /** {@code Outer_Inner_Wiring} for an agent nested in {@code Outer}. */
  static String wiringName(TypeElement agent) {
    StringBuilder sb = new StringBuilder(agent.getSimpleName());
    Element e = agent.getEnclosingElement();
    while (e instanceof TypeElement t) {
      sb.insert(0, t.getSimpleName() + "_");
      e = t.getEnclosingElement();
    }
    return sb.append("_Wiring").toString();
  }

  /** The view class of each opcode, qualified by the wiring class: sorted, so names are stable. */
  private static Map<String, String> viewNames(List<ActSite> acts, String wiringName) {
    Set<String> opcodes = new TreeSet<>();
    for (ActSite s : acts) {
      opcodes.add(s.opcode());
    }
    Set<String> taken = new HashSet<>(Set.of(wiringName));
    Map<String, String> out = new LinkedHashMap<>();
    for (String op : opcodes) {
      out.put(op, wiringName + "." + JavaNames.unique(JavaNames.upperCamel(op), taken, ""));
    }
    return out;
  }

  private void checkAccessible(TypeElement agent, AnnotationMirror mirror) {
    Element e = agent;
    while (e instanceof TypeElement t) {
      String why = null;
      if (t.getModifiers().contains(Modifier.PRIVATE)) {
        why = "is private";
      } else if (t.getNestingKind() == NestingKind.MEMBER
          && !t.getModifiers().contains(Modifier.STATIC)
          && t.getKind() == ElementKind.CLASS
          && t.getEnclosingElement().getKind() == ElementKind.CLASS) {
        why = "is an inner (non-static) class";
      } else if (t.getNestingKind() == NestingKind.LOCAL
          || t.getNestingKind() == NestingKind.ANONYMOUS) {
        why = "is a local class";
      }
      if (why != null) {
        reporter.error(
            Tags.INACCESSIBLE.message(
                "agent "
                    + agent.getSimpleName()
                    + ": "
                    + (t == agent ? "the class " : "its enclosing class " + t.getSimpleName() + " ")
                    + why
                    + ", so the generated "
                    + wiringName(agent)
                    + " in the same package cannot use it; make it a top-level or static nested"
                    + " class that is not private"),
            agent,
            mirror,
            null);
        return;
      }
      e = t.getEnclosingElement();
    }
  }

  /** The wiring names the agent and state types without type arguments, so neither may have any. */
  private void checkTypes(AgentDeclaration d) {
    TypeElement agent = d.agent();
    if (!agent.getTypeParameters().isEmpty()) {
      reporter.error(
          Tags.UNSUPPORTED_TYPE.message(
              "agent "
                  + agent.getSimpleName()
                  + " has type parameters, which the generated wiring cannot supply; bind a"
                  + " non-generic agent class"),
          agent,
          d.mirror(),
          null);
    }
    if (d.state() instanceof DeclaredType state
        && state.asElement() instanceof TypeElement stateType
        && !stateType.getTypeParameters().isEmpty()) {
      reporter.error(
          Tags.UNSUPPORTED_TYPE.message(
              "agent "
                  + agent.getSimpleName()
                  + ": state type "
                  + stateType.getSimpleName()
                  + " has type parameters, which state = "
                  + stateType.getSimpleName()
                  + ".class cannot carry; use a non-generic state class"),
          agent,
          d.mirror(),
          AnnotationValues.explicit(d.mirror(), "state"));
    }
  }

  private Map<String, HandlerSite> handlers(
      List<HandlerSite> sites, Set<String> declared, Tags undeclared, String annotation) {
    Map<String, HandlerSite> out = new LinkedHashMap<>();
    for (HandlerSite h : sites) {
      AnnotationValue value = AnnotationValues.explicit(h.mirror(), "value");
      if (!declared.contains(h.opcode())) {
        reporter.error(
            undeclared.message(
                annotation
                    + "(\""
                    + h.opcode()
                    + "\") on "
                    + h.method().getSimpleName()
                    + " names an opcode this agent declares no @Act or @LocalAct for; declared: "
                    + (declared.isEmpty() ? "(none)" : String.join(", ", declared))
                    + Names.didYouMean(h.opcode(), declared)),
            h.method(),
            h.mirror(),
            value);
        continue;
      }
      HandlerSite first = out.putIfAbsent(h.opcode(), h);
      if (first != null) {
        Tags tag = annotation.equals("@Run") ? Tags.DUPLICATE_RUN : Tags.DUPLICATE_ASK;
        reporter.error(
            tag.message(
                h.opcode()
                    + ": "
                    + annotation
                    + " is on both "
                    + first.method().getSimpleName()
                    + " and "
                    + h.method().getSimpleName()
                    + "; an act has one, so keep one"),
            h.method(),
            h.mirror(),
            value);
      }
    }
    return out;
  }

  private Handler signature(
      ExecutableElement method,
      Reporter.Location location,
      Shape shape,
      Tags tag,
      AgentDeclaration d,
      String opcode,
      Map<String, String> viewNames,
      TypeMirror result) {
    List<String> problems = new ArrayList<>();
    String stateName = d.state() == null ? "State" : simpleName(d.state().toString());
    String resultName = result == null ? "void" : simpleName(result.toString());
    Handler h =
        signatures.check(
            method,
            shape,
            d.state(),
            viewNames.get(opcode),
            stateName,
            result,
            resultName,
            problems);
    for (String p : problems) {
      reporter.error(
          location,
          tag.message(opcode + ": the " + shape.what + " " + method.getSimpleName() + " " + p));
    }
    return h;
  }

  /** Reports each rule problem at the attribute it concerns, in the order the rules found them. */
  private void reportProblems(
      List<Problem> problems, AgentDeclaration d, Map<String, HandlerSite> runs, String agentName) {
    Map<String, Integer> seen = new HashMap<>();
    for (Problem p : problems) {
      Problem.Kind kind = p.kind();
      String message = p.message() + " (agent " + agentName + ", contract " + d.contract() + ")";
      if (kind == Problem.Kind.WITHHELD_WITH_RUN && runs.containsKey(p.opcode())) {
        HandlerSite run = runs.get(p.opcode());
        reporter.error(message, run.method(), run.mirror(), null);
        continue;
      }
      List<ActSite> candidates = new ArrayList<>();
      for (ActSite s : d.acts()) {
        if (!s.opcode().equals(p.opcode())) {
          continue;
        }
        if ((kind == Problem.Kind.UNKNOWN_OPCODE || kind == Problem.Kind.TIER_MISMATCH)
            && s.isLocal()) {
          continue;
        }
        if (kind == Problem.Kind.LOCAL_OPCODE_CLASH && !s.isLocal()) {
          continue;
        }
        candidates.add(s);
      }
      if (candidates.isEmpty()) {
        reporter.error(message, d.agent(), d.mirror(), null);
        continue;
      }
      int n = seen.merge(kind + "\u0000" + p.opcode() + "\u0000" + p.subject(), 1, Integer::sum);
      if (kind == Problem.Kind.DUPLICATE_OPCODE) {
        for (int i = 1; i < candidates.size(); i++) {
          report(message, candidates.get(i), kind, p.subject());
        }
        continue;
      }
      report(message, candidates.get(Math.min(n, candidates.size()) - 1), kind, p.subject());
    }
  }

  private void report(String message, ActSite site, Problem.Kind kind, String subject) {
    String attribute = kind.attribute();
    AnnotationValue value =
        attribute.isEmpty() ? null : AnnotationValues.explicit(site.mirror(), attribute);
    if (value != null && !subject.isEmpty()) {
      if (attribute.equals("operands")) {
        value = operandValue(value, subject, value);
      } else {
        for (AnnotationValue element : AnnotationValues.list(value)) {
          if (subject.equals(element.getValue())) {
            value = element;
            break;
          }
        }
      }
    }
    reporter.error(site.at(value, attribute, subject), message);
  }

  private static AnnotationValue operandValue(
      AnnotationValue operands, String name, AnnotationValue fallback) {
    for (AnnotationValue v : AnnotationValues.list(operands)) {
      if (v.getValue() instanceof AnnotationMirror m) {
        AnnotationValue n = AnnotationValues.explicit(m, "name");
        if (n != null && name.equals(n.getValue())) {
          return v;
        }
      }
    }
    return fallback;
  }

  private static String simpleName(String qualified) {
    String s = qualified;
    int generic = s.indexOf('<');
    if (generic >= 0) {
      s = s.substring(0, generic);
    }
    return s.substring(s.lastIndexOf('.') + 1);
  }
}
