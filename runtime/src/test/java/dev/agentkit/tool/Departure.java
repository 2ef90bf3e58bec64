package dev.agentkit.tool;

/**
 * Where verify and the guard check a call differently from a JSON Schema validator reading the
 * tool's schema, on purpose. Each is a row of docs/tools.md ("How values are checked"), named there
 * by its {@link #id()}; {@link VerifyDifferentialPropertyTest} applies each one explicitly, either
 * by saying it in the schema the oracle reads ({@link #rendered()}) or by leaving the case out of
 * the comparison, counted.
 */
enum Departure {
  /** The arguments object takes only the tool's operands, whatever the source's schema says. */
  ARGUMENTS_CLOSED("arguments-closed", true),
  /**
   * A top-level {@code null} (but for a nullable tree-typed operand) or blank string counts as not
   * given.
   */
  BLANK_IS_NOT_GIVEN("blank-is-not-given", false),
  /**
   * A flat top-level operand takes a string, number or boolean as its text; a list one also a bare
   * value as one element, its elements trimmed and blank ones dropped.
   */
  FLAT_VALUES_AS_TEXT("flat-values-as-text", false),
  /** A flat top-level integer is written in plain digits: {@code 3.0} and {@code 1e2} are not. */
  FLAT_INTEGERS_PLAIN_DIGITS("flat-integers-plain-digits", false),
  /** A required flat list needs an element that is not blank. */
  FLAT_REQUIRED_LIST_NOT_EMPTY("flat-required-list-not-empty", false),
  /** A date takes a date or a date-time whatever its format says, trimmed, offset within 18 h. */
  DATES_AS_AGENTKIT_READS_THEM("dates-as-agentkit-reads-them", true),
  /** Formats other than dates are shown to the model, not checked. */
  FORMATS_UNCHECKED("formats-unchecked", true),
  /** A pattern outside the checked subset is not checked. */
  PATTERNS_OUTSIDE_THE_SUBSET("patterns-outside-the-subset", true),
  /**
   * A whole number written with a fraction or exponent ({@code 3.0}, {@code 1e2}) is an integer, as
   * JSON Schema says since draft 6, also in an OpenAPI 3.0 document, whose dialect is draft 4's.
   */
  WHOLE_NUMBERS_ARE_INTEGERS("whole-numbers-are-integers", true),
  /** An integer is in the signed 64-bit range. */
  INTEGERS_64_BIT("integers-64-bit", true),
  /**
   * In an OpenAPI 3.0 document, {@code nullable: true} makes {@code null} a value even with no
   * {@code type} beside it (on a {@code oneOf}).
   */
  NULLABLE_WITHOUT_TYPE("nullable-without-type", true),
  /** A required name the schema declares no property for is not required. */
  REQUIRED_UNDECLARED("required-undeclared", true),
  /** Keywords the tree has no place for ({@code minProperties}...) are not checked. */
  UNMODELED_KEYWORDS("unmodeled-keywords", true);

  private final String id;
  private final boolean rendered;

  Departure(String id, boolean rendered) {
    this.id = id;
    this.rendered = rendered;
  }

  /** How docs/tools.md names it. */
  String id() {
    return id;
  }

  /**
   * Whether the oracle's schema says it (so the case is still compared), rather than the case being
   * left out.
   */
  boolean rendered() {
    return rendered;
  }
}
