package dev.agentkit.internal;

import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.NumberSchema;
import java.math.BigDecimal;
import java.util.Optional;

/** What verify says of a number out of its schema's bounds. */
final class NumberWords {
  private NumberWords() {}

  /**
   * The sentence, after the value's place, for a number outside its bounds ({@code " is 50, above
   * the maximum 10"}), or empty when it is within them.
   */
  static Optional<String> bounds(BigDecimal v, NumberSchema s) {
    Bound min = s.minimum();
    if (min != null) {
      int c = v.compareTo(min.value());
      if (c < 0 || c == 0 && min.exclusive()) {
        return Optional.of(
            " is "
                + Decimals.shown(v)
                + (min.exclusive() ? ", not above the exclusive minimum " : ", below the minimum ")
                + Decimals.shown(min.value()));
      }
    }
    Bound max = s.maximum();
    if (max != null) {
      int c = v.compareTo(max.value());
      if (c > 0 || c == 0 && max.exclusive()) {
        return Optional.of(
            " is "
                + Decimals.shown(v)
                + (max.exclusive() ? ", not below the exclusive maximum " : ", above the maximum ")
                + Decimals.shown(max.value()));
      }
    }
    return Optional.empty();
  }
}
