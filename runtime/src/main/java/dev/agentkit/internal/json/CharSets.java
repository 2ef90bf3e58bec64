package dev.agentkit.internal.json;

import java.util.Arrays;

/**
 * Sets of code points as sorted, disjoint, inclusive ranges ({@code {'0', '9', 'a', 'f'}}), with
 * the classes ECMA-262 gives {@code \d}, {@code \w}, {@code \s} and {@code .}.
 */
final class CharSets {
  private CharSets() {}

  /** The characters an ECMA pattern escapes to mean themselves. */
  static final String SYNTAX = "^$\\.*+?()[]{}|/";

  static final int[] DIGIT = {'0', '9'};
  static final int[] WORD = {'0', '9', 'A', 'Z', '_', '_', 'a', 'z'};

  /** ECMA's white space and line terminators (Java's {@code \s} has only the ASCII ones). */
  static final int[] SPACE = {
    '\t', '\r', ' ', ' ', 0xA0, 0xA0, 0x1680, 0x1680, 0x2000, 0x200A, 0x2028, 0x2029, 0x202F,
    0x202F, 0x205F, 0x205F, 0x3000, 0x3000, 0xFEFF, 0xFEFF
  };

  /** Anything but a line terminator, as ECMA's {@code .} matches. */
  static final int[] DOT = complement(new int[] {'\n', '\n', '\r', '\r', 0x2028, 0x2029});

  /** The set of a one-letter escape ({@code d}, {@code W}, {@code n}...), or null. */
  static int[] escape(char c) {
    return switch (c) {
      case 'd' -> DIGIT;
      case 'D' -> complement(DIGIT);
      case 'w' -> WORD;
      case 'W' -> complement(WORD);
      case 's' -> SPACE;
      case 'S' -> complement(SPACE);
      case 't' -> new int[] {'\t', '\t'};
      case 'n' -> new int[] {'\n', '\n'};
      case 'r' -> new int[] {'\r', '\r'};
      case 'f' -> new int[] {'\f', '\f'};
      case 'v' -> new int[] {0x0B, 0x0B};
      default -> null;
    };
  }

  /** Every code point not in the set. */
  static int[] complement(int[] ranges) {
    int[] out = new int[ranges.length + 2];
    int n = 0;
    int next = 0;
    for (int k = 0; k < ranges.length; k += 2) {
      if (ranges[k] > next) {
        out[n++] = next;
        out[n++] = ranges[k] - 1;
      }
      next = ranges[k + 1] + 1;
    }
    if (next <= Character.MAX_CODE_POINT) {
      out[n++] = next;
      out[n++] = Character.MAX_CODE_POINT;
    }
    return Arrays.copyOf(out, n);
  }

  /** Whether the set holds the code point. */
  static boolean contains(int[] ranges, int c) {
    for (int k = 0; k < ranges.length; k += 2) {
      if (c < ranges[k]) {
        return false;
      }
      if (c <= ranges[k + 1]) {
        return true;
      }
    }
    return false;
  }

  /** A union of sets, normalized to sorted disjoint ranges. */
  static final class Builder {
    private int[] ranges = new int[8];
    private int n;

    void add(int[] set) {
      if (n + set.length > ranges.length) {
        ranges = Arrays.copyOf(ranges, Math.max(ranges.length * 2, n + set.length));
      }
      System.arraycopy(set, 0, ranges, n, set.length);
      n += set.length;
    }

    int[] build() {
      int pairs = n / 2;
      long[] sorted = new long[pairs];
      for (int k = 0; k < pairs; k++) {
        sorted[k] = ((long) ranges[2 * k] << 32) | ranges[2 * k + 1];
      }
      Arrays.sort(sorted);
      int[] out = new int[n];
      int m = 0;
      for (long r : sorted) {
        int low = (int) (r >>> 32);
        int high = (int) r;
        if (m > 0 && low <= out[m - 1] + 1) {
          out[m - 1] = Math.max(out[m - 1], high);
        } else {
          out[m++] = low;
          out[m++] = high;
        }
      }
      return Arrays.copyOf(out, m);
    }
  }
}
