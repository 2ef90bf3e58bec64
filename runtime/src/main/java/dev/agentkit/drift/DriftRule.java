package dev.agentkit.drift;

import dev.agentkit.internal.text.Names;

/** The kinds of difference between two contracts, each with a stable id for reports and acks. */
public enum DriftRule {
  OP_REMOVED("op-removed"),
  OP_ADDED("op-added"),
  OPERAND_REMOVED("operand-removed"),
  OPERAND_ADDED_REQUIRED("required-operand-added"),
  OPERAND_ADDED_OPTIONAL("optional-operand-added"),
  OPERAND_TYPE_CHANGED("operand-type-changed"),
  OPERAND_LIST_CHANGED("operand-list-changed"),
  OPERAND_BECAME_REQUIRED("operand-became-required"),
  OPERAND_BECAME_OPTIONAL("operand-became-optional"),
  ENUM_VALUE_REMOVED("enum-value-removed"),
  ENUM_VALUE_ADDED("enum-value-added"),
  TIER_RAISED("tier-raised"),
  TIER_LOWERED("tier-lowered"),
  DESCRIPTION_CHANGED("description-changed"),
  OBJECT_TYPE_CHANGED("object-type-changed");

  private final String id;

  DriftRule(String id) {
    this.id = id;
  }

  /** The stable id, e.g. {@code enum-value-removed}. */
  public String id() {
    return id;
  }

  /**
   * The rule with this id.
   *
   * @throws IllegalArgumentException naming the valid ids when there is none
   */
  public static DriftRule ofId(String id) {
    for (DriftRule r : values()) {
      if (r.id.equals(id)) {
        return r;
      }
    }
    java.util.List<String> ids = Names.wireNames(values(), DriftRule::id);
    throw new IllegalArgumentException(
        "unknown drift rule \""
            + id
            + "\": use one of "
            + String.join(", ", Names.sorted(ids))
            + Names.didYouMean(id, ids));
  }

  @Override
  public String toString() {
    return id;
  }
}
