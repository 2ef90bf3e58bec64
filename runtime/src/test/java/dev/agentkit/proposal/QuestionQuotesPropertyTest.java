package dev.agentkit.proposal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The tokenizer over hostile quoting: unbalanced and nested quotes, every quote character, and
 * words with apostrophes. The rule under test: a title in double quotes counts anywhere; a title in
 * single quotes ({@code '…'}, {@code ‘…’}) counts only at word edges, because the single quote is
 * also the apostrophe.
 */
class QuestionQuotesPropertyTest {
  private static final ObjectRef TASK = new ObjectRef("task", "t1", "Write report");
  private static final ObjectRef NOTES = new ObjectRef("task", "t6", "Dana’s notes");
  private static final ObjectRef PROJECT = new ObjectRef("project", "p1", "Launch");
  private static final List<String> APOSTROPHE_WORDS =
      List.of("don't", "it's", "O'Brien", "won’t", "rock ’n’ roll", "'90s");

  /** Text that never holds a label: lower-case letters, blanks, every quote and apostrophe word. */
  @Provide
  Arbitrary<String> hostile() {
    Arbitrary<String> piece =
        Arbitraries.oneOf(
            Arbitraries.of(APOSTROPHE_WORDS),
            Arbitraries.of("'", "’", "‘", "\"", "“", "”", "''", "‘’", "\"'", "'\"", " ", "?", "."),
            Arbitraries.of("this project", "the todo", "this email", "the thread", "it", "the"),
            Arbitraries.strings().withChars("abcdeinorst '’‘\"“”").ofMaxLength(8));
    return piece.list().ofMaxSize(10).map(l -> String.join("", l));
  }

  @Provide
  Arbitrary<String> questions() {
    Arbitrary<String> title =
        Arbitraries.of(
            "'Write report'",
            "‘Write report’",
            "\"Write report\"",
            "'Write report",
            "Write report'",
            "‘Dana’s notes’",
            "'Dana’s notes'",
            "'Launch'",
            "“Launch”",
            "x'Launch'",
            "'Launch's");
    return Combinators.combine(hostile(), title.list().ofMaxSize(3), hostile())
        .as((a, titles, b) -> a + " " + String.join(" ", titles) + " " + b);
  }

  private static String tokenize(String question) {
    return QuestionTokens.tokenize(question, TASK, List.of(NOTES, PROJECT), Labeler.none());
  }

  @Property(tries = 1_500)
  void tokenizingTwiceChangesNothingAndNamesEveryRef(@ForAll("questions") String question) {
    String once = tokenize(question);
    assertThat(tokenize(once)).isEqualTo(once);
    for (ObjectRef r : List.of(TASK, NOTES, PROJECT)) {
      assertThat(once).contains(QuestionTokens.token(r));
    }
  }

  @Property(tries = 1_500)
  void anApostropheInAWordIsNeverTakenForAQuote(@ForAll("questions") String question) {
    String shown = QuestionTokens.render(tokenize(question), Labeler.none());
    for (String word : APOSTROPHE_WORDS) {
      assertThat(count(shown, word)).as(word).isGreaterThanOrEqualTo(count(question, word));
    }
  }

  @Property(tries = 1_000)
  void aSingleQuotedTitleAtWordEdgesBecomesTheToken(
      @ForAll("hostile") String before,
      @ForAll("hostile") String after,
      @ForAll boolean typographic) {
    String quoted = typographic ? "‘Write report’" : "'Write report'";
    String out = tokenize(before + " " + quoted + " " + after);
    assertThat(out).contains(QuestionTokens.token(TASK));
    assertThat(out.replace(QuestionTokens.token(TASK), "")).doesNotContain("Write report");
  }

  @Property(tries = 1_000)
  void aQuoteGluedToALetterOrLeftOpenIsText(
      @ForAll("hostile") String before,
      @ForAll("hostile") String after,
      @ForAll boolean typographic) {
    String open = typographic ? "‘" : "'";
    String close = typographic ? "’" : "'";
    for (String text :
        List.of(
            "n" + open + "Write report" + close,
            open + "Write report" + close + "s",
            open + "Write report ",
            " Write report" + close)) {
      String out = tokenize(before + " " + text + " " + after);
      assertThat(out).as(text).contains(text.strip());
      assertThat(out).contains(QuestionTokens.token(TASK));
    }
  }

  /**
   * How often {@code word} stands in {@code text} as a word: no letter or digit just before or
   * after it. The generator glues pieces together, so "don'" and "this project" make the text
   * "don'this project", which holds "don't" only as letters inside other words.
   */
  private static int count(String text, String word) {
    int n = 0;
    for (int at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + word.length())) {
      int end = at + word.length();
      boolean edgeBefore = at == 0 || !Character.isLetterOrDigit(text.charAt(at - 1));
      boolean edgeAfter = end == text.length() || !Character.isLetterOrDigit(text.charAt(end));
      if (edgeBefore && edgeAfter) {
        n++;
      }
    }
    return n;
  }
}
