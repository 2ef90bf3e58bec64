package dev.agentkit.processor;

import dev.agentkit.internal.text.Names;
import dev.agentkit.processor.AgentDeclaration.ActSite;
import dev.agentkit.processor.AgentDeclaration.HandlerSite;
import dev.agentkit.processor.SignatureChecker.Shape;
import dev.agentkit.processor.WiringModel.Handler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.type.TypeMirror;

/**
 * Checks the methods one agent's wiring calls: that each {@code @Run} and {@code @Ask} names an act
 * of the agent, once, and that every handler, readers included, has a shape the wiring can call.
 * Immutable; one per agent.
 */
final class HandlerChecker {
  /** {@code @Run} and {@code @Ask}: how each is written, and its tags. */
  private enum Annotation {
    RUN("@Run", Tags.RUN_WITHOUT_ACT, Tags.DUPLICATE_RUN),
    ASK("@Ask", Tags.ASK_WITHOUT_ACT, Tags.DUPLICATE_ASK);

    final String written;
    final Tags undeclared;
    final Tags duplicate;

    Annotation(String written, Tags undeclared, Tags duplicate) {
      this.written = written;
      this.undeclared = undeclared;
      this.duplicate = duplicate;
    }
  }

  /**
   * The run and ask handlers, by opcode.
   *
   * @param runSites the {@code @Run} method of each declared opcode that has one
   * @param askSites the {@code @Ask} method of each declared opcode that has one
   * @param runs the run handlers whose signature fits
   * @param asks the ask handlers whose signature fits
   * @param folded for an unknown {@code @Act} opcode, what its handlers name: the handlers that
   *     name the contract's opcode nearest to it, written as {@code @Run("x") on m}; their problem
   *     is the act's, reported once with it
   */
  record Checked(
      Map<String, HandlerSite> runSites,
      Map<String, HandlerSite> askSites,
      Map<String, Handler> runs,
      Map<String, Handler> asks,
      Map<String, List<String>> folded) {}

  private final SignatureChecker signatures;
  private final RunResultChecker results;
  private final AgentDeclaration d;
  private final Map<String, String> viewNames;
  private final PackageElement wiringPackage;
  private final Unknown unknown;

  /**
   * The {@code @Act} opcodes the contract lacks.
   *
   * @param opcodes each of them; never suggested to a handler, which would repeat the misspelling
   * @param nearest for each of them that has one, the contract opcode its {@code [UnknownOpcode]}
   *     suggests
   * @param byNearest for each contract opcode one of them is nearest to, that one: a handler naming
   *     the contract's opcode belongs to that misspelled act
   */
  record Unknown(Set<String> opcodes, Map<String, String> nearest, Map<String, String> byNearest) {
    static final Unknown NONE = new Unknown(Set.of(), Map.of(), Map.of());
  }

  HandlerChecker(
      SignatureChecker signatures,
      RunResultChecker results,
      AgentDeclaration d,
      Map<String, String> viewNames,
      PackageElement wiringPackage,
      Unknown unknown) {
    this.signatures = signatures;
    this.results = results;
    this.d = d;
    this.viewNames = viewNames;
    this.wiringPackage = wiringPackage;
    this.unknown = unknown;
  }

  /** Checks every {@code @Run} and {@code @Ask} method, adding what is wrong to {@code report}. */
  Checked check(CheckReport.Builder report) {
    Set<String> declared = new TreeSet<>();
    for (ActSite s : d.acts()) {
      declared.add(s.opcode());
    }
    Map<String, List<String>> folded = new TreeMap<>();
    Map<String, HandlerSite> runSites =
        byOpcode(d.runs(), declared, Annotation.RUN, folded, report);
    Map<String, HandlerSite> askSites =
        byOpcode(d.asks(), declared, Annotation.ASK, folded, report);
    Map<String, Handler> runs = new LinkedHashMap<>();
    for (HandlerSite h : runSites.values()) {
      TypeMirror result = result(h, report);
      put(runs, h.opcode(), fit(h.method(), h.at(null), Shape.RUN, h.opcode(), result, report));
    }
    Map<String, Handler> asks = new LinkedHashMap<>();
    for (HandlerSite h : askSites.values()) {
      put(asks, h.opcode(), fit(h.method(), h.at(null), Shape.ASK, h.opcode(), null, report));
    }
    return new Checked(runSites, askSites, runs, asks, folded);
  }

  private static void put(Map<String, Handler> handlers, String opcode, Handler h) {
    if (h != null) {
      handlers.put(opcode, h);
    }
  }

  /**
   * The handler for a method, or null after adding what is wrong with its signature to {@code
   * report}.
   *
   * @param result for a run handler, the result type the wiring passes on (null for none)
   */
  Handler fit(
      ExecutableElement method,
      Location at,
      Shape shape,
      String opcode,
      TypeMirror result,
      CheckReport.Builder report) {
    List<String> problems = new ArrayList<>();
    String stateName = d.state() == null ? "State" : simpleName(d.state().toString());
    String resultName = result == null ? "void" : simpleName(result.toString());
    Handler h =
        signatures.check(
            method, shape, d.state(), views(opcode), stateName, result, resultName, problems);
    Tags tag =
        switch (shape) {
          case READER, FIELD_READER -> Tags.READER_SIGNATURE;
          case RUN -> Tags.RUN_SIGNATURE;
          case ASK -> Tags.ASK_SIGNATURE;
        };
    for (String p : problems) {
      report.error(
          at, tag.message(opcode + ": the " + shape.what + " " + method.getSimpleName() + " " + p));
    }
    return h;
  }

  /**
   * The views a handler of {@code opcode} may take. For an opcode the contract lacks, the view of
   * the opcode its {@code [UnknownOpcode]} suggests is accepted too, and is the one a signature
   * names: code written against the op the author meant is not a second problem, and no message
   * points to the view of an op that does not exist.
   */
  private SignatureChecker.Views views(String opcode) {
    String own = viewNames.get(opcode);
    if (!unknown.opcodes().contains(opcode)) {
      return SignatureChecker.Views.of(own);
    }
    String near = unknown.nearest().get(opcode);
    return near == null
        ? new SignatureChecker.Views(List.of(own), null)
        : new SignatureChecker.Views(List.of(own, viewNames.get(near)), viewNames.get(near));
  }

  /** The type a run handler's result is typed as, after reporting one it cannot return. */
  private TypeMirror result(HandlerSite h, CheckReport.Builder report) {
    RunResultChecker.Verdict verdict = results.check(h.method().getReturnType(), wiringPackage);
    if (!verdict.ok()) {
      report.error(
          Location.of(h.method()),
          Tags.UNSUPPORTED_RUN_RESULT.message(
              h.opcode()
                  + ": the run handler "
                  + h.method().getSimpleName()
                  + " returns "
                  + h.method().getReturnType()
                  + verdict.problem()
                  + "; "
                  + RunResultChecker.FIX));
    }
    return verdict.result();
  }

  /**
   * The first handler of each declared opcode; undeclared and repeated ones are errors, except one
   * naming the opcode a misspelled act should have, which goes to {@code folded}.
   */
  private Map<String, HandlerSite> byOpcode(
      List<HandlerSite> sites,
      Set<String> declared,
      Annotation annotation,
      Map<String, List<String>> folded,
      CheckReport.Builder report) {
    Map<String, HandlerSite> out = new LinkedHashMap<>();
    for (HandlerSite h : sites) {
      AnnotationValue value = AnnotationValues.explicit(h.mirror(), "value");
      String act = declared.contains(h.opcode()) ? null : unknown.byNearest().get(h.opcode());
      if (act != null) {
        folded
            .computeIfAbsent(act, k -> new ArrayList<>())
            .add(annotation.written + "(\"" + h.opcode() + "\") on " + h.method().getSimpleName());
        continue;
      }
      if (!declared.contains(h.opcode())) {
        report.error(
            h.at(value),
            annotation.undeclared.message(
                annotation.written
                    + "(\""
                    + h.opcode()
                    + "\") on "
                    + h.method().getSimpleName()
                    + " names an opcode this agent declares no @Act or @LocalAct for; declared: "
                    + Names.listing(h.opcode(), declared)
                    + Names.didYouMean(h.opcode(), suggestible(declared))));
        continue;
      }
      HandlerSite first = out.putIfAbsent(h.opcode(), h);
      if (first != null) {
        report.error(
            h.at(value),
            annotation.duplicate.message(
                h.opcode()
                    + ": "
                    + annotation.written
                    + " is on both "
                    + first.method().getSimpleName()
                    + " and "
                    + h.method().getSimpleName()
                    + "; an act has one, so keep one"));
      }
    }
    return out;
  }

  /** The declared opcodes a handler may be pointed to: not one the contract lacks. */
  private Set<String> suggestible(Set<String> declared) {
    Set<String> out = new TreeSet<>(declared);
    out.removeAll(unknown.opcodes());
    return out;
  }

  static String simpleName(String qualified) {
    String s = qualified;
    int generic = s.indexOf('<');
    if (generic >= 0) {
      s = s.substring(0, generic);
    }
    return s.substring(s.lastIndexOf('.') + 1);
  }
}
