package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.source.Redactor;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Whatever line a server writes on stdout, the excerpt {@code [McpStdoutNoise]} quotes is short,
 * one line, free of characters that act on a terminal, and shows no piece of a credential the
 * source was given, wherever in the line it stands, in whatever case, and however escaped.
 */
class StdoutNoisePropertyTest {
  /**
   * Letters no escape, "…" or "[redacted]" is made of, so a secret cannot appear by their doing.
   */
  private static final String SECRET_LETTERS = "ghijklmnopqrstvwxyzGHIJKLMNOPQRSTVWXYZ_";

  private static final Set<Integer> HIDDEN =
      Set.of(
          (int) Character.CONTROL,
          (int) Character.FORMAT,
          (int) Character.LINE_SEPARATOR,
          (int) Character.PARAGRAPH_SEPARATOR,
          (int) Character.SURROGATE,
          (int) Character.PRIVATE_USE,
          (int) Character.UNASSIGNED);

  @Provide
  Arbitrary<String> noise() {
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(300),
        Arbitraries.strings().withCharRange('\u0000', '\u00ff').ofMaxLength(5000),
        Arbitraries.strings().withChars("\u001b[0m\t\r\u2028\u202e\ud800 ab").ofMaxLength(400));
  }

  @Provide
  Arbitrary<String> secret() {
    return Arbitraries.strings()
        .withChars(SECRET_LETTERS.toCharArray())
        .ofMinLength(4)
        .ofMaxLength(30);
  }

  @Property(tries = 400)
  void theExcerptIsShortOneLineAndHidesTheSecret(
      @ForAll("noise") String before,
      @ForAll("secret") String secret,
      @ForAll("noise") String after,
      @ForAll @IntRange(min = 0, max = 3) int disguise) {
    String shown =
        switch (disguise) {
          case 0 -> secret;
          case 1 -> secret.toUpperCase(Locale.ROOT);
          case 2 -> "\\u00" + Integer.toHexString(secret.charAt(0)) + secret.substring(1);
          default -> secret + before + secret;
        };
    String line = before + shown + after;
    String excerpt = new StdoutNoise(line).excerpt(Redactor.of(List.of(secret)));

    assertThat(excerpt.length()).isLessThanOrEqualTo(StdoutNoise.SHOWN_CHARS + 1);
    excerpt
        .codePoints()
        .forEach(cp -> assertThat(HIDDEN).as("U+%04X", cp).doesNotContain(Character.getType(cp)));
    String folded = excerpt.toLowerCase(Locale.ROOT);
    String s = secret.toLowerCase(Locale.ROOT);
    int piece = Math.min(8, s.length());
    for (int i = 0; i + piece <= s.length(); i++) {
      assertThat(folded).doesNotContain(s.substring(i, i + piece));
    }
  }

  @Example
  void aLogLineIsQuotedWithItsColoursEscapedAndItsEndCut() {
    String line = "\u001b[32mINFO\u001b[0m ready\u2028" + "x".repeat(200);
    String excerpt = new StdoutNoise(line).excerpt(Redactor.of(List.of()));
    assertThat(excerpt)
        .startsWith("\\u001b[32mINFO\\u001b[0m ready\\u2028xxx")
        .endsWith("x…")
        .hasSize(StdoutNoise.SHOWN_CHARS + 1);
  }
}
