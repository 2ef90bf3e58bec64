package dev.agentkit.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * A value shown in a message is one JSON string literal on one line that shows every character as
 * itself or as an escape: a model's or a contract's text cannot turn the line around (a bidi
 * override), hide in it (zero-width characters) or break it.
 */
class JsonTextShownTest {
  @Example
  void aBidiOverrideIsEscaped() {
    assertThat(JsonText.shown("bidi\u202e")).isEqualTo("\"bidi\\u202e\"");
  }

  @Example
  void jsonEscapesStayAsJsonWritesThem() {
    assertThat(JsonText.shown("a\"b\\c\nd")).isEqualTo("\"a\\\"b\\\\c\\nd\"");
  }

  @Example
  void aLongValueIsCut() {
    assertThat(JsonText.shown("x".repeat(100))).isEqualTo("\"" + "x".repeat(77) + "...\"");
  }

  @Property(tries = 2000)
  void everyCharacterIsShownAsItselfOrEscaped(@ForAll String s) {
    String shown = JsonText.shown(s);
    for (int i = 0; i < shown.length(); ) {
      int cp = shown.codePointAt(i);
      assertThat(LineText.escaped(cp))
          .as("U+%04X in %s", cp, shown)
          .isEqualTo(Character.toString(cp));
      i += Character.charCount(cp);
    }
    assertThat(shown).startsWith("\"").endsWith("\"");
  }
}
