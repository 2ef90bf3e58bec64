package dev.agentkit.contract;

import dev.agentkit.internal.text.Names;
import java.util.Locale;

/**
 * The agent's premise about an act: how the kit decides whether the act would change anything, so
 * that an ask which would change nothing is never shown.
 */
public enum ChangeCategory {
  /** Always creates something new (a task, a comment); reads no state; always a change. */
  ALWAYS_MINTS("always_mints", false, false),
  /** Merges into existing state in a way that is always a change; reads no state. */
  MERGE("merge", false, false),
  /**
   * Sets one value: a change iff the input operand's proposed value differs from the current one
   * (dates compared as instants, numbers numerically, otherwise trimmed strings). A blank proposed
   * value counts as a change.
   */
  SCALAR_SET("scalar_set", true, true),
  /** Moves an object into a group: compared like {@link #SCALAR_SET}, on the input operand. */
  MEMBERSHIP("membership", true, true),
  /** Ends a lifecycle: a change iff the current state is not one of the terminal states. */
  TERMINAL("terminal", true, false),
  /** Sets several fields: a change iff any non-blank argument differs from its field's value. */
  MULTI_FIELD("multi_field", false, false),
  /** Fills an empty slot: a change iff the input operand's current value is blank. */
  FILLS_SLOT("fills_slot", true, true);

  private final String wireName;
  private final boolean needsReader;
  private final boolean needsInput;

  ChangeCategory(String wireName, boolean needsReader, boolean needsInput) {
    this.wireName = wireName;
    this.needsReader = needsReader;
    this.needsInput = needsInput;
  }

  /** The snake-case name used in messages and documents, e.g. {@code scalar_set}. */
  public String wireName() {
    return wireName;
  }

  /** Whether the category reads the current state through a state reader. */
  public boolean needsStateReader() {
    return needsReader;
  }

  /** Whether the category reads each field through a field reader ({@link #MULTI_FIELD}). */
  public boolean needsFieldReader() {
    return this == MULTI_FIELD;
  }

  /** Whether the category compares one input operand, which must be named. */
  public boolean needsInput() {
    return needsInput;
  }

  /**
   * Parses a category by its snake-case or constant name, case-insensitively.
   *
   * @throws IllegalArgumentException naming the valid categories when the name is unknown
   */
  public static ChangeCategory parse(String name) {
    String key = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (ChangeCategory c : values()) {
      if (c.wireName.equals(key)) {
        return c;
      }
    }
    throw new IllegalArgumentException(
        "unknown change category \""
            + (name == null ? "" : name.trim())
            + "\": use one of "
            + validNames()
            + Names.didYouMean(key, Names.wireNames(values(), ChangeCategory::wireName)));
  }

  public static String validNames() {
    return Names.listing(Names.wireNames(values(), ChangeCategory::wireName));
  }

  @Override
  public String toString() {
    return wireName;
  }
}
