package dev.agentkit.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Served text shown on one line: nothing in it can start a line or act on a terminal. */
class LineTextTest {
  @Provide
  Arbitrary<String> hostile() {
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(40),
        Arbitraries.of(
                "x\n[INFO] BUILD SUCCESS",
                "\r\n",
                "\u2028",
                "\u2029",
                "\u0085",
                "\u001b[31m",
                "\u202e",
                "\ud800",
                "\udfff",
                "\uffff",
                "\ufffe",
                "../",
                "t\u0430sk")
            .list()
            .ofMaxSize(5)
            .map(l -> String.join("", l)));
  }

  @Property(tries = 500)
  void noEscapedTextHoldsACharacterThatActsOnALine(@ForAll("hostile") String text) {
    String shown = LineText.of(text);
    shown
        .codePoints()
        .forEach(cp -> assertThat(LineText.hidden(cp) || cp == '\t').as("U+%04X", cp).isFalse());
    assertThat(shown.lines().count()).isLessThanOrEqualTo(1);
  }

  @Test
  void escapesReadAsTheCharacterTheyStandFor() {
    assertThat(LineText.of("x\n[INFO] BUILD SUCCESS")).isEqualTo("x\\n[INFO] BUILD SUCCESS");
    assertThat(LineText.of("a\r\tb\u2028c\u202ed\ud800"))
        .isEqualTo("a\\r\\tb\\u2028c\\u202ed\\ud800");
    assertThat(LineText.of("\uffff\ufffe")).isEqualTo("\\uffff\\ufffe");
    assertThat(LineText.of("t\u0430sk ../é")).isEqualTo("t\u0430sk ../é");
    assertThat(LineText.of(null)).isEqualTo("null");
    assertThat(LineText.quoted("a\nb")).isEqualTo("\"a\\nb\"");
  }
}
