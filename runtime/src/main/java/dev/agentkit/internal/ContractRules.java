package dev.agentkit.internal;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.ActDeclaration.Handler;
import dev.agentkit.internal.text.JsonText;
import dev.agentkit.internal.text.Names;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one rules engine: the checks an agent's acts must pass, written once and run by the
 * annotation processor against the committed snapshot, by {@code ActionSet.bind} against the live
 * contract, and by the Maven plugin.
 *
 * <p>Every method collects every problem rather than stopping at the first, and lists problems in a
 * deterministic order (the order of the declarations, then the order of the checks). Stateless and
 * thread-safe.
 */
public final class ContractRules {
  private ContractRules() {}

  /**
   * The result of binding declarations to a contract.
   *
   * @param acts the bound declarations (backend contract plus premise for uses; locals as given),
   *     in declaration order; uses that could not be bound are left out
   * @param problems every problem found, binding and validation alike
   * @param warnings what the rules could not check, which stops nothing ({@link
   *     Problem.Kind#isWarning()}), in declaration order
   */
  public record Binding(List<ActDeclaration> acts, List<Problem> problems, List<Problem> warnings) {
    /** Copies the lists. */
    public Binding {
      acts = List.copyOf(acts);
      problems = List.copyOf(problems);
      warnings = List.copyOf(warnings);
    }

    /** Whether the binding found no problem; warnings do not count. */
    public boolean ok() {
      return problems.isEmpty();
    }
  }

  /**
   * Binds uses of backend ops and local acts against a contract, then validates the result.
   *
   * <p>For each use, the backend supplies the description, object type, tier and operands; the use
   * supplies only its premise (category, input, terminal states, structured operands, extra) and
   * which handlers it has. A use whose opcode the contract lacks, or whose asserted tier differs
   * from the backend's, is reported. Local acts are the agent's own: their whole contract comes
   * from the declaration, and their opcode must not clash with a backend op.
   *
   * @param contract the backend contract, or null when there are no uses
   * @param uses declarations of backend ops: opcode and premise only
   * @param locals declarations of local acts, complete
   */
  public static Binding bind(
      Contract contract, List<ActDeclaration> uses, List<ActDeclaration> locals) {
    List<Problem> problems = new ArrayList<>();
    List<ActDeclaration> bound = new ArrayList<>(uses.size() + locals.size());
    for (ActDeclaration use : uses) {
      String opcode = use.opcode();
      Op spec = contract == null ? null : contract.op(opcode).orElse(null);
      if (spec == null) {
        problems.add(unknownOpcode(contract, opcode));
        continue;
      }
      if (use.assertTier() != null && spec.hasUnknownTier()) {
        problems.add(assertedUnknownTier(use, spec));
        continue;
      }
      if (use.assertTier() != null && use.assertTier() != spec.tier()) {
        problems.add(
            Problem.of(
                Problem.Kind.TIER_MISMATCH,
                opcode,
                "",
                opcode
                    + ": the agent asserts tier "
                    + use.assertTier().wireName()
                    + " but the backend says "
                    + (spec.tier() == null ? "nothing (unset)" : spec.tier().wireName())
                    + "; an understated tier lets the gate run live what the backend says must"
                    + " be asked, so fix the assertion or remove it"));
        continue;
      }
      bound.add(use.withOp(spec));
    }
    for (ActDeclaration local : locals) {
      String opcode = local.opcode();
      if (contract != null && contract.has(opcode)) {
        problems.add(
            Problem.of(
                Problem.Kind.LOCAL_OPCODE_CLASH,
                opcode,
                "",
                opcode
                    + ": a local act uses an opcode the backend also declares; the backend's"
                    + " contract would be shadowed, so bind the backend op as a use or rename"
                    + " the local act"));
        continue;
      }
      bound.add(local);
    }
    List<Problem> warnings = new ArrayList<>();
    check(bound, problems, warnings);
    return new Binding(bound, problems, warnings);
  }

  /**
   * An asserted tier cannot be checked against a tier this version does not know; accepting it
   * would let an assertion of irreversible pass on nothing but the fallback.
   */
  private static Problem assertedUnknownTier(ActDeclaration use, Op spec) {
    return Problem.of(
        Problem.Kind.ASSERTED_UNKNOWN_TIER,
        use.opcode(),
        "",
        Names.label(use.opcode())
            + ": the agent asserts tier "
            + use.assertTier().wireName()
            + ", but the backend serves tier "
            + JsonText.shown(spec.unknownTier())
            + ", which this agentkit does not know, so the assertion cannot be checked; remove"
            + " it (the op is treated as irreversible meanwhile) or upgrade agentkit");
  }

  /** The problem for an opcode the contract lacks, listing the contract's opcodes sorted. */
  static Problem unknownOpcode(Contract contract, String opcode) {
    List<String> known = contract == null ? List.of() : contract.opcodes();
    String listing =
        known.isEmpty()
            ? "the backend declares no op at all"
            : "the backend declares: " + Names.listing(opcode, known);
    return Problem.of(
        Problem.Kind.UNKNOWN_OPCODE,
        opcode,
        opcode,
        Names.label(opcode)
            + ": the backend does not declare this opcode, so every program that emits it would"
            + " be rejected at verify; "
            + listing
            + Names.didYouMean(opcode, known));
  }

  /**
   * Checks a set of complete acts: every problem of every act, in declaration order. The checks are
   * the ones listed in the design: empty or duplicate opcode, blank description, unset category or
   * tier, withheld acts without ask wording or with a run handler, readers that do not fit the
   * category, a missing or unknown input, terminal acts without terminal states (or with states
   * outside the input's enum), unknown structured operands or ones that are not strings, and
   * malformed operands. Warnings, which stop nothing, are left out: {@link #bind} gives them.
   */
  public static List<Problem> validate(List<ActDeclaration> acts) {
    List<Problem> problems = new ArrayList<>();
    check(acts, problems, new ArrayList<>());
    return problems;
  }

  /** Adds every problem of the acts to {@code problems}, and every warning to {@code warnings}. */
  private static void check(
      List<ActDeclaration> acts, List<Problem> problems, List<Problem> warnings) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (ActDeclaration d : acts) {
      counts.put(d.opcode(), counts.getOrDefault(d.opcode(), 0) + 1);
    }
    Set<String> reportedDuplicates = new HashSet<>();
    for (ActDeclaration d : acts) {
      String opcode = d.opcode();
      if (!opcode.isEmpty() && counts.get(opcode) > 1 && reportedDuplicates.add(opcode)) {
        problems.add(
            Problem.of(
                Problem.Kind.DUPLICATE_OPCODE,
                opcode,
                "",
                opcode
                    + ": declared "
                    + counts.get(opcode)
                    + " times; an opcode names one act, so keep one declaration"));
      }
      validateOne(d, problems, warnings);
    }
  }

  /**
   * The act's single-problem rules, in the order their problems are reported: each kind is broken
   * when {@link #broken} says so and reported in the words of {@link #words}. The checks that can
   * find several problems follow them (see {@link #validateOne}). A list of kinds and two switches
   * rather than a list of lambdas: binding runs these in the first moments of a service's life,
   * where each lambda would cost a class spun at startup.
   */
  private static final List<Problem.Kind> ACT_RULES =
      List.of(
          Problem.Kind.EMPTY_OPCODE,
          Problem.Kind.BLANK_DESCRIPTION,
          Problem.Kind.UNSET_CATEGORY,
          Problem.Kind.UNSET_TIER,
          Problem.Kind.WITHHELD_WITHOUT_ASK,
          Problem.Kind.WITHHELD_WITH_RUN,
          Problem.Kind.MISSING_FIELD_READER,
          Problem.Kind.UNEXPECTED_FIELD_READER,
          Problem.Kind.MISSING_READER,
          Problem.Kind.UNEXPECTED_READER,
          Problem.Kind.MISSING_INPUT,
          Problem.Kind.MISSING_TERMINAL_STATES,
          Problem.Kind.UNEXPECTED_TERMINAL_STATES);

  private static void validateOne(
      ActDeclaration d, List<Problem> problems, List<Problem> warnings) {
    for (Problem.Kind kind : ACT_RULES) {
      if (broken(kind, d)) {
        problems.add(Problem.of(kind, d.opcode(), "", words(kind, d)));
      }
    }
    checkInput(d, problems, warnings);
    checkStructured(d, problems);
    checkOperands(d, problems);
  }

  /** Whether the act breaks the rule of {@code kind}, one of {@link #ACT_RULES}. */
  private static boolean broken(Problem.Kind kind, ActDeclaration d) {
    ChangeCategory c = d.category();
    return switch (kind) {
      case EMPTY_OPCODE -> d.opcode().isEmpty();
      case BLANK_DESCRIPTION -> d.op().description().isBlank();
      case UNSET_CATEGORY -> c == null;
      case UNSET_TIER -> d.op().tier() == null;
      case WITHHELD_WITHOUT_ASK -> withheld(d) && !d.has(Handler.ASK);
      case WITHHELD_WITH_RUN -> withheld(d) && d.has(Handler.RUN);
      case MISSING_FIELD_READER ->
          c != null && c.needsFieldReader() && !d.has(Handler.FIELD_READER);
      case UNEXPECTED_FIELD_READER ->
          c != null && !c.needsFieldReader() && d.has(Handler.FIELD_READER);
      case MISSING_READER -> c != null && c.needsStateReader() && !d.has(Handler.READER);
      case UNEXPECTED_READER -> c != null && !c.needsStateReader() && d.has(Handler.READER);
      case MISSING_INPUT -> c != null && c.needsInput() && d.input().isBlank();
      case MISSING_TERMINAL_STATES -> c == ChangeCategory.TERMINAL && d.terminalStates().isEmpty();
      case UNEXPECTED_TERMINAL_STATES ->
          c != null && c != ChangeCategory.TERMINAL && !d.terminalStates().isEmpty();
      default -> throw new IllegalArgumentException(kind + " is not a single-problem act rule");
    };
  }

  /** The sentence of the rule of {@code kind} that the act breaks. */
  private static String words(Problem.Kind kind, ActDeclaration d) {
    return switch (kind) {
      case EMPTY_OPCODE ->
          "an act has an empty opcode; every act needs the opcode its backend knows it by";
      case BLANK_DESCRIPTION ->
          label(d)
              + ": the description is blank; it is the prompt the model reads, so"
              + " describe what the act does";
      case UNSET_CATEGORY ->
          label(d)
              + ": no change category; say how to tell whether the act would change"
              + " anything, with one of "
              + ChangeCategory.validNames();
      case UNSET_TIER ->
          label(d)
              + ": no tier; an unset tier is never taken as read-only, so give one of "
              + Tier.validNames();
      case WITHHELD_WITHOUT_ASK ->
          label(d)
              + ": tier "
              + tierText(d)
              + " is always withheld for a human, but the act has no ask wording, so the"
              + " user would never be asked and the act would vanish; add ask wording"
              + " (@Ask)";
      case WITHHELD_WITH_RUN ->
          label(d)
              + ": has a run handler, but tier "
              + tierText(d)
              + " can never run live, so the handler is dead code that reads as live;"
              + " remove it (@Run) and let the user accept the proposal";
      case MISSING_FIELD_READER ->
          label(d)
              + ": category multi_field compares each argument with its field's current"
              + " value, so it needs a field reader (state, call, field name)";
      case UNEXPECTED_FIELD_READER ->
          label(d)
              + ": has a field reader, but category "
              + d.category().wireName()
              + " never reads fields; use multi_field or remove the field reader";
      case MISSING_READER ->
          label(d)
              + ": category "
              + d.category().wireName()
              + " compares against the current state, so it needs a state reader";
      case UNEXPECTED_READER ->
          label(d)
              + ": has a state reader, but category "
              + d.category().wireName()
              + " "
              + (d.category().needsFieldReader()
                  ? "reads each field through a field reader (state, call, field name) instead"
                  : "reads no state, so the reader would never be called")
              + "; change the category or remove the reader";
      case MISSING_INPUT ->
          label(d)
              + ": category "
              + d.category().wireName()
              + " compares the proposed value of one operand with the current one, so"
              + " name that operand as the input; operands: "
              + Names.listing(d.op().operandNames());
      case MISSING_TERMINAL_STATES ->
          label(d)
              + ": category terminal needs the terminal states after which the act"
              + " changes nothing (e.g. done, archived)";
      case UNEXPECTED_TERMINAL_STATES ->
          label(d)
              + ": terminalStates are given, but category "
              + d.category().wireName()
              + " never reads them (only terminal does), so they would be silently ignored;"
              + " remove terminalStates, or use category terminal if the act changes nothing"
              + " once the state is one of them";
      default -> throw new IllegalArgumentException(kind + " is not a single-problem act rule");
    };
  }

  private static String label(ActDeclaration d) {
    return Names.label(d.opcode());
  }

  /** The op's tier as messages name it; an unknown one with how it is read. */
  private static String tierText(ActDeclaration d) {
    Op op = d.op();
    return op.hasUnknownTier()
        ? JsonText.shown(op.unknownTier()) + " (unknown to this agentkit, so read as irreversible)"
        : op.tier().wireName();
  }

  private static boolean withheld(ActDeclaration d) {
    Tier tier = d.op().tier();
    return tier != null && AutonomyRung.maxRungFor(tier) == AutonomyRung.ASK;
  }

  /**
   * The input names an operand; for terminal, its states are values of an enum input, and a warning
   * says when the input has no vocabulary to check them against.
   */
  private static void checkInput(ActDeclaration d, List<Problem> problems, List<Problem> warnings) {
    if (d.input().isBlank()) {
      return;
    }
    List<String> names = d.op().operandNames();
    Operand input = d.op().operand(d.input()).orElse(null);
    if (input == null) {
      problems.add(
          Problem.of(
              Problem.Kind.UNKNOWN_INPUT,
              d.opcode(),
              d.input(),
              label(d)
                  + ": input \""
                  + d.input()
                  + "\" names no operand of this op; operands: "
                  + Names.listing(d.input(), names)
                  + Names.didYouMean(d.input(), names)));
      return;
    }
    if (input.hasUnknownType() && comparesInput(d.category())) {
      problems.add(opaqueInput(d, input));
      return;
    }
    if (d.category() != ChangeCategory.TERMINAL || d.terminalStates().isEmpty()) {
      return;
    }
    if (input.type() != OperandType.ENUM) {
      warnings.add(terminalStatesUnchecked(d, input));
      return;
    }
    for (String state : d.terminalStates()) {
      if (!Names.containsIgnoreCase(input.enumValues(), state)) {
        problems.add(
            Problem.of(
                Problem.Kind.TERMINAL_STATE_NOT_IN_ENUM,
                d.opcode(),
                state,
                label(d)
                    + ": terminal state \""
                    + state
                    + "\" is not a value of input "
                    + input.name()
                    + ", so the act could never be recognised as done; values: "
                    + Names.listing(state, input.enumValues())
                    + Names.didYouMean(state, input.enumValues())));
      }
    }
  }

  /**
   * Terminal states are compared with what the reader returns, case-insensitively; only an enum
   * input says which states exist, so against any other input a misspelled state goes unnoticed.
   */
  private static Problem terminalStatesUnchecked(ActDeclaration d, Operand input) {
    return Problem.of(
        Problem.Kind.TERMINAL_STATES_UNCHECKED,
        d.opcode(),
        "",
        label(d)
            + ": input \""
            + input.name()
            + "\" has type "
            + input.typeName()
            + ", not enum, so the terminal states ("
            + Names.listing(d.terminalStates())
            + ") cannot be checked against the values the backend allows: a misspelled state"
            + " would never match the current state, and the act would never be recognised as"
            + " done; check their spelling against the states the backend uses, or name the enum"
            + " operand that holds the state as the input");
  }

  /** The categories whose premise reads the input's values: a typed compare, or terminal states. */
  private static boolean comparesInput(ChangeCategory category) {
    return category == ChangeCategory.SCALAR_SET
        || category == ChangeCategory.MEMBERSHIP
        || category == ChangeCategory.TERMINAL;
  }

  private static Problem opaqueInput(ActDeclaration d, Operand input) {
    String what =
        d.category() == ChangeCategory.TERMINAL
            ? "its terminal states cannot be checked against the operand's values"
            : "category " + d.category().wireName() + " cannot compare its values by type";
    return Problem.of(
        Problem.Kind.OPAQUE_INPUT,
        d.opcode(),
        d.input(),
        label(d)
            + ": input \""
            + d.input()
            + "\" has type "
            + JsonText.shown(input.unknownType())
            + ", which this agentkit does not know, so "
            + what
            + "; use a category that compares nothing (always_mints, merge, fills_slot), or"
            + " upgrade agentkit");
  }

  /** Each structured operand names an operand, one whose value is text the backend parses. */
  private static void checkStructured(ActDeclaration d, List<Problem> problems) {
    List<String> names = d.op().operandNames();
    for (String s : d.structured()) {
      Operand operand = d.op().operand(s).orElse(null);
      if (operand == null) {
        problems.add(
            Problem.of(
                Problem.Kind.UNKNOWN_STRUCTURED,
                d.opcode(),
                s,
                label(d)
                    + ": structured operand \""
                    + s
                    + "\" names no operand of this op; operands: "
                    + Names.listing(s, names)
                    + Names.didYouMean(s, names)));
      } else if (operand.type() != OperandType.STRING && operand.type() != OperandType.OPAQUE) {
        problems.add(structuredNotString(d, operand));
      }
    }
  }

  /**
   * A structured operand is offered to the model as a string of JSON and its value parsed as JSON,
   * so on an operand of another type the type's own schema (an enum's values) is lost and every
   * plain value is refused.
   */
  private static Problem structuredNotString(ActDeclaration d, Operand operand) {
    boolean list = operand.list();
    String offered =
        switch (operand.type()) {
          case ENUM ->
              (list ? "a list of its values (" : "one of its values (")
                  + Names.listing(operand.enumValues())
                  + ")";
          case INTEGER -> list ? "a list of whole numbers" : "a whole number";
          case NUMBER -> list ? "a list of numbers" : "a number";
          case BOOLEAN -> list ? "a list of booleans" : "true or false";
          case DATE -> list ? "a list of dates" : "a date";
          default -> "a value of its type";
        };
    return Problem.of(
        Problem.Kind.STRUCTURED_NOT_STRING,
        d.opcode(),
        operand.name(),
        label(d)
            + ": structured operand \""
            + operand.name()
            + "\" has type "
            + operand.typeName()
            + ", but structured is for a string operand whose text is JSON: the model would be"
            + " offered a string of JSON in place of "
            + offered
            + ", and a plain value would be refused as not valid JSON; remove \""
            + operand.name()
            + "\" from structured, since its type already says how its value is written");
  }

  /** The op's own operand problems: empty or repeated names, enums with no values. */
  private static void checkOperands(ActDeclaration d, List<Problem> problems) {
    for (Problem p : d.op().problems()) {
      if (p.kind().attribute().equals("operands")) {
        problems.add(p);
      }
    }
  }
}
