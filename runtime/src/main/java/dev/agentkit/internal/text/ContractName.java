package dev.agentkit.internal.text;

import java.util.ArrayList;
import java.util.List;

/**
 * The one spelling rule for contract names.
 *
 * <p>A contract name is typed, said out loud and written into a path ({@code
 * contract-snapshots/<name>.json}), so it starts with a letter, has only lowercase letters {@code
 * a} to {@code z}, digits, {@code -} and {@code _}, and is at most {@value #MAX_LENGTH} characters
 * long. Stateless and thread-safe.
 */
public final class ContractName {
  /** The longest a contract name may be, in characters. */
  public static final int MAX_LENGTH = 64;

  private ContractName() {}

  /**
   * Every way the name breaks the rule, one sentence each, in a fixed order: empty; not starting
   * with a letter; capitals; each other character not allowed, in order of appearance; too long.
   * Empty when the name is valid.
   */
  public static List<String> problems(String name) {
    List<String> problems = new ArrayList<>();
    if (name == null || name.isEmpty()) {
      problems.add(
          "the contract name is empty — it names the snapshot file contract-snapshots/<name>.json,"
              + " so it needs at least one letter");
      return problems;
    }
    String quoted = quote(name);
    if (!Character.isLetter(name.codePointAt(0))) {
      problems.add(quoted + " does not start with a letter — a contract name starts with one");
    }
    boolean capital = false;
    List<Integer> others = new ArrayList<>();
    for (int i = 0; i < name.length(); ) {
      int c = name.codePointAt(i);
      i += Character.charCount(c);
      if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_') {
        continue;
      }
      if (Character.isUpperCase(c)) {
        capital = true;
        if (c <= 'Z') {
          continue; // an ASCII capital is fully explained by the capital sentence
        }
      }
      if (!others.contains(c)) {
        others.add(c);
      }
    }
    if (capital) {
      problems.add(
          quoted
              + " has a capital in it — names are lowercase, so that one typed two ways is one"
              + " contract");
    }
    for (int c : others) {
      if (c == ' ') {
        problems.add(
            quoted
                + " has a space in it — a name is one word, with '-' or '_' where you want a gap");
      } else {
        problems.add(
            quoted
                + " has "
                + describe(c)
                + " in it — a name has only lowercase letters, digits, '-' and '_'");
      }
    }
    int length = name.codePointCount(0, name.length());
    if (length > MAX_LENGTH) {
      problems.add(
          quoted
              + " is "
              + length
              + " characters long — a name has at most "
              + MAX_LENGTH
              + " characters");
    }
    return problems;
  }

  /**
   * Checks the name.
   *
   * @throws IllegalArgumentException with every sentence of {@link #problems(String)}, joined by
   *     {@code "; "}, when the name breaks the rule
   */
  public static void check(String name) {
    List<String> problems = problems(name);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
  }

  /** The name in double quotes, with control characters escaped so a message stays one line. */
  private static String quote(String name) {
    StringBuilder sb = new StringBuilder(name.length() + 2);
    JsonText.string(sb, name);
    return sb.toString();
  }

  /** A character as a reader can see it: {@code '.'}, or {@code U+0009} for an invisible one. */
  private static String describe(int c) {
    if (Character.isISOControl(c)
        || Character.isWhitespace(c)
        || Character.isSpaceChar(c)
        || Character.getType(c) == Character.FORMAT
        || Character.getType(c) == Character.SURROGATE
        || !Character.isDefined(c)) {
      return String.format("the invisible character U+%04X", c);
    }
    return "'" + new String(Character.toChars(c)) + "'";
  }
}
