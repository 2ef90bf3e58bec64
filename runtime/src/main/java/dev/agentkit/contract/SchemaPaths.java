package dev.agentkit.contract;

/**
 * How a place in an operand's schema is named, one way in every message: {@code entities} for an
 * operand, {@code entities[].entityType} for a property of its items, {@code assignees[].oneOf[1]}
 * for an alternative of a union, {@code labels.*} for the other properties of an object. A value in
 * a call names its indexes instead ({@code entities[0].entityType}).
 */
public final class SchemaPaths {
  private SchemaPaths() {}

  /** A property (or, with an empty parent, an operand). */
  public static String property(String parent, String name) {
    return parent.isEmpty() ? name : parent + "." + name;
  }

  /** The items of an array. */
  public static String items(String parent) {
    return parent + "[]";
  }

  /** The alternative {@code index} (from 0) of a union. */
  public static String alternative(String parent, int index) {
    return parent + ".oneOf[" + index + "]";
  }

  /** The values of the properties an object does not declare. */
  public static String additional(String parent) {
    return parent + ".*";
  }
}
