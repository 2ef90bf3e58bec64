package dev.agentkit.internal.json;

import dev.agentkit.internal.json.PatternParser.Alt;
import dev.agentkit.internal.json.PatternParser.Anchor;
import dev.agentkit.internal.json.PatternParser.Chars;
import dev.agentkit.internal.json.PatternParser.Node;
import dev.agentkit.internal.json.PatternParser.Repeat;
import dev.agentkit.internal.json.PatternParser.Seq;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The patterns (JSON Schema's {@code pattern}, ECMA-262 regular expressions) agentkit checks, and
 * their checking. A pattern is checked when it is written only with:
 *
 * <table>
 *   <caption>The checked subset</caption>
 *   <tr><th>construct</th><th>example</th><th>reads as in ECMA-262 with the u flag</th></tr>
 *   <tr><td>a character</td><td>{@code a}, {@code é}</td><td>itself</td></tr>
 *   <tr><td>an escaped syntax character</td><td>{@code \.}, {@code \/}, {@code \-} in []</td>
 *       <td>itself</td></tr>
 *   <tr><td>{@code \d \D \w \W \s \S}</td><td>{@code \d+}</td><td>ECMA's sets ({@code \s} with
 *       Unicode's spaces)</td></tr>
 *   <tr><td>{@code \t \n \r \f \v \0 \xHH} <code>&#92;uHHHH &#92;u{H…}</code></td>
 *       <td><code>&#92;u00e9</code></td>
 *       <td>the code point</td></tr>
 *   <tr><td>{@code .}</td><td>{@code a.c}</td><td>any code point but a line terminator</td></tr>
 *   <tr><td>a class</td><td>{@code [a-z0-9_]}, {@code [^,]}</td><td>one code point of it</td></tr>
 *   <tr><td>a group</td><td>{@code (ab)}, {@code (?:ab)}, {@code (?<n>ab)}</td><td>its body</td></tr>
 *   <tr><td>alternatives</td><td>{@code a|b}</td><td>either</td></tr>
 *   <tr><td>a quantifier, greedy or lazy</td><td>{@code * + ? {2} {2,} {2,5}}</td><td>counts up
 *       to 1,000</td></tr>
 *   <tr><td>{@code ^}, {@code $}</td><td>{@code ^[a-z]+$}</td><td>the start and end of the
 *       value</td></tr>
 * </table>
 *
 * <p>Anything else (backreferences, lookahead and lookbehind, {@code \b}, {@code \p{…}}, other
 * escapes, a count above 1,000, a pattern of more than {@value #MAX_PROGRAM} steps once its counts
 * are spelled out) leaves the pattern unchecked. A checked pattern is run by a simulation of its
 * automaton, never by backtracking: the time is linear in the value's length whatever the pattern
 * nests. Like JSON Schema, a value matches when the pattern matches somewhere in it. Thread-safe.
 */
public final class Patterns {
  /** The most steps a checked pattern compiles to. */
  public static final int MAX_PROGRAM = 2000;

  private static final int CHARS = 0;
  private static final int SPLIT = 1;
  private static final int JUMP = 2;
  private static final int START = 3;
  private static final int END = 4;
  private static final int MATCH = 5;

  /** Compiled patterns by text; a contract's patterns are few, so the cache stops growing. */
  private static final Map<String, Optional<Patterns>> CACHE = new ConcurrentHashMap<>();

  private static final int CACHE_LIMIT = 4096;

  private final int[] op;
  private final int[] x;
  private final int[] y;
  private final int[][] sets;

  private Patterns(int[] op, int[] x, int[] y, int[][] sets) {
    this.op = op;
    this.x = x;
    this.y = y;
    this.sets = sets;
  }

  /** The compiled pattern, or empty when it is outside the checked subset. */
  public static Optional<Patterns> compile(String pattern) {
    Optional<Patterns> cached = CACHE.get(pattern);
    if (cached != null) {
      return cached;
    }
    Optional<Patterns> compiled = Optional.empty();
    try {
      compiled = Optional.of(new Emitter().program(PatternParser.parse(pattern)));
    } catch (PatternParser.Outside e) {
      // Outside the subset: the value is not checked against it.
    }
    if (CACHE.size() < CACHE_LIMIT) {
      CACHE.put(pattern, compiled);
    }
    return compiled;
  }

  /** Why a pattern is outside the checked subset, or empty when it is checked. */
  public static String whyUnchecked(String pattern) {
    try {
      new Emitter().program(PatternParser.parse(pattern));
      return "";
    } catch (PatternParser.Outside e) {
      return e.getMessage();
    }
  }

  /** Whether the pattern matches somewhere in the value. */
  public boolean find(String value) {
    int n = op.length;
    int[] current = new int[n];
    int[] next = new int[n];
    boolean[] inCurrent = new boolean[n];
    boolean[] inNext = new boolean[n];
    int[] stack = new int[2 * n + 2];
    int size = 0;
    int len = value.length();
    for (int at = 0; ; ) {
      // A new thread at every position: the pattern may match starting anywhere.
      int added = close(0, at, len, current, size, inCurrent, stack);
      if (added < 0) {
        return true;
      }
      size = added;
      if (at == len) {
        return false;
      }
      int c = value.codePointAt(at);
      at += Character.charCount(c);
      Arrays.fill(inNext, false);
      int nextSize = 0;
      for (int k = 0; k < size; k++) {
        int pc = current[k];
        if (op[pc] == CHARS && CharSets.contains(sets[pc], c)) {
          nextSize = close(pc + 1, at, len, next, nextSize, inNext, stack);
          if (nextSize < 0) {
            return true;
          }
        }
      }
      int[] t = current;
      current = next;
      next = t;
      boolean[] b = inCurrent;
      inCurrent = inNext;
      inNext = b;
      size = nextSize;
    }
  }

  /**
   * Adds the step {@code from} and every step reached from it without reading a character to the
   * list; returns the list's new size, or -1 when the pattern has matched.
   */
  private int close(int from, int at, int len, int[] list, int size, boolean[] in, int[] stack) {
    int top = 0;
    stack[top++] = from;
    while (top > 0) {
      int pc = stack[--top];
      if (in[pc]) {
        continue;
      }
      in[pc] = true;
      list[size++] = pc;
      switch (op[pc]) {
        case MATCH:
          return -1;
        case JUMP:
          stack[top++] = x[pc];
          break;
        case SPLIT:
          stack[top++] = y[pc];
          stack[top++] = x[pc];
          break;
        case START:
          if (at == 0) {
            stack[top++] = pc + 1;
          }
          break;
        case END:
          if (at == len) {
            stack[top++] = pc + 1;
          }
          break;
        default:
          break;
      }
    }
    return size;
  }

  /** Turns a tree into steps: Thompson's construction. */
  private static final class Emitter {
    private int[] op = new int[16];
    private int[] x = new int[16];
    private int[] y = new int[16];
    private int[][] sets = new int[16][];
    private int n;

    Patterns program(Node root) throws PatternParser.Outside {
      emit(root);
      add(MATCH, 0, 0, null);
      return new Patterns(
          Arrays.copyOf(op, n), Arrays.copyOf(x, n), Arrays.copyOf(y, n), Arrays.copyOf(sets, n));
    }

    private int add(int code, int a, int b, int[] set) throws PatternParser.Outside {
      if (n == MAX_PROGRAM) {
        throw new PatternParser.Outside("more than " + MAX_PROGRAM + " steps");
      }
      if (n == op.length) {
        op = Arrays.copyOf(op, n * 2);
        x = Arrays.copyOf(x, n * 2);
        y = Arrays.copyOf(y, n * 2);
        sets = Arrays.copyOf(sets, n * 2);
      }
      op[n] = code;
      x[n] = a;
      y[n] = b;
      sets[n] = set;
      return n++;
    }

    private void emit(Node node) throws PatternParser.Outside {
      if (node instanceof Chars c) {
        add(CHARS, 0, 0, c.ranges());
      } else if (node instanceof Anchor a) {
        add(a.start() ? START : END, 0, 0, null);
      } else if (node instanceof Seq s) {
        for (Node item : s.items()) {
          emit(item);
        }
      } else if (node instanceof Alt alt) {
        alternatives(alt);
      } else {
        repeat((Repeat) node);
      }
    }

    private void alternatives(Alt alt) throws PatternParser.Outside {
      int[] jumps = new int[alt.options().size()];
      for (int k = 0; k < alt.options().size(); k++) {
        boolean last = k == alt.options().size() - 1;
        int split = last ? -1 : add(SPLIT, 0, 0, null);
        if (!last) {
          x[split] = n;
        }
        emit(alt.options().get(k));
        jumps[k] = last ? -1 : add(JUMP, 0, 0, null);
        if (!last) {
          y[split] = n;
        }
      }
      for (int j : jumps) {
        if (j >= 0) {
          x[j] = n;
        }
      }
    }

    private void repeat(Repeat r) throws PatternParser.Outside {
      for (int k = 0; k < r.min(); k++) {
        emit(r.body());
      }
      if (r.max() < 0) {
        int split = add(SPLIT, 0, 0, null);
        x[split] = n;
        emit(r.body());
        add(JUMP, split, 0, null);
        y[split] = n;
        return;
      }
      int optional = r.max() - r.min();
      int[] splits = new int[optional];
      for (int k = 0; k < optional; k++) {
        splits[k] = add(SPLIT, 0, 0, null);
        x[splits[k]] = n;
        emit(r.body());
      }
      for (int s : splits) {
        y[s] = n;
      }
    }
  }
}
