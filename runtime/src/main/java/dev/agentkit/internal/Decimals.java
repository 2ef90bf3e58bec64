package dev.agentkit.internal;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Exact decimal arithmetic for checking numbers against a schema, at a cost bounded by the digits
 * written, whatever the exponent ({@code 1e-2147483647} is as cheap as {@code 0.5}).
 */
final class Decimals {
  private Decimals() {}

  private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
  private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);

  /** The exponent of the leading digit: 2 for 123, -1 for 0.5; 0 for zero. */
  static long magnitude(BigDecimal n) {
    return n.signum() == 0 ? 0 : (long) n.precision() - n.scale() - 1;
  }

  /** Whether the number is whole ({@code 3}, {@code 3.0}, {@code 1e2}). */
  static boolean isWhole(BigDecimal n) {
    return n.signum() == 0 || n.scale() <= 0 || n.stripTrailingZeros().scale() <= 0;
  }

  /** Whether a whole number is in the signed 64-bit range. */
  static boolean inLongRange(BigDecimal n) {
    return n.compareTo(LONG_MIN) >= 0 && n.compareTo(LONG_MAX) <= 0;
  }

  /**
   * Whether {@code n} is a whole multiple of the positive {@code m}, exactly. With {@code n = a ×
   * 10^-s} and {@code m = b × 10^-t} (trailing zeros stripped), the quotient is {@code a / b ×
   * 10^(t - s)}; the powers of ten that decide it are bounded by the digits of {@code a} or {@code
   * b}, so no huge power is ever built.
   */
  static boolean isMultiple(BigDecimal n, BigDecimal m) {
    if (n.signum() == 0) {
      return true;
    }
    BigDecimal x = n.stripTrailingZeros();
    BigDecimal y = m.stripTrailingZeros();
    BigInteger a = x.unscaledValue().abs();
    BigInteger b = y.unscaledValue().abs();
    long k = (long) x.scale() - y.scale();
    if (k >= 0) {
      // b × 10^k must divide a, so 2^k must: impossible once 2^k exceeds a.
      if (k > a.bitLength()) {
        return false;
      }
      return a.mod(b.multiply(BigInteger.TEN.pow((int) k))).signum() == 0;
    }
    // b must divide a × 10^j: past the powers of 2 and 5 in b, more tens change nothing.
    int j = (int) Math.min(-k, b.bitLength());
    return a.multiply(BigInteger.TEN.pow(j)).mod(b).signum() == 0;
  }

  /**
   * A number as a message shows it: plainly ({@code 50}, {@code 0.25}) unless that would be long,
   * else in scientific form ({@code 1E+400}).
   */
  static String shown(BigDecimal n) {
    long m = magnitude(n);
    String s = m > -7 && m < 21 ? n.toPlainString() : n.toString();
    return s.length() > 40 ? s.substring(0, 37) + "..." : s;
  }
}
