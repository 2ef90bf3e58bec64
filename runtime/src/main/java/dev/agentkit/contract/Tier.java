package dev.agentkit.contract;

import dev.agentkit.internal.text.Names;
import java.util.Locale;
import java.util.Optional;

/**
 * How reversible an act is, as the backend classifies it. The tier decides whether an act may run
 * live or must be proposed to a human (see {@link AutonomyRung#maxRungFor(Tier)}).
 *
 * <p>There is no "unset" constant on purpose: an act without a tier is a validation error, never
 * read-only, because read-only acts run without asking.
 *
 * <p>A tier name this version does not know is not an error in a served contract or a snapshot: the
 * op is read as {@link #IRREVERSIBLE} (always proposed to a human, never run live), with the name
 * as served in {@link Op#unknownTier()}, so a backend that adds a tier stops nothing and runs
 * nothing unknown.
 */
public enum Tier {
  /** Reads only; changes nothing. */
  READ_ONLY("read_only"),
  /** Changes state inside the backend in a way that can be undone. */
  REVERSIBLE("reversible"),
  /** Changes something outside the backend (an email, a webhook) that can still be undone. */
  EXTERNAL_REVERSIBLE("external_reversible"),
  /** Cannot be undone. */
  IRREVERSIBLE("irreversible");

  private final String wireName;

  Tier(String wireName) {
    this.wireName = wireName;
  }

  /** The name used in contracts and snapshots, e.g. {@code external_reversible}. */
  public String wireName() {
    return wireName;
  }

  /**
   * Parses a tier name case-insensitively, ignoring surrounding blanks. {@code readonly} and {@code
   * externalreversible} are accepted as aliases.
   *
   * @throws IllegalArgumentException naming the value and the valid names when it is blank or
   *     unknown; an unknown tier is never taken as a low one
   */
  public static Tier parse(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(
          "the tier is blank: give one of " + validNames() + " (an unset tier is never read-only)");
    }
    return lookup(name)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown tier \""
                        + name.trim()
                        + "\": use one of "
                        + validNames()
                        + Names.didYouMean(
                            name.trim().toLowerCase(Locale.ROOT),
                            Names.wireNames(values(), Tier::wireName))));
  }

  /**
   * The tier a name stands for, as {@link #parse} reads it; empty for a blank name or one this
   * version does not know.
   */
  public static Optional<Tier> lookup(String name) {
    if (name == null) {
      return Optional.empty();
    }
    switch (name.trim().toLowerCase(Locale.ROOT)) {
      case "read_only":
      case "readonly":
        return Optional.of(READ_ONLY);
      case "reversible":
        return Optional.of(REVERSIBLE);
      case "external_reversible":
      case "externalreversible":
        return Optional.of(EXTERNAL_REVERSIBLE);
      case "irreversible":
        return Optional.of(IRREVERSIBLE);
      default:
        return Optional.empty();
    }
  }

  public static String validNames() {
    return "external_reversible, irreversible, read_only, reversible";
  }

  @Override
  public String toString() {
    return wireName;
  }
}
