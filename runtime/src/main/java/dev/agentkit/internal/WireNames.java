package dev.agentkit.internal;

import dev.agentkit.contract.Schema;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The wire names of a generated enum's constants, for the enums the annotation processor writes for
 * enum operands: each constant but the last is one value of the contract's vocabulary, in order;
 * the last is {@code UNRECOGNISED}, which stands for any value the vocabulary did not have when the
 * code was generated. The enum holds one of these in a static field and delegates {@code
 * wireName()} and {@code of(String)} to it.
 *
 * <p>How a value is matched to a constant follows the vocabulary's JSON type, as verify compares
 * it, so that every value verify accepts reads as its constant:
 *
 * <table>
 *   <caption>Matching a value to a constant</caption>
 *   <tr><th>vocabulary</th><th>factory</th><th>a value matches a name when</th></tr>
 *   <tr><td>strings</td><td>{@link #of}</td><td>its text (trimmed) is the name</td></tr>
 *   <tr><td>numbers, integers</td><td>{@link #numbers}</td><td>it is the same decimal number:
 *       {@code 2.50}, {@code 2.5} and {@code 25e-1} are {@code 2.5}</td></tr>
 *   <tr><td>booleans</td><td>{@link #booleans}</td><td>it is the same truth value, in any spelling
 *       verify accepts ({@code true}, {@code 1}, {@code T})</td></tr>
 * </table>
 *
 * <p>Numbers are compared by exact decimal value, never through {@code double}: {@code
 * 0.30000000000000001} is not {@code 0.3}. {@link #wireName} always gives the name as the contract
 * spells it, whichever spelling matched.
 *
 * <p>Immutable and thread-safe once built. Not API: see the package documentation.
 *
 * @param <E> the enum
 */
public final class WireNames<E extends Enum<E>> {
  private final List<E> constants;
  private final List<String> names;
  private final Map<String, E> byName;
  private final UnaryOperator<String> key;

  private WireNames(List<E> constants, List<String> names, UnaryOperator<String> key) {
    this.constants = constants;
    this.names = names;
    this.key = key;
    Map<String, E> map = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      String k = key.apply(names.get(i).trim());
      // A name that is no value of its type (the contract's own mistake) still matches its text.
      map.putIfAbsent(k == null ? names.get(i) : k, constants.get(i));
    }
    this.byName = map;
  }

  /**
   * The wire names of {@code constants}.
   *
   * @param constants the enum's {@code values()}, its unrecognised constant last
   * @param names the wire name of each constant but the last, in the same order
   * @throws IllegalArgumentException when there is not exactly one name per constant but the last
   */
  public static <E extends Enum<E>> WireNames<E> of(E[] constants, String... names) {
    return build(constants, names, UnaryOperator.identity());
  }

  /**
   * The wire names of an enum of numbers or integers: a value matches by its exact decimal value.
   *
   * @see #of
   */
  public static <E extends Enum<E>> WireNames<E> numbers(E[] constants, String... names) {
    return build(constants, names, WireNames::decimal);
  }

  /**
   * The wire names of an enum of booleans: a value matches by its truth value.
   *
   * @see #of
   */
  public static <E extends Enum<E>> WireNames<E> booleans(E[] constants, String... names) {
    return build(constants, names, WireNames::truth);
  }

  private static <E extends Enum<E>> WireNames<E> build(
      E[] constants, String[] names, UnaryOperator<String> key) {
    if (constants.length != names.length + 1) {
      throw new IllegalArgumentException(
          constants.length
              + " constants need "
              + (constants.length - 1)
              + " wire names (the last constant is the unrecognised one), not "
              + names.length);
    }
    for (String n : names) {
      Objects.requireNonNull(n, "wire name");
    }
    return new WireNames<>(List.of(constants), List.copyOf(Arrays.asList(names)), key);
  }

  /** A number's one spelling ({@code 2.5} for {@code 2.50}), or null for no number. */
  private static String decimal(String text) {
    return Values.isNumber(text) ? Schema.canonical(new BigDecimal(text)).toString() : null;
  }

  /** {@code true} or {@code false} for any spelling verify accepts, or null. */
  private static String truth(String text) {
    Boolean b = Values.bool(text);
    return b == null ? null : b.toString();
  }

  /** The value as the contract spells it; empty for the unrecognised constant. */
  public String wireName(E constant) {
    int i = constant.ordinal();
    return i < names.size() ? names.get(i) : "";
  }

  /**
   * The constant for a value (surrounding blanks ignored), matched as the vocabulary's type says
   * (see the table above), or the unrecognised constant for null, a blank or a value the vocabulary
   * did not have.
   */
  public E of(String value) {
    String t = value == null ? "" : value.trim();
    E found = byName.get(t);
    if (found == null) {
      String k = key.apply(t);
      found = k == null ? null : byName.get(k);
    }
    return found != null ? found : constants.get(constants.size() - 1);
  }
}
