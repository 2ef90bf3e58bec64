package dev.agentkit;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Schema;
import dev.agentkit.internal.ActDeclaration;
import dev.agentkit.internal.ContractRules;
import dev.agentkit.internal.ValueCheck;
import dev.agentkit.internal.Values;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.internal.text.Names;
import dev.agentkit.source.ContractFetch;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.ContractSourceException;
import dev.agentkit.source.HeldContract;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
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
  /** What a list's JSON array holds, by the JSON type of its elements, for [BadList]. */
  private static final Map<OperandType, String> LIST_EXAMPLES =
      Map.of(
          OperandType.STRING, "strings such as [\"a\", \"b\"]",
          OperandType.NUMBER, "numbers such as [1, 2.5]",
          OperandType.INTEGER, "whole numbers such as [1, 2]",
          OperandType.BOOLEAN, "booleans such as [true, false]");

  private final List<Bound<S>> acts;
  private final Map<String, Bound<S>> byOpcode;
  private final Contract contract;
  private final List<Problem> warnings;

  private ActionSet(List<Bound<S>> acts, Contract contract, List<Problem> warnings) {
    this.acts = List.copyOf(acts);
    Map<String, Bound<S>> index = new HashMap<>(Math.max(16, acts.size() * 2));
    for (Bound<S> b : acts) {
      index.put(b.op.opcode(), b);
    }
    this.byOpcode = index;
    this.contract = contract;
    this.warnings = List.copyOf(warnings);
  }

  /**
   * A set of local uses, built by hand (no backend contract involved).
   *
   * @throws IllegalArgumentException when a use is of a backend op, which only {@link #bind} can
   *     bind
   * @throws BindException listing every problem when the uses are not a valid set
   */
  public static <S> ActionSet<S> of(List<Use<S>> uses) {
    for (Use<S> u : uses) {
      if (!u.isLocal()) {
        throw new IllegalArgumentException(
            u.opcode()
                + " is a use of a backend op: a hand-built set holds only local uses"
                + " (Use.local), so bind backend ops with ActionSet.bind");
      }
    }
    return bind(null, uses, "the acts are not a valid set");
  }

  /** Every problem that keeps these local uses from being a valid set, in declaration order. */
  public static <S> List<Problem> validate(List<Use<S>> uses) {
    List<ActDeclaration> decls = new ArrayList<>(uses.size());
    for (Use<S> u : uses) {
      decls.add(u.declaration());
    }
    return ContractRules.validate(decls);
  }

  /**
   * Fetches the backend contract and binds the agent's uses: uses of backend ops against the
   * contract, local uses as declared. Fails closed: when the source fails, nothing is bound. The
   * source is not called when every use is local.
   *
   * @throws BindException listing every problem of the binding: the source's failure, opcodes the
   *     backend lacks (with the backend's opcodes, sorted, and the nearest one), asserted tiers
   *     that differ from the backend's, and every validation problem of the result
   */
  public static <S> ActionSet<S> bind(ContractSource source, List<Use<S>> uses) {
    Contract contract = null;
    if (uses.stream().anyMatch(u -> !u.isLocal())) {
      if (source == null) {
        throw new IllegalArgumentException(
            "bind needs a ContractSource to bind backend ops; pass only local uses when the agent"
                + " uses no backend op");
      }
      contract = fetch(source);
    }
    return bind(contract, uses);
  }

  /**
   * Binds against a contract already fetched. See {@link #bind(ContractSource, List)}.
   *
   * @param contract the backend contract; may be null only when every use is local
   */
  public static <S> ActionSet<S> bind(Contract contract, List<Use<S>> uses) {
    return bind(contract, uses, "the agent's acts could not be bound");
  }

  private static <S> ActionSet<S> bind(Contract contract, List<Use<S>> uses, String failure) {
    List<ActDeclaration> backend = new ArrayList<>(uses.size());
    List<ActDeclaration> locals = new ArrayList<>();
    Map<String, Use<S>> byOpcode = new HashMap<>();
    for (Use<S> u : uses) {
      (u.isLocal() ? locals : backend).add(u.declaration());
      byOpcode.putIfAbsent(u.opcode(), u);
    }
    ContractRules.Binding binding = ContractRules.bind(contract, backend, locals);
    if (!binding.ok()) {
      throw new BindException(headline(failure, binding.problems()), binding.problems());
    }
    List<Bound<S>> bound = new ArrayList<>(binding.acts().size());
    for (ActDeclaration d : binding.acts()) {
      bound.add(new Bound<>(d.op(), byOpcode.get(d.opcode())));
    }
    return new ActionSet<>(bound, contract, binding.warnings());
  }

  /** Fetches a contract, failing closed with a {@link BindException} naming the source. */
  static Contract fetch(ContractSource source) {
    return fetch(source, null);
  }

  /**
   * Fetches a contract holding {@code held} for the source ({@link
   * ContractSource#fetchUnlessUnchanged}), failing closed with a {@link BindException} naming the
   * source; with null, a plain {@link ContractSource#fetch()}.
   */
  static Contract fetch(ContractSource source, HeldContract held) {
    try {
      return Objects.requireNonNull(
          held == null ? source.fetch() : fetchHolding(source, held),
          "the contract source returned null");
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

  /** The contract the source answered, or the held one when it answered that it is unchanged. */
  private static Contract fetchHolding(ContractSource source, HeldContract held)
      throws ContractSourceException {
    ContractFetch answer = source.fetchUnlessUnchanged(held);
    if (answer == null || !answer.unchanged()) {
      return answer == null ? null : answer.contract().orElseThrow();
    }
    return held.contract()
        .orElseThrow(
            () ->
                new ContractSourceException(
                    source.describe()
                        + " answered that the contract is unchanged, but none is held; a source"
                        + " answers unchanged only to a fetch that sent the tag of a contract it"
                        + " served"));
  }

  private static String headline(String what, List<Problem> problems) {
    return what + " (" + problems.size() + (problems.size() == 1 ? " problem)" : " problems)");
  }

  /**
   * What the rules could not check about the acts, which stops nothing (terminal states against an
   * input that is not an enum); {@link BoundAgent} makes them notes.
   */
  List<Problem> warnings() {
    return warnings;
  }

  /** The backend contract the set was bound against, if it was bound against one. */
  public Optional<Contract> contract() {
    return Optional.ofNullable(contract);
  }

  /** The bound op for an opcode, if the set has it. O(1). */
  public Optional<Op> op(String opcode) {
    Bound<S> b = byOpcode.get(opcode);
    return b == null ? Optional.empty() : Optional.of(b.op);
  }

  /** The agent's premise about an opcode, if the set has it. O(1). */
  public Optional<Premise> premise(String opcode) {
    Bound<S> b = byOpcode.get(opcode);
    return b == null ? Optional.empty() : Optional.of(b.use.premise());
  }

  /** Every bound op, in declaration order. */
  public List<Op> ops() {
    List<Op> out = new ArrayList<>(acts.size());
    for (Bound<S> b : acts) {
      out.add(b.op);
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
    return b != null && b.use.run() != null;
  }

  /**
   * Whether performing the call would change the state, by its act's premise. A reader that throws,
   * an undeclared opcode, or anything else that leaves the answer unknown counts as a change: an
   * ask is never dropped because state could not be read.
   */
  public boolean willChange(S state, Call call) {
    Bound<S> b = byOpcode.get(call.opcode());
    if (b == null) {
      return true;
    }
    try {
      return b.willChange(state, call.boundTo(b.op));
    } catch (Exception | LinkageError e) {
      // Fail open: never silently drop an ask because the state could not be read.
      return true;
    }
  }

  /**
   * Checks a call a model emitted against the declared act: the opcode is declared, every argument
   * and user-fill names an operand, enum values are in the vocabulary, dates and numbers parse as
   * the typed views read them (trimmed; a number's exponent within range, a date-time's offset
   * within 18 hours of UTC), list arguments are JSON arrays of strings (elements trimmed, blank
   * ones dropped, as the typed view reads them), and every required operand is given (a required
   * list with at least one element that is not blank) or left for the user.
   *
   * <p>Beyond its type, each value is checked against its operand's schema: bounds, lengths,
   * pattern, element counts and uniqueness. The argument of a tree-typed operand (an object, a list
   * of objects, a union, a constant, opaque: {@link ValueCheck#isTree}) is JSON text, checked at
   * every depth; a text that is not JSON is the JSON string of that text.
   *
   * <p>Returns every problem as a sentence the model can act on, naming the place in the value
   * ({@code create_entities.entities[0].entityType is required: give it a string}); an empty list
   * means the call is valid. A valid call whose operands are flat allocates nothing.
   */
  public List<Problem> verify(Call call) {
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
                  + Names.listing(opcode, known)
                  + Names.didYouMeanTypo(opcode, known)));
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
    for (int k = 0; k < operands.length; k++) {
      Operand o = operands[k];
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
      problems = check(problems, b, k, v, o.required() && !fills.contains(o.name()));
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

  /**
   * Adds the problems of operand {@code k}'s non-blank value: a flat value by its type, then by the
   * rest of its schema when it has more; a tree-typed one as JSON at every depth.
   */
  private static <S> List<Problem> check(
      List<Problem> problems, Bound<S> b, int k, String v, boolean needed) {
    Operand o = b.operands[k];
    String opcode = b.op.opcode();
    if (b.shapes[k] == Bound.TREE) {
      return addAll(problems, ValueCheck.argument(opcode, o, v));
    }
    Problem p = checkValue(b, opcode, o, v, needed);
    if (p != null) {
      return add(problems, p);
    }
    return b.shapes[k] == Bound.FACETED
        ? addAll(problems, ValueCheck.facets(opcode, o, v))
        : problems;
  }

  private static List<Problem> addAll(List<Problem> problems, List<Problem> more) {
    if (more.isEmpty()) {
      return problems;
    }
    List<Problem> out = problems == null ? new ArrayList<>() : problems;
    out.addAll(more);
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
    List<String> names = b.op.operandNames();
    String opcode = b.op.opcode();
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
            + Names.listing(name, names)
            + Names.didYouMean(name, names));
  }

  /**
   * The problem with a non-blank value, or null. {@code needed}: the operand is required and not
   * left for the user, so an empty list, or one of blanks only, is missing.
   */
  private static <S> Problem checkValue(
      Bound<S> b, String opcode, Operand o, String v, boolean needed) {
    if (o.list()) {
      String bare = v.trim();
      if (!bare.startsWith("[")) {
        // A bare value is a one-element list; checking it as it is keeps an accepted call free
        // of allocation.
        return checkScalar(b, opcode, o, bare);
      }
      OperandType items = Values.jsonType(o.valueSchema());
      List<String> elements = Values.listElements(bare, items);
      if (elements == null) {
        return Problem.of(
            Problem.Kind.BAD_LIST,
            opcode,
            o.name(),
            opcode
                + "."
                + o.name()
                + " takes a list: write a JSON array of "
                + LIST_EXAMPLES.getOrDefault(items, LIST_EXAMPLES.get(OperandType.STRING))
                + ", not "
                + quote(v));
      }
      // Elements are trimmed and blank ones dropped, as the typed view reads them.
      int given = 0;
      for (int i = 0; i < elements.size(); i++) {
        String e = elements.get(i).trim();
        if (e.isEmpty()) {
          continue;
        }
        given++;
        Problem p = checkScalar(b, opcode, o, e);
        if (p != null) {
          return p;
        }
      }
      return given == 0 && needed ? requiredMissing(opcode, o) : null;
    }
    return checkScalar(b, opcode, o, v);
  }

  private static <S> Problem checkScalar(Bound<S> b, String opcode, Operand o, String v) {
    OperandType type = o.type(); // asked once: a schema's type is a call through ten record types
    switch (type) {
      case ENUM:
        Set<String> vocabulary = b.enumValues.get(o.name());
        // A vocabulary of numbers or booleans compares by value, in ValueCheck.facets.
        if (vocabulary == null || vocabulary.contains(v)) {
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
                + LineText.of(Names.listing(v, o.enumValues()))
                + LineText.of(Names.didYouMean(v, o.enumValues())));
      default:
        return checkTyped(opcode, o, type, v);
    }
  }

  /** How verify reads a value of a typed scalar: its check, and what it says of a bad value. */
  private record ScalarRule(Problem.Kind kind, String malformed, String outOfRange, String fix) {}

  /**
   * The typed scalars; a string, or an opaque type this version does not know, is not here: any
   * given value passes. Values are read trimmed, as {@code willChange} and the typed views read
   * them.
   */
  private static final Map<OperandType, ScalarRule> SCALAR_RULES =
      new EnumMap<>(
          Map.of(
              OperandType.DATE,
              new ScalarRule(
                  Problem.Kind.BAD_DATE,
                  "is not a date",
                  "is not a date: its offset is more than 18 hours from UTC",
                  "write an ISO-8601 date such as 2026-03-31 or a date-time such as"
                      + " 2026-03-31T17:00:00Z"),
              OperandType.NUMBER,
              new ScalarRule(
                  Problem.Kind.BAD_NUMBER,
                  "is not a number",
                  "is not a number: its exponent is out of range",
                  "write digits such as 3, -2.5 or 1e3"),
              OperandType.INTEGER,
              new ScalarRule(
                  Problem.Kind.BAD_INTEGER,
                  "is not an integer",
                  "is not an integer this backend takes: it is beyond the signed 64-bit range",
                  "write whole digits such as 3 or -42, with no fraction or exponent"),
              OperandType.BOOLEAN,
              new ScalarRule(
                  Problem.Kind.BAD_BOOLEAN,
                  "is not a boolean",
                  "is not a boolean",
                  "write true or false")));

  /**
   * The check of a typed scalar's value. A switch, not a function in the table: a lambda or method
   * reference would be bootstrapped at the first bind in a fresh JVM, which the cold-bind benchmark
   * counts.
   */
  private static int verdict(OperandType type, String v) {
    switch (type) {
      case DATE:
        return Values.dateCheck(v);
      case NUMBER:
        return Values.numberCheck(v);
      case INTEGER:
        return Values.integerCheck(v);
      default:
        return Values.bool(v) == null ? Values.MALFORMED : Values.VALID;
    }
  }

  private static Problem checkTyped(String opcode, Operand o, OperandType type, String v) {
    ScalarRule rule = SCALAR_RULES.get(type);
    if (rule == null) {
      return null;
    }
    int verdict = verdict(type, v.trim());
    if (verdict == Values.VALID) {
      return null;
    }
    return Problem.of(
        rule.kind(),
        opcode,
        o.name(),
        opcode
            + "."
            + o.name()
            + ": "
            + quote(v)
            + " "
            + (verdict == Values.OUT_OF_RANGE ? rule.outOfRange() : rule.malformed())
            + "; "
            + rule.fix());
  }

  /** A value in quotes, cut to 80 characters, on one line whatever it holds. */
  private static String quote(String v) {
    String shown = v.length() > 80 ? v.substring(0, 77) + "..." : v;
    return LineText.quoted(shown);
  }

  /**
   * The call bound to its op, after verifying it.
   *
   * @throws ProgramRejectedException when the call does not verify, naming every problem
   */
  public Call verified(Call call) {
    List<Problem> problems = verify(call);
    if (!problems.isEmpty()) {
      throw new ProgramRejectedException(
          1, List.of(new ProgramRejectedException.CallProblems(0, call.opcode(), problems)));
    }
    return call.boundTo(byOpcode.get(call.opcode()).op);
  }

  /**
   * Verifies every call of a program, then splits it into a plan. One bad call rejects the whole
   * program, naming every bad call. A call goes to {@link Plan#apply()} when its act's tier allows
   * running live, the agent's ceiling is {@link AutonomyRung#AUTO} and the act has a run handler;
   * every other call goes to {@link Plan#propose()}. Every call in the plan is bound to its op.
   *
   * @param ceiling the highest rung this agent may use; {@link AutonomyRung#ASK} proposes all
   * @throws ProgramRejectedException when any call is invalid
   */
  public Plan gate(List<Call> program, AutonomyRung ceiling) {
    Objects.requireNonNull(ceiling, "ceiling");
    List<ProgramRejectedException.CallProblems> bad = null;
    for (int i = 0; i < program.size(); i++) {
      Call call = program.get(i);
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
    List<Call> apply = new ArrayList<>();
    List<Call> propose = new ArrayList<>();
    for (Call call : program) {
      Bound<S> b = byOpcode.get(call.opcode());
      AutonomyRung rung = AutonomyRung.min(AutonomyRung.maxRungFor(b.op.tier()), ceiling);
      Call bound = call.boundTo(b.op);
      if (rung == AutonomyRung.AUTO && b.use.run() != null) {
        apply.add(bound);
      } else {
        propose.add(bound);
      }
    }
    return new Plan(apply, propose);
  }

  /**
   * Runs a call through its act's run handler.
   *
   * @return the outcome: done with the handler's result, or failed with the model-safe message of a
   *     {@link CallFailedException} the handler threw
   * @throws IllegalArgumentException when the set does not declare the call's opcode
   * @throws IllegalStateException when the act has no run handler or its tier can never run live
   * @throws ProgramRejectedException when the call does not verify; nothing runs
   * @throws Exception whatever else the handler throws; for the operator, never the model
   */
  public Outcome run(S state, Call call) throws Exception {
    Bound<S> b = require(call.opcode());
    if (b.use.run() == null || AutonomyRung.maxRungFor(b.op.tier()) != AutonomyRung.AUTO) {
      throw new IllegalStateException(
          call.opcode()
              + " has no run handler it may use (tier "
              + b.op.tier()
              + "); it is proposed to a human, not run");
    }
    Call bound = verified(call);
    try {
      return Outcome.done(bound, b.use.run().run(state, bound));
    } catch (CallFailedException e) {
      return Outcome.failed(bound, e);
    }
  }

  /**
   * The question for a withheld call: the act's ask wording, or the op's description when it has
   * none.
   *
   * @throws ProgramRejectedException when the call does not verify
   */
  public String ask(Call call) {
    Bound<S> b = require(call.opcode());
    if (b.use.ask() == null) {
      return b.op.description();
    }
    return b.use.ask().ask(verified(call));
  }

  private Bound<S> require(String opcode) {
    Bound<S> b = byOpcode.get(opcode);
    if (b == null) {
      throw new IllegalArgumentException(
          "\""
              + opcode
              + "\" is not an act of this set; the acts are: "
              + Names.listing(opcode, byOpcode.keySet())
              + Names.didYouMean(opcode, byOpcode.keySet()));
    }
    return b;
  }

  @Override
  public String toString() {
    return "ActionSet" + opcodes();
  }

  /** One bound op with the use that holds its premise and handlers, and verification's indexes. */
  private static final class Bound<S> {
    final Op op;
    final Use<S> use;

    /** An operand checked by its flat type alone. */
    static final byte FLAT = 0;

    /** A flat operand whose schema says more (bounds, lengths, a pattern, counts). */
    static final byte FACETED = 1;

    /** An operand whose argument is JSON text, checked at every depth. */
    static final byte TREE = 2;

    final Operand[] operands;
    final byte[] shapes;
    final Map<String, Operand> operandIndex;
    final Map<String, Set<String>> enumValues;

    Bound(Op op, Use<S> use) {
      this.op = op;
      this.use = use;
      this.operands = op.operands().toArray(new Operand[0]);
      this.shapes = new byte[operands.length];
      Map<String, Operand> index = new HashMap<>();
      Map<String, Set<String>> enums = new HashMap<>();
      for (int k = 0; k < operands.length; k++) {
        Operand o = operands[k];
        index.put(o.name(), o);
        shapes[k] = ValueCheck.isTree(o) ? TREE : o.isFlat() ? FLAT : FACETED;
        if (o.valueSchema() instanceof Schema.EnumSchema e
            && e.valueType() == OperandType.STRING
            && shapes[k] != TREE) {
          enums.put(o.name(), Set.copyOf(new HashSet<>(o.enumValues())));
        }
      }
      this.operandIndex = index;
      this.enumValues = enums;
    }

    Operand operand(String name) {
      return operandIndex.get(name);
    }

    /** The premise's verdict; the call is bound. Throws whatever a reader throws. */
    boolean willChange(S state, Call call) throws Exception {
      Premise p = use.premise();
      ChangeCategory category = p.category();
      return switch (category) {
        case ALWAYS_MINTS, MERGE -> true;
        case SCALAR_SET, MEMBERSHIP -> differsFromInput(state, call, p.input());
        case TERMINAL -> !Names.containsIgnoreCase(p.terminalStates(), current(state, call));
        case FILLS_SLOT -> current(state, call).isBlank();
        case MULTI_FIELD -> anyFieldDiffers(state, call);
      };
    }

    private boolean differsFromInput(S state, Call call, String inputName) throws Exception {
      String proposed = call.arg(inputName);
      if (proposed.isBlank()) {
        return true;
      }
      Operand input = operand(inputName);
      return !Values.same(
          input == null ? OperandType.STRING : input.type(), current(state, call), proposed);
    }

    private String current(S state, Call call) throws Exception {
      String v = use.reader().read(state, call);
      return v == null ? "" : v;
    }

    private boolean anyFieldDiffers(S state, Call call) throws Exception {
      for (Operand o : operands) {
        String proposed = call.arg(o.name());
        if (proposed.isBlank()) {
          continue;
        }
        String current = use.fieldReader().read(state, call, o.name());
        if (!Values.same(o.type(), current == null ? "" : current, proposed)) {
          return true;
        }
      }
      return false;
    }
  }
}
