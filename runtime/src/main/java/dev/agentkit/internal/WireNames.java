package dev.agentkit.internal;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The wire names of a generated enum's constants, for the enums the annotation processor writes for
 * enum operands: each constant but the last is one value of the contract's vocabulary, in order;
 * the last is {@code UNRECOGNISED}, which stands for any value the vocabulary did not have when the
 * code was generated. The enum holds one of these in a static field and delegates {@code
 * wireName()} and {@code of(String)} to it.
 *
 * <p>Immutable and thread-safe once built. Not API: see the package documentation.
 *
 * @param <E> the enum
 */
public final class WireNames<E extends Enum<E>> {
  private final List<E> constants;
  private final List<String> names;
  private final Map<String, E> byName;

  private WireNames(List<E> constants, List<String> names) {
    this.constants = constants;
    this.names = names;
    Map<String, E> map = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      map.putIfAbsent(names.get(i), constants.get(i));
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
    return new WireNames<>(List.of(constants), List.copyOf(Arrays.asList(names)));
  }

  /** The value as the contract spells it; empty for the unrecognised constant. */
  public String wireName(E constant) {
    int i = constant.ordinal();
    return i < names.size() ? names.get(i) : "";
  }

  /**
   * The constant for a value as the contract spells it (surrounding blanks ignored), or the
   * unrecognised constant for null, a blank or a value the vocabulary did not have.
   */
  public E of(String value) {
    E found = byName.get(value == null ? "" : value.trim());
    return found != null ? found : constants.get(constants.size() - 1);
  }
}
