package dev.agentkit.internal.json;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a pattern in the subset {@link Patterns} checks into a tree of nodes, or refuses it with
 * the reason it is outside the subset. A refusal is not an error of the contract: the pattern is
 * then not checked.
 */
final class PatternParser {
  /** The largest count a quantifier may give ({@code {0,1000}}). */
  static final int MAX_COUNT = 1000;

  /** A pattern outside the subset, with the reason in words. */
  static final class Outside extends Exception {
    private static final long serialVersionUID = 1L;

    Outside(String reason) {
      super(reason, null, false, false);
    }
  }

  /** A node of a pattern. */
  sealed interface Node permits Chars, Seq, Alt, Repeat, Anchor {}

  /** One code point of a set, as sorted, disjoint, inclusive ranges. */
  record Chars(int[] ranges) implements Node {}

  /** Nodes matched one after the other. */
  record Seq(List<Node> items) implements Node {}

  /** Either of the options. */
  record Alt(List<Node> options) implements Node {}

  /** The body {@code min} to {@code max} times; {@code max} is -1 for no limit. */
  record Repeat(Node body, int min, int max) implements Node {}

  /** {@code ^} (the start of the text) or {@code $} (its end). */
  record Anchor(boolean start) implements Node {}

  private final String p;
  private int i;

  private PatternParser(String pattern) {
    this.p = pattern;
  }

  /** The tree of a pattern. */
  static Node parse(String pattern) throws Outside {
    PatternParser parser = new PatternParser(pattern);
    Node n = parser.alternation();
    if (parser.i < pattern.length()) {
      throw new Outside("an unmatched ) at " + parser.i);
    }
    return n;
  }

  private Node alternation() throws Outside {
    List<Node> options = new ArrayList<>();
    options.add(sequence());
    while (i < p.length() && p.charAt(i) == '|') {
      i++;
      options.add(sequence());
    }
    return options.size() == 1 ? options.get(0) : new Alt(options);
  }

  private Node sequence() throws Outside {
    List<Node> items = new ArrayList<>();
    while (i < p.length() && p.charAt(i) != '|' && p.charAt(i) != ')') {
      Node atom = atom();
      items.add(quantified(atom));
    }
    return items.size() == 1 ? items.get(0) : new Seq(items);
  }

  private Node atom() throws Outside {
    int c = p.codePointAt(i);
    i += Character.charCount(c);
    switch (c) {
      case '^':
        return new Anchor(true);
      case '$':
        return new Anchor(false);
      case '.':
        return new Chars(CharSets.DOT);
      case '(':
        return group();
      case '[':
        return new Chars(charClass());
      case '\\':
        return new Chars(escape(false));
      case '*', '+', '?', '{', '}', ']':
        throw new Outside("a " + (char) c + " with nothing to repeat or unescaped");
      default:
        return new Chars(new int[] {c, c});
    }
  }

  private Node group() throws Outside {
    if (p.startsWith("?:", i)) {
      i += 2;
    } else if (p.startsWith("?<", i) && !p.startsWith("?<=", i) && !p.startsWith("?<!", i)) {
      int end = p.indexOf('>', i);
      if (end < 0 || !groupName(p.substring(i + 2, end))) {
        throw new Outside("a group name that is not a plain name");
      }
      i = end + 1;
    } else if (i < p.length() && p.charAt(i) == '?') {
      throw new Outside("a lookahead or lookbehind");
    }
    Node body = alternation();
    if (i >= p.length() || p.charAt(i) != ')') {
      throw new Outside("an unclosed (");
    }
    i++;
    return body;
  }

  private static boolean groupName(String name) {
    if (name.isEmpty()) {
      return false;
    }
    for (int k = 0; k < name.length(); k++) {
      char c = name.charAt(k);
      if (!(Character.isLetterOrDigit(c) && c < 128 || c == '_' || c == '$')) {
        return false;
      }
    }
    return !Character.isDigit(name.charAt(0));
  }

  private Node quantified(Node atom) throws Outside {
    if (i >= p.length()) {
      return atom;
    }
    int min;
    int max;
    char c = p.charAt(i);
    if (c == '*' || c == '+' || c == '?') {
      i++;
      min = c == '+' ? 1 : 0;
      max = c == '?' ? 1 : -1;
    } else if (c == '{') {
      int[] counts = counts();
      min = counts[0];
      max = counts[1];
    } else {
      return atom;
    }
    if (i < p.length() && p.charAt(i) == '?') {
      i++; // lazy: the same yes or no as greedy
    }
    if (atom instanceof Anchor) {
      throw new Outside("a quantifier on ^ or $");
    }
    if (i < p.length() && "*+?{".indexOf(p.charAt(i)) >= 0) {
      throw new Outside("a quantifier on a quantifier");
    }
    return new Repeat(atom, min, max);
  }

  /** {@code {n}}, {@code {n,}} or {@code {n,m}}, as {min, max} with -1 for no maximum. */
  private int[] counts() throws Outside {
    int close = p.indexOf('}', i);
    String inside = close < 0 ? "" : p.substring(i + 1, close);
    int comma = inside.indexOf(',');
    String low = comma < 0 ? inside : inside.substring(0, comma);
    String high = comma < 0 ? low : inside.substring(comma + 1);
    if (!count(low) || !(count(high) || comma >= 0 && high.isEmpty())) {
      throw new Outside("a { that is not a count such as {2,5}");
    }
    int min = Integer.parseInt(low);
    int max = high.isEmpty() ? -1 : Integer.parseInt(high);
    if (max >= 0 && max < min) {
      throw new Outside("a count whose maximum is below its minimum");
    }
    i = close + 1;
    return new int[] {min, max};
  }

  private static boolean count(String s) {
    if (s.isEmpty() || s.length() > 4) {
      return false;
    }
    for (int k = 0; k < s.length(); k++) {
      if (s.charAt(k) < '0' || s.charAt(k) > '9') {
        return false;
      }
    }
    return Integer.parseInt(s) <= MAX_COUNT;
  }

  private int[] charClass() throws Outside {
    boolean negated = i < p.length() && p.charAt(i) == '^';
    if (negated) {
      i++;
    }
    CharSets.Builder set = new CharSets.Builder();
    while (true) {
      if (i >= p.length()) {
        throw new Outside("an unclosed [");
      }
      if (p.charAt(i) == ']') {
        i++;
        break;
      }
      int[] low = classAtom();
      boolean range =
          i + 1 < p.length() && p.charAt(i) == '-' && p.charAt(i + 1) != ']' && single(low);
      if (!range) {
        set.add(low);
        continue;
      }
      i++;
      int[] high = classAtom();
      if (!single(high) || high[0] < low[0]) {
        throw new Outside("a range in [] that is not from one character up to another");
      }
      set.add(new int[] {low[0], high[0]});
    }
    int[] ranges = set.build();
    return negated ? CharSets.complement(ranges) : ranges;
  }

  private static boolean single(int[] ranges) {
    return ranges.length == 2 && ranges[0] == ranges[1];
  }

  private int[] classAtom() throws Outside {
    int c = p.codePointAt(i);
    i += Character.charCount(c);
    if (c == '\\') {
      return escape(true);
    }
    if (c == '[') {
      throw new Outside("a [ inside [] (Java and ECMA read it differently)");
    }
    return new int[] {c, c};
  }

  /** The set an escape stands for; {@code i} is just past the backslash. */
  private int[] escape(boolean inClass) throws Outside {
    if (i >= p.length()) {
      throw new Outside("a pattern that ends in a backslash");
    }
    char c = p.charAt(i++);
    int[] known = CharSets.escape(c);
    if (known != null) {
      return known;
    }
    if (c == 'b' && inClass) {
      return new int[] {'\b', '\b'};
    }
    if (CharSets.SYNTAX.indexOf(c) >= 0 || c == '-' && inClass) {
      return new int[] {c, c};
    }
    if (c == '0' && (i >= p.length() || !Character.isDigit(p.charAt(i)))) {
      return new int[] {0, 0};
    }
    if (c == 'x') {
      return single(hex(2));
    }
    if (c == 'u') {
      return single(unicode());
    }
    throw new Outside("the escape \\" + c);
  }

  private static int[] single(int c) {
    return new int[] {c, c};
  }

  private int unicode() throws Outside {
    if (i < p.length() && p.charAt(i) == '{') {
      int close = p.indexOf('}', i);
      if (close < 0 || close - i - 1 < 1 || close - i - 1 > 6) {
        throw new Outside("a \\u{…} that is not a code point");
      }
      int cp = parseHex(p.substring(i + 1, close));
      i = close + 1;
      if (cp > Character.MAX_CODE_POINT) {
        throw new Outside("a \\u{…} beyond the last code point");
      }
      return cp;
    }
    int high = hex(4);
    // A surrogate pair written as two escapes is one code point, as ECMA's u mode reads it.
    if (Character.isHighSurrogate((char) high) && p.startsWith("\\u", i)) {
      int save = i;
      i += 2;
      int low = hex(4);
      if (Character.isLowSurrogate((char) low)) {
        return Character.toCodePoint((char) high, (char) low);
      }
      i = save;
    }
    return high;
  }

  private int hex(int digits) throws Outside {
    if (i + digits > p.length()) {
      throw new Outside("an escape with too few hex digits");
    }
    int v = parseHex(p.substring(i, i + digits));
    i += digits;
    return v;
  }

  private static int parseHex(String s) throws Outside {
    int v = 0;
    for (int k = 0; k < s.length(); k++) {
      int d = Character.digit(s.charAt(k), 16);
      if (d < 0) {
        throw new Outside("an escape with a digit that is not hex");
      }
      v = v * 16 + d;
    }
    return v;
  }
}
