package dev.agentkit.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * Turns contract names (opcodes, operands, enum values) into Java identifiers, deterministically.
 * The rule, also in {@code docs/annotations.md}: a name is split into words at every character that
 * is not an ASCII letter or digit and between a lower-case and an upper-case letter; the words are
 * joined in the form of the identifier's kind and cut at {@link #MAX_LENGTH} characters; a form
 * that would be empty, start with a digit or be a keyword gets a fixed prefix, replacement or
 * suffix; and {@link #unique} numbers a form already taken in the same scope. Every result is an
 * ASCII Java identifier, so no contract text can reach an identifier.
 */
final class JavaNames {
  /** The longest identifier formed from a name, before a number is added to make it unique. */
  static final int MAX_LENGTH = 64;

  /**
   * Names a view accessor must not take: the record's own {@code call} and {@code result}, and
   * every method of {@link Object}, which an accessor would override or overload.
   */
  static final Set<String> RESERVED_ACCESSORS =
      Set.of(
          "call",
          "result",
          "clone",
          "equals",
          "finalize",
          "getClass",
          "hashCode",
          "notify",
          "notifyAll",
          "toString",
          "wait");

  /**
   * Names an accessor of a generated record of an object must not take: those of {@link
   * #RESERVED_ACCESSORS}, and {@code json}, the record's component.
   */
  static final Set<String> RESERVED_RECORD_ACCESSORS = reservedForRecords();

  private JavaNames() {}

  private static Set<String> reservedForRecords() {
    Set<String> out = new java.util.HashSet<>(RESERVED_ACCESSORS);
    out.add("json");
    return Set.copyOf(out);
  }

  /**
   * {@code set_task_due_date} → {@code SetTaskDueDate}; {@code Op} before a form that is empty or
   * starts with a digit ({@code -} → {@code Op}, {@code 2fa} → {@code Op2fa}).
   */
  static String upperCamel(String name) {
    StringBuilder sb = new StringBuilder();
    for (String word : words(name)) {
      sb.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
    }
    if (sb.length() == 0 || !Character.isJavaIdentifierStart(sb.charAt(0))) {
      sb.insert(0, "Op");
    }
    return cut(sb.toString());
  }

  /**
   * {@code due_date} → {@code dueDate}; a keyword, a literal ({@code true}) or a {@linkplain
   * #RESERVED_ACCESSORS reserved} name gets an {@code Arg} suffix ({@code class} → {@code
   * classArg}).
   */
  static String accessor(String name) {
    return accessor(name, RESERVED_ACCESSORS);
  }

  /** As {@link #accessor(String)}, with {@code reserved} the names that get the suffix. */
  static String accessor(String name, Set<String> reserved) {
    String upper = upperCamel(name);
    String lower = Character.toLowerCase(upper.charAt(0)) + upper.substring(1);
    if (SourceVersion.isKeyword(lower) || reserved.contains(lower)) {
      return lower + "Arg";
    }
    return lower;
  }

  /**
   * {@code due-date} or {@code dueDate} → {@code DUE_DATE}; a name with no ASCII letter or digit
   * (an empty enum value, {@code -}, {@code 日本}) → {@code VALUE}, since {@code _} is a keyword; one
   * starting with a digit gets a {@code _} prefix ({@code 24h} → {@code _24H}).
   */
  static String constant(String name) {
    List<String> words = words(name);
    String joined = String.join("_", words).toUpperCase(Locale.ROOT);
    if (joined.isEmpty()) {
      return "VALUE";
    }
    if (!Character.isJavaIdentifierStart(joined.charAt(0))) {
      joined = "_" + joined;
    }
    return cut(joined);
  }

  /**
   * The type of one element of a list named {@code type} (an {@link #upperCamel} form): its last
   * word as a simple English singular where it ends like a plural ({@code Entities} → {@code
   * Entity}, {@code Addresses} → {@code Address}, {@code Observations} → {@code Observation}), else
   * with {@code Item} added ({@code Data} → {@code DataItem}, {@code Status} → {@code StatusItem}).
   */
  static String singular(String type) {
    int start = type.length();
    while (start > 0 && Character.isLowerCase(type.charAt(start - 1))) {
      start--;
    }
    String word = type.substring(start > 0 ? start - 1 : 0);
    String out;
    if (word.length() >= 5 && word.endsWith("ies")) {
      out = type.substring(0, type.length() - 3) + "y";
    } else if (word.length() >= 5 && endsWithAny(word, "sses", "xes", "ches", "shes", "zzes")) {
      out = type.substring(0, type.length() - 2);
    } else if (word.length() >= 3 && word.endsWith("s") && !endsWithAny(word, "ss", "us", "is")) {
      out = type.substring(0, type.length() - 1);
    } else {
      out = type + "Item";
    }
    return cut(out);
  }

  private static boolean endsWithAny(String word, String... endings) {
    for (String e : endings) {
      if (word.endsWith(e)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The first of {@code base}, {@code base<separator>2}, {@code base<separator>3}… not yet in
   * {@code taken}; adds it.
   */
  static String unique(String base, Set<String> taken, String separator) {
    String candidate = base;
    for (int i = 2; !taken.add(candidate); i++) {
      candidate = base + separator + i;
    }
    return candidate;
  }

  /** The first {@link #MAX_LENGTH} characters, never ending in {@code _}. */
  private static String cut(String identifier) {
    if (identifier.length() <= MAX_LENGTH) {
      return identifier;
    }
    String cut = identifier.substring(0, MAX_LENGTH);
    while (cut.endsWith("_")) {
      cut = cut.substring(0, cut.length() - 1);
    }
    return cut;
  }

  /**
   * Splits on anything that is not an ASCII letter or digit, and between a lower and an upper
   * letter; lower-cases the letters.
   */
  private static List<String> words(String name) {
    List<String> out = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c > 127 || !Character.isLetterOrDigit(c)) {
        flush(word, out);
        continue;
      }
      if (Character.isUpperCase(c)
          && word.length() > 0
          && Character.isLowerCase(name.charAt(i - 1))) {
        flush(word, out);
      }
      word.append(Character.toLowerCase(c));
    }
    flush(word, out);
    return out;
  }

  private static void flush(StringBuilder word, List<String> out) {
    if (word.length() > 0) {
      out.add(word.toString());
      word.setLength(0);
    }
  }
}
