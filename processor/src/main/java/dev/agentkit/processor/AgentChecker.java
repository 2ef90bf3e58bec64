package dev.agentkit.processor;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Checks one agent's declaration against its contract and returns a {@link CheckReport}: every
 * problem found, each at its location, and the {@link WiringModel} to write (bindable only when
 * there is none). The contract rules are the runtime's ({@link ContractRules#bind}); this class
 * adds what needs the compiler: method signatures ({@link HandlerChecker}), accessibility, handler
 * opcodes, and where each rule's problem points ({@link RulePlacement}). It reports nothing itself.
 */
final class AgentChecker {
  /** A reason the generated wiring cannot name a class, when its test holds. */
  private record Hidden(Predicate<TypeElement> test, String why) {}

  /** Checked from the agent outwards through its enclosing classes; the first that holds counts. */
  private static final List<Hidden> HIDDEN =
      List.of(
          new Hidden(t -> t.getModifiers().contains(Modifier.PRIVATE), "is private"),
          new Hidden(AgentChecker::isInner, "is an inner (non-static) class"),
          new Hidden(
              t ->
                  t.getNestingKind() == NestingKind.LOCAL
                      || t.getNestingKind() == NestingKind.ANONYMOUS,
              "is a local class"));

  private final Elements elements;
  private final Types types;
  private final SignatureChecker signatures;
  private final RunResultChecker results;

  AgentChecker(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
    this.signatures = new SignatureChecker(elements, types);
    this.results = new RunResultChecker(elements);
  }

  /**
   * Each act's reader (null when it has none that fits) and the declarations the rules see.
   *
   * @param readers by the act's position in the declaration
   */
  private record Declared(
      List<Handler> readers, List<ActDeclaration> uses, List<ActDeclaration> locals) {}

  /**
   * Checks the agent. The report's model is bindable when the agent checked clean against a
   * contract; otherwise it holds the types the agent's code names, as far as they could be read.
   *
   * @param contract the snapshot's contract, or null when it could not be read (reported apart);
   *     then only the checks that do not need it run, and the model is not bindable
   */
  CheckReport check(AgentDeclaration d, Contract contract) {
    CheckReport.Builder report = CheckReport.builder();
    String wiringName = wiringName(d.agent());
    checkAccessible(d, wiringName, report);
    checkTypes(d, report);
    checkStateVisible(d, wiringName, report);
    HandlerChecker.Unknown unknown = unknown(d, contract);
    Map<String, String> viewNames = viewNames(d, wiringName, unknown);
    HandlerChecker fit =
        new HandlerChecker(
            signatures, results, d, viewNames, elements.getPackageOf(d.agent()), unknown);
    HandlerChecker.Checked handlers = fit.check(report);
    Declared declared = declare(d, fit, handlers, report);
    ContractRules.Binding binding =
        contract == null
            ? ContractRules.bind(null, List.of(), declared.locals())
            : ContractRules.bind(contract, declared.uses(), declared.locals());
    RulePlacement.place(binding.problems(), d, handlers, report);
    RulePlacement.place(binding.warnings(), d, handlers, report);
    NameChecker.check(d, binding.acts(), report);
    boolean bindable = report.isClean() && contract != null;
    List<ActModel> acts =
        acts(
            d,
            viewNames,
            handlers,
            declared.readers(),
            ops(binding.acts(), contract, unknown),
            unknown.opcodes());
    if (!bindable) {
      acts.addAll(viewOnly(d, viewNames, contract, unknown));
    }
    return report.build(model(d, contract, wiringName, acts, bindable));
  }

  /**
   * The {@code @Act} opcodes the contract lacks, and the contract opcode each is nearest to (the
   * one its {@code [UnknownOpcode]} suggests): a {@code @Run} or {@code @Ask} naming that one
   * belongs to the misspelled act, and its view is what the act's handlers may take.
   */
  private static HandlerChecker.Unknown unknown(AgentDeclaration d, Contract contract) {
    if (contract == null) {
      return HandlerChecker.Unknown.NONE;
    }
    Set<String> opcodes = new HashSet<>();
    Map<String, String> nearest = new HashMap<>();
    Map<String, String> byNearest = new HashMap<>();
    for (ActSite s : d.acts()) {
      if (!s.isLocal() && contract.op(s.opcode()).isEmpty()) {
        opcodes.add(s.opcode());
        String near = Names.nearest(s.opcode(), contract.opcodes());
        if (near != null) {
          nearest.put(s.opcode(), near);
          byNearest.putIfAbsent(near, s.opcode());
        }
      }
    }
    return new HandlerChecker.Unknown(opcodes, nearest, byNearest);
  }

  /** The op of each opcode: as bound, else as the snapshot declares it. */
  private static Function<ActSite, Op> ops(
      List<ActDeclaration> bound, Contract contract, HandlerChecker.Unknown unknown) {
    Map<String, Op> boundOps = new HashMap<>();
    for (ActDeclaration b : bound) {
      boundOps.put(b.opcode(), b.op());
    }
    return s -> {
      Op op = boundOps.get(s.opcode());
      if (op == null) {
        op = s.isLocal() ? s.local() : readable(contract, s.opcode(), unknown);
      }
      return op;
    };
  }

  /**
   * The snapshot's op; for an {@code @Act} opcode it lacks, the operands of the opcode its {@code
   * [UnknownOpcode]} suggests, so code written against the misspelled view compiles as it will once
   * the opcode is fixed; else one with no operands.
   */
  private static Op readable(Contract contract, String opcode, HandlerChecker.Unknown unknown) {
    Op op = contract == null ? null : contract.op(opcode).orElse(null);
    if (op != null) {
      return op;
    }
    String near = unknown.nearest().get(opcode);
    return near == null
        ? Op.builder(opcode).build()
        : Op.builder(opcode).operands(contract.op(near).orElseThrow().operands()).build();
  }

  /**
   * One act per opcode only a {@code @Run} or {@code @Ask} names, or only an {@code
   * [UnknownOpcode]} suggests, for its view: the agent's code may name either.
   */
  private static List<ActModel> viewOnly(
      AgentDeclaration d,
      Map<String, String> viewNames,
      Contract contract,
      HandlerChecker.Unknown unknown) {
    Set<String> seen = new HashSet<>();
    for (ActSite s : d.acts()) {
      seen.add(s.opcode());
    }
    Set<String> opcodes = new LinkedHashSet<>();
    for (HandlerSite h : handlerSites(d)) {
      opcodes.add(h.opcode());
    }
    opcodes.addAll(new TreeSet<>(unknown.nearest().values()));
    List<ActModel> out = new ArrayList<>();
    for (String opcode : opcodes) {
      if (seen.add(opcode)) {
        Op op = readable(contract, opcode, unknown);
        String view = viewNames.get(opcode);
        out.add(new ActModel(opcode, null, op, false, null, view, null, null, null, null, false));
      }
    }
    return out;
  }

  private static List<HandlerSite> handlerSites(AgentDeclaration d) {
    List<HandlerSite> all = new ArrayList<>(d.runs());
    all.addAll(d.asks());
    return all;
  }

  /** Each act's reader and declaration, in source order; a reader that does not fit is reported. */
  private static Declared declare(
      AgentDeclaration d,
      HandlerChecker fit,
      HandlerChecker.Checked handlers,
      CheckReport.Builder report) {
    List<Handler> readers = new ArrayList<>();
    List<ActDeclaration> uses = new ArrayList<>();
    List<ActDeclaration> locals = new ArrayList<>();
    for (ActSite s : d.acts()) {
      ChangeCategory category = s.category();
      ExecutableElement method = s.method();
      boolean readsState =
          category != null && (category.needsStateReader() || category.needsFieldReader());
      Shape shape = category == ChangeCategory.MULTI_FIELD ? Shape.FIELD_READER : Shape.READER;
      readers.add(
          method != null && readsState
              ? fit.fit(method, s.at(null), shape, s.opcode(), null, report)
              : null);
      ActDeclaration decl =
          new ActDeclaration(
              s.opcode(),
              s.local(),
              category,
              s.premise().input(),
              s.premise().terminalStates(),
              s.premise().structured(),
              s.assertTier(),
              handlersOf(s, handlers));
      (s.isLocal() ? locals : uses).add(decl);
    }
    return new Declared(readers, uses, locals);
  }

  /** The handlers an act has, as the rules see them: a method under {@code @Act} is its reader. */
  private static Set<ActDeclaration.Handler> handlersOf(ActSite s, HandlerChecker.Checked h) {
    Set<ActDeclaration.Handler> has = EnumSet.noneOf(ActDeclaration.Handler.class);
    if (h.runSites().containsKey(s.opcode())) {
      has.add(ActDeclaration.Handler.RUN);
    }
    if (h.askSites().containsKey(s.opcode())) {
      has.add(ActDeclaration.Handler.ASK);
    }
    if (s.method() != null) {
      has.add(
          s.category() == ChangeCategory.MULTI_FIELD
              ? ActDeclaration.Handler.FIELD_READER
              : ActDeclaration.Handler.READER);
    }
    return has;
  }

  /**
   * The acts to wire, in declaration order, each with its op.
   *
   * @param unknownOpcodes the {@code @Act} opcodes the snapshot lacks
   */
  private static List<ActModel> acts(
      AgentDeclaration d,
      Map<String, String> viewNames,
      HandlerChecker.Checked handlers,
      List<Handler> readers,
      Function<ActSite, Op> ops,
      Set<String> unknownOpcodes) {
    List<ActModel> acts = new ArrayList<>();
    for (int i = 0; i < d.acts().size(); i++) {
      ActSite s = d.acts().get(i);
      Handler reader = readers.get(i);
      boolean field = s.category() == ChangeCategory.MULTI_FIELD;
      acts.add(
          new ActModel(
              s.opcode(),
              s.premise(),
              ops.apply(s),
              s.isLocal(),
              s.assertTier(),
              viewNames.get(s.opcode()),
              field ? null : reader,
              field ? reader : null,
              handlers.runs().get(s.opcode()),
              handlers.asks().get(s.opcode()),
              !s.isLocal() && unknownOpcodes.contains(s.opcode())));
    }
    return acts;
  }

  private WiringModel model(
      AgentDeclaration d,
      Contract contract,
      String wiringName,
      List<ActModel> acts,
      boolean bindable) {
    Map<String, Op> compiled = new TreeMap<>();
    for (ActModel a : acts) {
      if (bindable && !a.local()) {
        // As served: the wiring applies the snapshot's tier overrides to them, as to the live ops.
        contract.served().op(a.opcode()).ifPresent(op -> compiled.put(op.opcode(), op));
      }
    }
    TypeElement agent = d.agent();
    return new WiringModel(
        elements.getPackageOf(agent).getQualifiedName().toString(),
        wiringName,
        agent.getModifiers().contains(Modifier.PUBLIC),
        agent,
        TypeRef.of(agent),
        state(d, bindable),
        d.contract(), // a snapshot of another name is no contract (SnapshotLookup.find)
        contract == null ? "" : contract.digest(),
        new ArrayList<>(compiled.values()),
        contract == null || !bindable ? List.of() : contract.tierOverrides(),
        bindable && contract != null && contract.document().isPresent(),
        acts,
        bindable);
  }

  /**
   * The state type as the wiring names it; {@code Object} for a model that is not bindable when the
   * state type is generic or hidden, so its bind methods still compile.
   */
  private TypeRef state(AgentDeclaration d, boolean bindable) {
    if (d.state() == null) {
      return TypeRef.OBJECT;
    }
    if (!bindable
        && d.state() instanceof DeclaredType state
        && state.asElement() instanceof TypeElement type
        && (!type.getTypeParameters().isEmpty()
            || hidden(type)
            || Visibility.hidden(type, elements.getPackageOf(d.agent()), elements) != null)) {
      return TypeRef.OBJECT;
    }
    return TypeRef.of(d.state(), types);
  }

  /** Whether the class or a class enclosing it cannot be named from its package. */
  private static boolean hidden(TypeElement type) {
    for (Element e = type; e instanceof TypeElement t; e = t.getEnclosingElement()) {
      for (Hidden h : HIDDEN) {
        if (h.test().test(t)) {
          return true;
        }
      }
    }
    return false;
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

  /**
   * The view class of each opcode an act or a handler names, or an {@code [UnknownOpcode]}
   * suggests, qualified by the wiring class: sorted, so names are stable, and never the wiring's
   * own name or its dispatcher's. (A handler's opcode that no act declares and an unknown opcode
   * are errors, so a clean agent's views are its acts'.)
   */
  private static Map<String, String> viewNames(
      AgentDeclaration d, String wiringName, HandlerChecker.Unknown unknown) {
    Set<String> opcodes = new TreeSet<>();
    for (ActSite s : d.acts()) {
      opcodes.add(s.opcode());
    }
    for (HandlerSite h : handlerSites(d)) {
      opcodes.add(h.opcode());
    }
    opcodes.addAll(unknown.nearest().values());
    Set<String> taken = new HashSet<>(Set.of(wiringName, WiringLayout.HANDLERS));
    Map<String, String> out = new LinkedHashMap<>();
    for (String op : opcodes) {
      out.put(op, wiringName + "." + JavaNames.unique(JavaNames.upperCamel(op), taken, ""));
    }
    return out;
  }

  /**
   * The kinds of class that are static even when not declared so: nested enums, records and
   * interfaces (JLS 8.9, 8.10, 9.1.1.3); only a plain class can be inner.
   */
  private static final Set<ElementKind> STATIC_KINDS =
      EnumSet.of(
          ElementKind.ENUM, ElementKind.RECORD, ElementKind.INTERFACE, ElementKind.ANNOTATION_TYPE);

  /**
   * The kinds of class whose member classes are static even when not declared so: interfaces and
   * annotation types (JLS 9.5). A class nested in a class, an enum or a record is inner unless it
   * is declared static.
   */
  private static final Set<ElementKind> STATIC_MEMBERS_IN =
      EnumSet.of(ElementKind.INTERFACE, ElementKind.ANNOTATION_TYPE);

  /** Whether {@code t} is an inner class: a member class that is not static, said or implied. */
  static boolean isInner(TypeElement t) {
    return t.getNestingKind() == NestingKind.MEMBER
        && !t.getModifiers().contains(Modifier.STATIC)
        && !STATIC_KINDS.contains(t.getKind())
        && !STATIC_MEMBERS_IN.contains(t.getEnclosingElement().getKind());
  }

  /** The agent class and each class enclosing it must be nameable from the agent's package. */
  private static void checkAccessible(
      AgentDeclaration d, String wiringName, CheckReport.Builder report) {
    TypeElement agent = d.agent();
    for (Element e = agent; e instanceof TypeElement t; e = t.getEnclosingElement()) {
      for (Hidden h : HIDDEN) {
        if (h.test().test(t)) {
          report.error(
              Location.of(agent, d.mirror(), null),
              Tags.INACCESSIBLE.message(
                  "agent "
                      + agent.getSimpleName()
                      + ": "
                      + (t == agent
                          ? "the class "
                          : "its enclosing class " + t.getSimpleName() + " ")
                      + h.why()
                      + ", so the generated "
                      + wiringName
                      + " in the same package cannot use it; make it a top-level or static nested"
                      + " class that is not private"));
          return;
        }
      }
    }
  }

  /**
   * The wiring names the state type, so it must be nameable from the agent's package: a private
   * state class nested with the agent is not, nor a protected one the agent inherits from another
   * package. A state type the agent's own annotation cannot name is javac's error, not reported
   * twice.
   */
  private void checkStateVisible(
      AgentDeclaration d, String wiringName, CheckReport.Builder report) {
    if (!(d.state() instanceof DeclaredType state)
        || !(state.asElement() instanceof TypeElement type)) {
      return;
    }
    PackageElement wiringPackage = elements.getPackageOf(d.agent());
    Visibility.Hidden hidden = Visibility.hidden(type, wiringPackage, elements);
    if (hidden == null) {
      return;
    }
    String blocker = hidden.blocker().getSimpleName().toString();
    report.error(
        Location.of(d.agent(), d.mirror(), AnnotationValues.explicit(d.mirror(), "state")),
        Tags.INACCESSIBLE_TYPE.message(
            "agent "
                + d.agent().getSimpleName()
                + ": the state type "
                + type.getQualifiedName()
                + (hidden.blocker() == type ? " " : " is in " + blocker + ", which ")
                + hidden.why()
                + ", so the generated "
                + wiringName
                + " in "
                + Visibility.where(wiringPackage)
                + " cannot name it; make "
                + blocker
                + " "
                + hidden.fix()));
  }

  /** The wiring names the agent and state types without type arguments, so neither may have any. */
  private static void checkTypes(AgentDeclaration d, CheckReport.Builder report) {
    TypeElement agent = d.agent();
    if (!agent.getTypeParameters().isEmpty()) {
      report.error(
          Location.of(agent, d.mirror(), null),
          Tags.UNSUPPORTED_TYPE.message(
              "agent "
                  + agent.getSimpleName()
                  + " has type parameters, which the generated wiring cannot supply; bind a"
                  + " non-generic agent class"));
    }
    if (d.state() instanceof DeclaredType state
        && state.asElement() instanceof TypeElement stateType
        && !stateType.getTypeParameters().isEmpty()) {
      report.error(
          Location.of(agent, d.mirror(), AnnotationValues.explicit(d.mirror(), "state")),
          Tags.UNSUPPORTED_TYPE.message(
              "agent "
                  + agent.getSimpleName()
                  + ": state type "
                  + stateType.getSimpleName()
                  + " has type parameters, which state = "
                  + stateType.getSimpleName()
                  + ".class cannot carry; use a non-generic state class"));
    }
  }
}
