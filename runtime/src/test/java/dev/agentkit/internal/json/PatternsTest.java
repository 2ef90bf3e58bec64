package dev.agentkit.internal.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The patterns agentkit checks: ECMA-262's meaning where it differs from {@code java.util.regex},
 * the subset's edge, linear time whatever the pattern, and agreement with {@code java.util.regex}
 * over generated patterns and strings where the two engines mean the same.
 */
class PatternsTest {
  static boolean find(String pattern, String value) {
    return Patterns.compile(pattern).orElseThrow().find(value);
  }

  @Example
  void aValueMatchesWhenThePatternMatchesSomewhereInIt() {
    assertThat(find("[A-Z]", "abcD")).isTrue();
    assertThat(find("^[a-z]+$", "abc")).isTrue();
    assertThat(find("^[a-z]+$", "abc1")).isFalse();
    assertThat(find("^$", "")).isTrue();
    assertThat(find("b", "")).isFalse();
    assertThat(find("a|bc", "xbcx")).isTrue();
    assertThat(find("(?:ab){2}$", "xabab")).isTrue();
    assertThat(find("(?<year>\\d{4})-\\d\\d", "in 2026-03")).isTrue();
    assertThat(find("^a{2,3}$", "aaaa")).isFalse();
    assertThat(find("^a{2,}?$", "aaaa")).isTrue();
  }

  @Example
  void ecmaMeaningsWhereJavaDiffers() {
    // ECMA's $ is the end of the value; Java's also matches before a final line terminator.
    assertThat(find("^a$", "a\n")).isFalse();
    assertThat(Pattern.compile("^a$").matcher("a\n").find()).isTrue();
    // ECMA's \s has Unicode's spaces; Java's only ASCII ones.
    assertThat(find("^\\s$", "\u00a0")).isTrue();
    assertThat(find("^\\s$", "\u2028")).isTrue();
    // ECMA's . excludes only line terminators; Java's also U+0085.
    assertThat(find("^.$", "\u0085")).isTrue();
    assertThat(find("^.$", "\n")).isFalse();
    assertThat(find("^.$", "\u2029")).isFalse();
    // One code point, not one UTF-16 unit: an emoji is one character.
    assertThat(find("^.$", "😀")).isTrue();
    assertThat(find("^[😀-😂]$", "😁")).isTrue();
    assertThat(find("^\\u{1F600}$", "😀")).isTrue();
    assertThat(find("^\\uD83D\\uDE00$", "😀")).isTrue();
    assertThat(find("^\\x41\\u0042\\0$", "AB\0")).isTrue();
    assertThat(find("^[\\b]$", "\b")).isTrue();
    assertThat(find("^[^,]+$", "a,b")).isFalse();
    assertThat(find("^\\w+$", "é")).isFalse();
  }

  @Example
  void patternsOutsideTheSubsetAreNotChecked() {
    for (String p :
        List.of(
            "(a)\\1",
            "^(?!x)",
            "(?<=a)b",
            "\\bword\\b",
            "\\p{L}+",
            "[[a]]",
            "a{1001}",
            "a{3,2}",
            "*a",
            "a**",
            "(a",
            "a)",
            "[a",
            "\\",
            "\\q",
            "^*",
            "[z-a]",
            "\\u{110000}",
            "\\x4",
            "(?<1a>x)",
            "(a{1000}){1000}")) {
      assertThat(Patterns.compile(p)).as(p).isEmpty();
      assertThat(Patterns.whyUnchecked(p)).as(p).isNotEmpty();
    }
    assertThat(Patterns.whyUnchecked("(a)\\1")).isEqualTo("the escape \\1");
    assertThat(Patterns.whyUnchecked("^(?!x)")).isEqualTo("a lookahead or lookbehind");
    assertThat(Patterns.whyUnchecked("(a{1000}){1000}")).isEqualTo("more than 2000 steps");
    assertThat(Patterns.whyUnchecked("^[a-z]+$")).isEmpty();
  }

  @Example
  void nestedQuantifiersRunInLinearTime() {
    // Catastrophic for a backtracking engine: (a*)*b against a long run of a's.
    String value = "a".repeat(100_000);
    long start = System.nanoTime();
    assertThat(find("(a*)*b", value)).isFalse();
    assertThat(find("^(a|a)*$", value + "!")).isFalse();
    assertThat(find("(x+x+)+y", "x".repeat(100_000))).isFalse();
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
  }

  /**
   * Over patterns built of constructs both engines read alike and strings without line terminators
   * or non-ASCII spaces, agentkit's answer is {@code java.util.regex}'s.
   */
  @Property(tries = 2000)
  void agreesWithJavaWhereBothMeanTheSame(
      @ForAll("patterns") String pattern, @ForAll("values") String value) {
    assertThat(Patterns.compile(pattern)).as(pattern).isPresent();
    assertThat(find(pattern, value))
        .as("%s in %s", pattern, value)
        .isEqualTo(Pattern.compile(pattern).matcher(value).find());
  }

  @Provide
  Arbitrary<String> patterns() {
    return Combinators.combine(
            Arbitraries.of("", "^").injectNull(0), sequence(2), Arbitraries.of("", "$"))
        .as((start, body, end) -> start + body + end);
  }

  private Arbitrary<String> sequence(int depth) {
    return term(depth).list().ofMinSize(1).ofMaxSize(3).map(l -> String.join("", l));
  }

  private Arbitrary<String> term(int depth) {
    Arbitrary<String> atom =
        Arbitraries.of("a", "b", "c", ".", "\\d", "\\w", "\\W", "[a-c]", "[^b]", "\\.", "x");
    Arbitrary<String> inner =
        depth == 0
            ? atom
            : Arbitraries.oneOf(
                atom,
                sequence(depth - 1).map(s -> "(" + s + ")"),
                Combinators.combine(sequence(depth - 1), sequence(depth - 1))
                    .as((x, y) -> "(?:" + x + "|" + y + ")"));
    return Combinators.combine(
            inner, Arbitraries.of("", "", "*", "+", "?", "{2}", "{1,2}", "{0,}", "*?", "+?"))
        .as((body, quantifier) -> body + quantifier);
  }

  @Provide
  Arbitrary<String> values() {
    return Arbitraries.strings().withChars("abcx1._é😀").ofMaxLength(8);
  }
}
