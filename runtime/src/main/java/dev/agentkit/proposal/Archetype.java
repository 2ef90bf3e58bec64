package dev.agentkit.proposal;

/**
 * What kind of ask a proposal is, derived from its shape and never set by hand, so it cannot drift
 * from what the proposal asks.
 */
public enum Archetype {
  /** The agent has decided: one approval, with any drafted values editable. */
  DRAFT("draft"),
  /** The agent needs something only the user knows: a required slot with no drafted value. */
  INPUT("input");

  private final String wireName;

  Archetype(String wireName) {
    this.wireName = wireName;
  }

  /** The lower-case name, e.g. {@code draft}. */
  public String wireName() {
    return wireName;
  }

  /** {@link #INPUT} iff some required slot has a blank default. */
  static Archetype of(Iterable<UserSlot> slots) {
    for (UserSlot s : slots) {
      if (s.required() && s.blankDefault()) {
        return INPUT;
      }
    }
    return DRAFT;
  }

  @Override
  public String toString() {
    return wireName;
  }
}
