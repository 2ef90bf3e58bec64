package dev.agentkit.internal;

import dev.agentkit.internal.json.JsonTree;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Typed readings of an emitted call's string arguments, for the typed views the annotation
 * processor generates. Never throws on bad input: a blank or unparseable value reads as empty, so a
 * model's mistake or a new backend format cannot crash a reader or handler.
 */
public final class ArgValues {
  private ArgValues() {}

  /**
   * A date or date-time argument as an instant with offset: a date alone is its start in UTC, a
   * date-time without an offset is taken as UTC (the rules compare dates the same way).
   */
  public static Optional<OffsetDateTime> date(String value) {
    try {
      Instant i = value == null ? null : Values.instant(value);
      return i == null ? Optional.empty() : Optional.of(i.atOffset(ZoneOffset.UTC));
    } catch (RuntimeException e) {
      // Values.instant checks before it parses; this only keeps the promise never to throw.
      return Optional.empty();
    }
  }

  /**
   * A number argument, exactly; empty when it is not a number or its exponent is beyond what a
   * {@link BigDecimal} can hold (as {@code 1e99999999999}).
   */
  public static Optional<BigDecimal> number(String value) {
    if (value == null) {
      return Optional.empty();
    }
    String t = value.trim();
    if (!Values.isNumber(t)) {
      return Optional.empty();
    }
    try {
      return Optional.of(new BigDecimal(t));
    } catch (NumberFormatException | ArithmeticException e) {
      // Values.isNumber checks the range before this; this only keeps the promise never to throw.
      return Optional.empty();
    }
  }

  /**
   * An integer argument (surrounding blanks ignored); empty when it is not a whole number in the
   * signed 64-bit range, the range verify accepts.
   */
  public static OptionalLong integer(String value) {
    if (value == null) {
      return OptionalLong.empty();
    }
    String t = value.trim();
    if (Values.integerCheck(t) != Values.VALID) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Values.integer(t));
    } catch (NumberFormatException e) {
      // Values.integerCheck checks the range before this; this only keeps the promise never to
      // throw.
      return OptionalLong.empty();
    }
  }

  /**
   * A boolean argument (surrounding blanks ignored), spelled as verify accepts it ({@code true},
   * {@code false}, {@code 1}, {@code 0}, {@code t}, {@code F}...); empty for anything else.
   */
  public static Optional<Boolean> bool(String value) {
    return value == null ? Optional.empty() : Optional.ofNullable(Values.bool(value.trim()));
  }

  /**
   * The JSON value of a tree-typed operand's argument (an object, a union, a constant, opaque, a
   * list of such): its text read as JSON, or, when the text is not JSON, the string of that text,
   * so {@code Bob} and {@code "Bob"} are the same string. Values are as {@link JsonTree} reads them
   * (objects as maps in the order written, numbers exactly); null for a null argument or the JSON
   * {@code null}.
   */
  public static Object json(String value) {
    if (value == null) {
      return null;
    }
    try {
      return JsonTree.parse(value);
    } catch (JsonTree.Malformed | RuntimeException e) {
      // Not JSON (or beyond what is read: deeper than JsonTree.MAX_DEPTH, a key twice): the text.
      return value;
    }
  }

  /**
   * The elements of a list argument (a JSON array, or a bare value as one element) as text,
   * trimmed, with blank elements dropped; an empty list when it is blank or malformed. A number or
   * boolean element reads as its JSON text, so {@code [1, 2.50]} reads as {@code 1} and {@code
   * 2.50}, which a list of numbers then reads as their values; a {@code null}, object or array
   * element makes the list malformed.
   */
  public static List<String> list(String value) {
    if (value == null || value.isBlank()) {
      return List.of();
    }
    try {
      List<String> elements = Values.listElements(value, null);
      if (elements == null) {
        return List.of();
      }
      List<String> out = new ArrayList<>(elements.size());
      for (String e : elements) {
        String t = e.trim();
        if (!t.isEmpty()) {
          out.add(t);
        }
      }
      return List.copyOf(out);
    } catch (RuntimeException e) {
      return List.of();
    }
  }
}
