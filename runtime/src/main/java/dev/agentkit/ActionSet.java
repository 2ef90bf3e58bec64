package dev.agentkit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A valid set of bound acts with their handlers: what an agent may emit, how to tell whether a call
 * would change anything, how to verify what a model emitted, and how to split a program into what
 * runs now and what is proposed.
 *
 * <p>A set is always valid: every way to make one ({@link #of}, {@link #bind}) runs the rules and
 * throws a {@link BindException} listing every problem. Instances are immutable and thread-safe;
 * handlers are called on the caller's thread.
 *
 * @param <S> the agent's state type, passed to readers and run handlers
 */
public final class ActionSet<S> {
  private final List<Bound<S>> acts;
  private final Map<String, Bound<S>> byOpcode;
  private final Contract contract;

  private ActionSet(List<Bound<S>> acts, Contract contract) {
    this.acts = List.copyOf(acts);
    Map<String, Bound<S>> index = new HashMap<>(Math.max(16, acts.size() * 2));
    for (Bound<S> b : acts) {
      index.put(b.action.opcode(), b);
    }
    this.byOpcode = index;
    this.contract = contract;
  }

  /**
   * A set of complete acts, built by hand (no backend contract involved).
   *
   * @throws BindException listing every problem when the acts are not a valid set
   */
  public static <S> ActionSet<S> of(List<Act<S>> acts) {
    List<Problem> problems = validate(acts);
    if (!problems.isEmpty()) {
      throw new BindException(headline("the acts are not a valid set", problems), problems);
    }
    List<Bound<S>> bound = new ArrayList<>(acts.size());
    for (Act<S> a : acts) {
      bound.add(new Bound<>(a.action(), a.run(), a.ask(), a.reader(), a.fieldReader()));
    }
    return new ActionSet<>(bound, null);
  }

  /** Every problem that keeps these acts from being a valid set, in declaration order. */
  public static <S> List<Problem> validate(List<Act<S>> acts) {
    List<ActDeclaration> decls = new ArrayList<>(acts.size());
    for (Act<S> a : acts) {
      decls.add(a.declaration());
    }
    return ContractRules.validate(decls);
  }

  /**
   * Fetches the backend contract and binds the agent's uses of backend ops, plus its local acts.
   * Fails closed: when the source fails, nothing is bound. The source is not called when there are
   * no uses.
   *
   * @throws BindException listing every problem of the binding: the source's failure, opcodes the
   *     backend lacks (with the backend's opcodes, sorted, and the nearest one), asserted tiers
   *     that differ from the backend's, and every validation problem of the result
   */
  public static <S> ActionSet<S> bind(
      ContractSource source, List<Use<S>> uses, List<Act<S>> locals) {
    Contract contract = null;
    if (!uses.isEmpty()) {
      if (source == null) {
        throw new IllegalArgumentException(
            "bind needs a ContractSource to bind backend ops; pass only local acts when the agent"
                + " uses no backend op");
      }
      contract = fetch(source);
    }
    return bind(contract, uses, locals);
  }

  /**
   * Binds against a contract already fetched. See {@link #bind(ContractSource, List, List)}.
   *
   * @param contract the backend contract; may be null only when there are no uses
   */
  public static <S> ActionSet<S> bind(Contract contract, List<Use<S>> uses, List<Act<S>> locals) {
    List<ActDeclaration> useDecls = new ArrayList<>(uses.size());
    for (Use<S> u : uses) {
      useDecls.add(u.declaration());
    }
    List<ActDeclaration> localDecls = new ArrayList<>(locals.size());
    for (Act<S> a : locals) {
      localDecls.add(a.declaration());
    }
    ContractRules.Binding binding = ContractRules.bind(contract, useDecls, localDecls);
    if (!binding.ok()) {
      throw new BindException(
          headline("the agent's acts could not be bound", binding.problems()), binding.problems());
    }
    Map<String, Use<S>> useByOpcode = new HashMap<>();
    for (Use<S> u : uses) {
      useByOpcode.put(u.opcode(), u);
    }
    Map<String, Act<S>> localByOpcode = new HashMap<>();
    for (Act<S> a : locals) {
      localByOpcode.put(a.action().opcode(), a);
    }
    List<Bound<S>> bound = new ArrayList<>(binding.acts().size());
    for (ActDeclaration d : binding.acts()) {
      String opcode = d.opcode();
      Act<S> local = localByOpcode.get(opcode);
      if (local != null && (contract == null || !contract.has(opcode))) {
        bound.add(
            new Bound<>(d.action(), local.run(), local.ask(), local.reader(), local.fieldReader()));
      } else {
        Use<S> u = useByOpcode.get(opcode);
        bound.add(new Bound<>(d.action(), u.run(), u.ask(), u.reader(), u.fieldReader()));
      }
    }
    return new ActionSet<>(bound, contract);
  }

  /** Fetches a contract, failing closed with a {@link BindException} naming the source. */
  static Contract fetch(ContractSource source) {
    try {
      return Objects.requireNonNull(source.fetch(), "the contract source returned null");
    } catch (ContractSourceException | RuntimeException e) {
      Problem p =
          Problem.of(
              Problem.Kind.CONTRACT_UNAVAILABLE,
              "",
              "",
              "cannot bind without the backend contract from "
                  + source.describe()
                  + " ("
                  + e.getMessage()
                  + "); an agent that guesses its operands loses whole programs at verify, so"
                  + " binding fails closed");
      throw new BindException(
          headline("the agent's acts could not be bound", List.of(p)), List.of(p), e);
    }
  }

  private static String headline(String what, List<Problem> problems) {
    return what + " (" + problems.size() + (problems.size() == 1 ? " problem)" : " problems)");
  }

  /** The backend contract the set was bound against, if it was bound against one. */
  public Optional<Contract> contract() {
    return Optional.ofNullable(contract);
  }

  /** The declared act for an opcode, if the set has it. O(1). */
  public Optional<Action> lookup(String opcode) {
    Bound<S> b = byOpcode.get(opcode);
    return b == null ? Optional.empty() : Optional.of(b.action);
  }

  /** Every act, in declaration order. */
  public List<Action> actions() {
    List<Action> out = new ArrayList<>(acts.size());
    for (Bound<S> b : acts) {
      out.add(b.action);
    }
    return out;
  }

  /** Every opcode, sorted. */
  public List<String> opcodes() {
    return Names.sorted(byOpcode.keySet());
  }

  /** Whether the act has a run handler. */
  public boolean canRun(String opcode) {
    Bound<S> b = byOpcode.get(opcode);
    return b != null && b.run != null;
  }

  /**
   * Whether performing the call would change the state, by its act's premise. A reader that throws,
   * an undeclared opcode, or anything else that leaves the answer unknown counts as a change: an
   * ask is never dropped because state could not be read.
   */
  public boolean willChange(S state, Action call) {
    Bound<S> b = byOpcode.get(call.opcode());
    if (b == null) {
      return true;
    }
    Action act = b.action;
    try {
      switch (act.category()) {
        case ALWAYS_MINTS:
        case MERGE:
          return true;
        case SCALAR_SET:
        case MEMBERSHIP:
          {
            String proposed = call.arg(act.input());
            if (proposed.isBlank()) {
              return true;
            }
            String current = orEmpty(b.reader.read(state, act.withCall(call)));
            Operand input = b.operand(act.input());
            return !Values.same(
                input == null ? OperandType.STRING : input.type(), current, proposed);
          }
        case TERMINAL:
          {
            String current = orEmpty(b.reader.read(state, act.withCall(call)));
            return !ContractRules.containsIgnoreCase(act.terminalStates(), current);
          }
        case FILLS_SLOT:
          return orEmpty(b.reader.read(state, act.withCall(call))).isBlank();
        case MULTI_FIELD:
          {
            Action bound = act.withCall(call);
            for (Operand o : act.operands()) {
              String proposed = call.arg(o.name());
              if (proposed.isBlank()) {
                continue;
              }
              String current = orEmpty(b.fieldReader.read(state, bound, o.name()));
              if (!Values.same(o.type(), current, proposed)) {
                return true;
              }
            }
            return false;
          }
        default:
          return true;
      }
    } catch (Exception | LinkageError e) {
      // Fail open: never silently drop an ask because the state could not be read.
      return true;
    }
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  /**
   * Checks a call a model emitted against the declared act: the opcode is declared, every argument
   * and user-fill names an operand, enum values are in the vocabulary, dates and numbers parse,
   * list arguments are JSON arrays of strings, and every required operand is given or left for the
   * user. Returns every problem as a sentence the model can act on; an empty list means the call is
   * valid. A valid call allocates nothing.
   */
  public List<Problem> verify(Action call) {
    String opcode = call.opcode();
    Bound<S> b = byOpcode.get(opcode);
    if (b == null) {
      List<String> known = opcodes();
      return List.of(
          Problem.of(
              Problem.Kind.UNDECLARED_OPCODE,
              opcode,
              "",
              "\""
                  + opcode
                  + "\" is not an act you can use; the acts are: "
                  + ContractRules.listing(known)
                  + Names.didYouMean(opcode, known)));
    }
    List<Problem> problems = null;
    List<String> fills = call.userFills();
    for (int i = 0; i < fills.size(); i++) {
      String f = fills.get(i);
      if (b.operand(f) == null) {
        problems = add(problems, unknownName(Problem.Kind.UNKNOWN_USER_FILL, "user-fill", b, f));
      }
    }
    Map<String, String> args = call.args();
    int matched = 0;
    Operand[] operands = b.operands;
    for (Operand o : operands) {
      String v = args.get(o.name());
      if (v == null) {
        if (o.required() && !fills.contains(o.name())) {
          problems = add(problems, requiredMissing(opcode, o));
        }
        continue;
      }
      matched++;
      if (v.isBlank()) {
        if (o.required() && !fills.contains(o.name())) {
          problems = add(problems, requiredMissing(opcode, o));
        }
        continue;
      }
      Problem p = checkValue(b, opcode, o, v);
      if (p != null) {
        problems = add(problems, p);
      }
    }
    if (matched != args.size()) {
      for (String name : Names.sorted(args.keySet())) {
        if (b.operand(name) == null) {
          problems = add(problems, unknownName(Problem.Kind.UNKNOWN_OPERAND, "operand", b, name));
        }
      }
    }
    return problems == null ? List.of() : Collections.unmodifiableList(problems);
  }

  private static List<Problem> add(List<Problem> problems, Problem p) {
    List<Problem> out = problems == null ? new ArrayList<>() : problems;
    out.add(p);
    return out;
  }

  private static Problem requiredMissing(String opcode, Operand o) {
    return Problem.of(
        Problem.Kind.REQUIRED_MISSING,
        opcode,
        o.name(),
        opcode
            + "."
            + o.name()
            + " is required: give it a value, or list it as a user-fill for the user to supply");
  }

  private static <S> Problem unknownName(Problem.Kind kind, String what, Bound<S> b, String name) {
    List<String> names = b.action.operandNames();
    String opcode = b.action.opcode();
    return Problem.of(
        kind,
        opcode,
        name,
        opcode
            + " has no operand \""
            + name
            + "\""
            + (what.equals("user-fill") ? " to leave as a user-fill" : "")
            + "; its operands are: "
            + ContractRules.listing(names)
            + Names.didYouMean(name, names));
  }

  private static <S> Problem checkValue(Bound<S> b, String opcode, Operand o, String v) {
    if (o.list()) {
      String bare = v.trim();
      if (!bare.startsWith("[")) {
        // A bare value is a one-element list; checking it as it is keeps an accepted call free
        // of allocation.
        return checkScalar(b, opcode, o, bare);
      }
      List<String> elements = Values.listElements(bare);
      if (elements == null) {
        return Problem.of(
            Problem.Kind.BAD_LIST,
            opcode,
            o.name(),
            opcode
                + "."
                + o.name()
                + " takes a list: write a JSON array of strings such as [\"a\", \"b\"], not "
                + quote(v));
      }
      for (int i = 0; i < elements.size(); i++) {
        Problem p = checkScalar(b, opcode, o, elements.get(i));
        if (p != null) {
          return p;
        }
      }
      return null;
    }
    return checkScalar(b, opcode, o, v);
  }

  private static <S> Problem checkScalar(Bound<S> b, String opcode, Operand o, String v) {
    switch (o.type()) {
      case ENUM:
        if (b.enumValues.get(o.name()).contains(v)) {
          return null;
        }
        return Problem.of(
            Problem.Kind.ENUM_VALUE,
            opcode,
            o.name(),
            opcode
                + "."
                + o.name()
                + ": "
                + quote(v)
                + " is not one of the allowed values: "
                + ContractRules.listing(o.enumValues())
                + Names.didYouMean(v, o.enumValues()));
      case DATE:
        if (Values.isDate(v)) {
          return null;
        }
        return Problem.of(
            Problem.Kind.BAD_DATE,
            opcode,
            o.name(),
            opcode
                + "."
                + o.name()
                + ": "
                + quote(v)
                + " is not a date; write an ISO-8601 date such as 2026-03-31 or a date-time such"
                + " as 2026-03-31T17:00:00Z");
      case NUMBER:
        if (Values.isNumber(v)) {
          return null;
        }
        return Problem.of(
            Problem.Kind.BAD_NUMBER,
            opcode,
            o.name(),
            opcode
                + "."
                + o.name()
                + ": "
                + quote(v)
                + " is not a number; write digits such as 3, -2.5 or 1e3");
      default:
        return null;
    }
  }

  private static String quote(String v) {
    String shown = v.length() > 80 ? v.substring(0, 77) + "..." : v;
    return "\"" + shown + "\"";
  }

  /**
   * Verifies every call of a program, then splits it into a plan. One bad call rejects the whole
   * program, naming every bad call. A call goes to {@link Plan#apply()} when its act's tier allows
   * running live, the agent's ceiling is {@link AutonomyRung#AUTO} and the act has a run handler;
   * every other call goes to {@link Plan#propose()}.
   *
   * @param ceiling the highest rung this agent may use; {@link AutonomyRung#ASK} proposes all
   * @throws ProgramRejectedException when any call is invalid
   */
  public Plan gate(List<Action> program, AutonomyRung ceiling) {
    Objects.requireNonNull(ceiling, "ceiling");
    List<ProgramRejectedException.CallProblems> bad = null;
    for (int i = 0; i < program.size(); i++) {
      Action call = program.get(i);
      List<Problem> problems = verify(call);
      if (!problems.isEmpty()) {
        if (bad == null) {
          bad = new ArrayList<>();
        }
        bad.add(new ProgramRejectedException.CallProblems(i, call.opcode(), problems));
      }
    }
    if (bad != null) {
      throw new ProgramRejectedException(program.size(), bad);
    }
    List<Action> apply = new ArrayList<>();
    List<Action> propose = new ArrayList<>();
    for (Action call : program) {
      Bound<S> b = byOpcode.get(call.opcode());
      AutonomyRung rung = AutonomyRung.min(AutonomyRung.maxRungFor(b.action.tier()), ceiling);
      Action resolved = b.action.withCall(call);
      if (rung == AutonomyRung.AUTO && b.run != null) {
        apply.add(resolved);
      } else {
        propose.add(resolved);
      }
    }
    return new Plan(apply, propose);
  }

  /**
   * Runs a call's act through its run handler.
   *
   * @throws IllegalArgumentException when the set does not declare the call's opcode
   * @throws IllegalStateException when the act has no run handler or its tier can never run live
   * @throws Exception whatever the handler throws
   */
  public void run(S state, Action call) throws Exception {
    Bound<S> b = require(call.opcode());
    if (b.run == null || AutonomyRung.maxRungFor(b.action.tier()) != AutonomyRung.AUTO) {
      throw new IllegalStateException(
          call.opcode()
              + " has no run handler it may use (tier "
              + b.action.tier()
              + "); it is proposed to a human, not run");
    }
    b.run.run(state, b.action.withCall(call));
  }

  /**
   * The question for a withheld call: the act's ask wording, or the act's description when it has
   * none.
   */
  public String ask(Action call) {
    Bound<S> b = require(call.opcode());
    if (b.ask == null) {
      return b.action.description();
    }
    return b.ask.ask(b.action.withCall(call));
  }

  private Bound<S> require(String opcode) {
    Bound<S> b = byOpcode.get(opcode);
    if (b == null) {
      throw new IllegalArgumentException(
          "\""
              + opcode
              + "\" is not an act of this set; the acts are: "
              + ContractRules.listing(byOpcode.keySet())
              + Names.didYouMean(opcode, byOpcode.keySet()));
    }
    return b;
  }

  @Override
  public String toString() {
    return "ActionSet" + opcodes();
  }

  /** One act with its handlers and the indexes verification uses. */
  private static final class Bound<S> {
    final Action action;
    final RunHandler<S> run;
    final AskWording ask;
    final StateReader<S> reader;
    final FieldReader<S> fieldReader;
    final Operand[] operands;
    final Map<String, Operand> operandIndex;
    final Map<String, Set<String>> enumValues;

    Bound(
        Action action,
        RunHandler<S> run,
        AskWording ask,
        StateReader<S> reader,
        FieldReader<S> fieldReader) {
      this.action = action;
      this.run = run;
      this.ask = ask;
      this.reader = reader;
      this.fieldReader = fieldReader;
      this.operands = action.operands().toArray(new Operand[0]);
      Map<String, Operand> index = new HashMap<>();
      Map<String, Set<String>> enums = new HashMap<>();
      for (Operand o : operands) {
        index.put(o.name(), o);
        if (o.type() == OperandType.ENUM) {
          enums.put(o.name(), Set.copyOf(new HashSet<>(o.enumValues())));
        }
      }
      this.operandIndex = index;
      this.enumValues = enums;
    }

    Operand operand(String name) {
      return operandIndex.get(name);
    }
  }
}
