package dev.agentkit.contract;

import java.util.Objects;

/**
 * One thing wrong with a declaration, a binding or an emitted call, as a sentence its reader can
 * act on.
 *
 * @param kind the rule that found it; its {@linkplain Kind#tag() tag} is stable across releases
 * @param opcode the op it is about, or empty
 * @param subject the operand, state or name the problem is about within the op, or empty
 * @param message the full sentence, starting with the tag
 */
public record Problem(Kind kind, String opcode, String subject, String message) {

  /** Validates the components. */
  public Problem {
    Objects.requireNonNull(kind, "kind");
    opcode = opcode == null ? "" : opcode;
    subject = subject == null ? "" : subject;
    Objects.requireNonNull(message, "message");
  }

  public static Problem of(Kind kind, String opcode, String subject, String sentence) {
    return new Problem(kind, opcode, subject, "[" + kind.tag() + "] " + sentence);
  }

  @Override
  public String toString() {
    return message;
  }

  /**
   * The rules, each with a stable tag and the declaration attribute it concerns (so the annotation
   * processor can point at it).
   */
  public enum Kind {
    // Validation of a set of acts.
    EMPTY_OPCODE("EmptyOpcode", "opcode"),
    DUPLICATE_OPCODE("DuplicateOpcode", "opcode"),
    BLANK_DESCRIPTION("BlankDescription", "description"),
    UNSET_CATEGORY("UnsetCategory", "category"),
    UNSET_TIER("UnsetTier", "tier"),
    WITHHELD_WITHOUT_ASK("WithheldWithoutAsk", ""),
    WITHHELD_WITH_RUN("WithheldWithRun", ""),
    MISSING_FIELD_READER("MissingFieldReader", "category"),
    UNEXPECTED_FIELD_READER("UnexpectedFieldReader", "category"),
    MISSING_READER("MissingReader", "category"),
    UNEXPECTED_READER("UnexpectedReader", "category"),
    MISSING_INPUT("MissingInput", "input"),
    UNKNOWN_INPUT("UnknownInput", "input"),
    MISSING_TERMINAL_STATES("MissingTerminalStates", "terminalStates"),
    UNEXPECTED_TERMINAL_STATES("UnexpectedTerminalStates", "terminalStates"),
    TERMINAL_STATE_NOT_IN_ENUM("TerminalStateNotInEnum", "terminalStates"),
    UNKNOWN_STRUCTURED("UnknownStructured", "structured"),
    STRUCTURED_NOT_STRING("StructuredNotString", "structured"),
    EMPTY_OPERAND_NAME("EmptyOperandName", "operands"),
    DUPLICATE_OPERAND("DuplicateOperand", "operands"),
    ENUM_WITHOUT_VALUES("EnumWithoutValues", "operands"),
    IMPOSSIBLE_BOUNDS("ImpossibleBounds", "operands"),
    SCHEMA_TOO_DEEP("SchemaTooDeep", "operands"),
    // Binding against a contract.
    CONTRACT_UNAVAILABLE("ContractUnavailable", ""),
    CONTRACT_MISMATCH("ContractMismatch", ""),
    UNKNOWN_OPCODE("UnknownOpcode", "opcode"),
    TIER_MISMATCH("TierMismatch", "assertTier"),
    LOCAL_OPCODE_CLASH("LocalOpcodeClash", "opcode"),
    ASSERTED_UNKNOWN_TIER("AssertedUnknownTier", "assertTier"),
    OPAQUE_INPUT("OpaqueInput", "input"),
    // Warnings about a contract: a tier or type this version does not know (see isWarning).
    UNKNOWN_TIER("UnknownTier", ""),
    UNKNOWN_OPERAND_TYPE("UnknownOperandType", ""),
    // A warning about an act: terminal states against an input that is not an enum.
    TERMINAL_STATES_UNCHECKED("TerminalStatesUnchecked", "terminalStates"),
    // Verifying an emitted call.
    UNDECLARED_OPCODE("UndeclaredOpcode", ""),
    UNKNOWN_OPERAND("UnknownOperand", ""),
    UNKNOWN_USER_FILL("UnknownUserFill", ""),
    ENUM_VALUE("EnumValue", ""),
    BAD_DATE("BadDate", ""),
    BAD_NUMBER("BadNumber", ""),
    BAD_INTEGER("BadInteger", ""),
    BAD_BOOLEAN("BadBoolean", ""),
    BAD_LIST("BadList", ""),
    REQUIRED_MISSING("RequiredMissing", "");

    private final String tag;
    private final String attribute;

    Kind(String tag, String attribute) {
      this.tag = tag;
      this.attribute = attribute;
    }

    /** The stable tag that starts every message of this kind, e.g. {@code UnknownOpcode}. */
    public String tag() {
      return tag;
    }

    /**
     * The declaration attribute the problem concerns ({@code opcode}, {@code input}, {@code
     * terminalStates}, {@code structured}, {@code assertTier}, {@code category}...), or empty when
     * it concerns the act as a whole.
     */
    public String attribute() {
      return attribute;
    }

    /**
     * Whether a problem of this kind is a warning, which stops nothing: a tier or operand type the
     * contract serves that this version does not know ({@link Contract#warnings()}), or terminal
     * states that cannot be checked because the act's input is not an enum (a note of {@code
     * BoundAgent}, a warning of the annotation processor).
     */
    public boolean isWarning() {
      return this == UNKNOWN_TIER
          || this == UNKNOWN_OPERAND_TYPE
          || this == TERMINAL_STATES_UNCHECKED;
    }
  }
}
