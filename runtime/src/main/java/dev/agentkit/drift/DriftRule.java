package dev.agentkit.drift;

import static dev.agentkit.drift.DriftSeverity.BREAKING;
import static dev.agentkit.drift.DriftSeverity.COMPATIBLE;

import dev.agentkit.internal.text.Names;
import java.util.List;
import java.util.Map;

/**
 * The kinds of difference between two contracts: each with a stable id for reports and acks, the
 * severity it has for an op an agent uses, and the sentence that reports it. The comparison in
 * {@link DriftReport} is a walk that finds differences; this table says what each one means.
 */
public enum DriftRule {
  OP_REMOVED("op-removed", BREAKING, "the backend removed op {op}{use}", ""),
  OP_ADDED("op-added", COMPATIBLE, "the backend added op {op}", ""),
  OPERAND_REMOVED(
      "operand-removed", BREAKING, "the backend removed operand {target}{note}{use}", ""),
  OPERAND_ADDED_REQUIRED(
      "required-operand-added",
      BREAKING,
      "the backend added required operand {target}{use}",
      "; calls without it are now rejected"),
  OPERAND_ADDED_OPTIONAL(
      "optional-operand-added", COMPATIBLE, "the backend added optional operand {target}{use}", ""),
  OPERAND_TYPE_CHANGED(
      "operand-type-changed",
      BREAKING,
      "the backend changed the type of {target} from {from} to {to}{use}{note}",
      ""),
  OPERAND_LIST_CHANGED("operand-list-changed", BREAKING, "the backend made {target} {to}{use}", ""),
  PROPERTY_REMOVED(
      "property-removed",
      BREAKING,
      "the backend removed property {target}{use}",
      "; a value sent for it is no longer read"),
  PROPERTY_ADDED_REQUIRED(
      "required-property-added",
      BREAKING,
      "the backend added required property {target}{use}",
      "; calls without it are now rejected"),
  PROPERTY_ADDED_OPTIONAL(
      "optional-property-added",
      COMPATIBLE,
      "the backend added optional property {target}{use}",
      ""),
  TYPE_WIDENED(
      "type-widened",
      COMPATIBLE,
      "the backend widened {target} from {from} to {to}{use}",
      "; it still accepts every earlier value"),
  BOUNDS_TIGHTENED(
      "bounds-tightened",
      BREAKING,
      "the backend tightened {target}: {note}{use}",
      "; calls outside the new bounds are now rejected"),
  BOUNDS_LOOSENED("bounds-loosened", COMPATIBLE, "the backend loosened {target}: {note}{use}", ""),
  ALTERNATIVE_REMOVED(
      "alternative-removed",
      BREAKING,
      "the backend removed alternative {value} of {target}{use}",
      "; calls with such a value are now rejected"),
  ALTERNATIVE_ADDED(
      "alternative-added",
      COMPATIBLE,
      "the backend added alternative {value} to {target}{use}",
      ""),
  ANNOTATION_CHANGED(
      "annotation-changed", COMPATIBLE, "the backend changed {note} of {target}{use}", ""),
  OPERAND_BECAME_REQUIRED(
      "operand-became-required", BREAKING, "the backend made {target} required{use}", ""),
  OPERAND_BECAME_OPTIONAL(
      "operand-became-optional", COMPATIBLE, "the backend made {target} optional{use}", ""),
  ENUM_VALUE_REMOVED(
      "enum-value-removed",
      BREAKING,
      "the backend removed enum value \"{value}\" of {target}{use}",
      "; calls with it are now rejected"),
  ENUM_VALUE_ADDED(
      "enum-value-added",
      COMPATIBLE,
      "the backend added enum value \"{value}\" to {target}{use}",
      "; it is usable at once"),
  TIER_RAISED(
      "tier-raised",
      COMPATIBLE,
      "the backend raised the tier of {op} from {from} to {to}{use}{note}",
      ""),
  TIER_UNKNOWN(
      "tier-unknown",
      BREAKING,
      "the backend now serves tier {to} for {op}, which this agentkit does not know, instead of"
          + " {from}{use}",
      "; the act is treated as irreversible (never run live), so upgrade agentkit before binding"
          + " it, or acknowledge the item"),
  TIER_LOWERED(
      "tier-lowered",
      COMPATIBLE,
      "the backend lowered the tier of {op} from {from} to {to}{use}",
      ""),
  TIER_UNDER_OVERRIDE(
      "tier-under-override",
      COMPATIBLE,
      "the source now says {to} for {op}{use}, instead of {from}{note}",
      ""),
  OVERRIDE_RAISED(
      "tier-override-raised",
      COMPATIBLE,
      "your tier override raised the tier of {op} from {from} to {to}{use}{note}",
      ""),
  OVERRIDE_LOWERED(
      "tier-override-lowered",
      COMPATIBLE,
      "your tier override lowered the tier of {op} from {from} to {to}{use}",
      ""),
  DESCRIPTION_CHANGED(
      "description-changed",
      COMPATIBLE,
      "the backend changed the description of {target}{use}{note}",
      ""),
  OBJECT_TYPE_CHANGED(
      "object-type-changed",
      COMPATIBLE,
      "the backend changed the object type of {op} from \"{from}\" to \"{to}\"{use}",
      "");

  private final String id;
  private final DriftSeverity severity;
  private final String template;
  private final String usedNote;

  /**
   * @param template the sentence, with {@code {op}}, {@code {target}} (the op, or op.operand),
   *     {@code {from}}, {@code {to}}, {@code {value}}, {@code {use}} (", which the agent uses") and
   *     {@code {note}} (a note the comparison adds) to fill in
   * @param usedNote appended when an agent in view uses the op
   */
  DriftRule(String id, DriftSeverity severity, String template, String usedNote) {
    this.id = id;
    this.severity = severity;
    this.template = template;
    this.usedNote = usedNote;
  }

  /**
   * How a difference of this kind is graded for an op an agent uses, unless the comparison knows
   * better (a raised tier breaks only an act it strands).
   */
  public DriftSeverity defaultSeverity() {
    return severity;
  }

  /**
   * The rule's sentence with the placeholders filled in, in one pass: text from a contract that
   * looks like a placeholder stays as it is.
   */
  String sentence(Map<String, String> fill, boolean used) {
    StringBuilder sb = new StringBuilder(template.length() + 64);
    int i = 0;
    while (i < template.length()) {
      int open = template.indexOf('{', i);
      int close = open < 0 ? -1 : template.indexOf('}', open);
      if (close < 0) {
        sb.append(template, i, template.length());
        break;
      }
      sb.append(template, i, open);
      sb.append(fill.getOrDefault(template.substring(open + 1, close), ""));
      i = close + 1;
    }
    return used ? sb.append(usedNote).toString() : sb.toString();
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
    List<String> ids = Names.wireNames(values(), DriftRule::id);
    throw new IllegalArgumentException(
        "unknown drift rule \""
            + id
            + "\": use one of "
            + Names.listing(id, ids)
            + Names.didYouMean(id, ids));
  }

  @Override
  public String toString() {
    return id;
  }
}
