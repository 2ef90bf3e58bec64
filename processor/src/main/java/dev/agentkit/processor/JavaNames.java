package dev.agentkit.processor;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.SourceVersion;

/**
 * Turns contract names (opcodes, operands, enum values) into Java identifiers, deterministically.
 */
final class JavaNames {
  /** Names a view accessor must not take: they are the record's own members. */
  private static final Set<String> RESERVED_ACCESSORS =
      Set.of("call", "toString", "hashCode", "equals", "getClass", "notify", "notifyAll", "wait");

  private JavaNames() {}

  /** {@code set_task_due_date} → {@code SetTaskDueDate}. */
  static String upperCamel(String name) {
    StringBuilder sb = new StringBuilder();
    for (String word : words(name)) {
      sb.append(Character.toUpperCase(word.charAt(0))).append(word.substring(1));
    }
    if (sb.length() == 0 || !Character.isJavaIdentifierStart(sb.charAt(0))) {
      sb.insert(0, "Op");
    }
    return sb.toString();
  }

  /**
   * {@code due_date} → {@code dueDate}; a keyword or a record member gets an {@code Arg} suffix.
   */
  static String accessor(String name) {
    String upper = upperCamel(name);
    String lower = Character.toLowerCase(upper.charAt(0)) + upper.substring(1);
    if (SourceVersion.isKeyword(lower) || RESERVED_ACCESSORS.contains(lower)) {
      return lower + "Arg";
    }
    return lower;
  }

  /**
   * {@code due-date} or {@code dueDate} → {@code DUE_DATE}; a name with no letter or digit (an
   * empty enum value, say) → {@code VALUE}, since {@code _} is a keyword.
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
    return joined;
  }

  /**
   * The first of {@code base}, {@code base_2}, {@code base_3}… not yet in {@code taken}; adds it.
   */
  static String unique(String base, Set<String> taken, String separator) {
    String candidate = base;
    for (int i = 2; !taken.add(candidate); i++) {
      candidate = base + separator + i;
    }
    return candidate;
  }

  /** Splits on anything that is not a letter or digit, and between a lower and an upper letter. */
  private static List<String> words(String name) {
    List<String> out = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!Character.isLetterOrDigit(c) || c > 127) {
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
