package dev.agentkit.processor;

import static com.google.testing.compile.Compiler.javac;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.CompilationSubject;
import com.google.testing.compile.JavaFileObjects;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link SourceWriter}'s rendering of contract text, read back as javac reads it: unicode escapes
 * first (a backslash preceded by an even number of backslashes, then {@code u}s and four hex
 * digits), then the literal's own escapes. Checked by a reader written here, independently of the
 * writer, over strings of the hostile alphabet of {@link HostileContractPropertyTest}.
 */
class SourceWriterEscapingTest {
  @Provide
  Arbitrary<String> hostile() {
    return Arbitraries.oneOf(
        HostileContractPropertyTest.hostile(0),
        Arbitraries.strings().all().ofMaxLength(30),
        Arbitraries.strings().withChars("\\u002a/\"\n\r\0\ud800\udc00\u202e").ofMaxLength(30));
  }

  @Property(tries = 1000)
  void aLiteralReadsBackAsTheString(@ForAll("hostile") String s) {
    String literal = SourceWriter.literal(s);
    String decoded = unicodeEscapesDecoded(literal);
    assertThat(decoded).as("a line break inside the literal").doesNotContain("\n", "\r");
    assertThat(literalValue(decoded)).isEqualTo(s);
    for (int i = 0; i < literal.length(); i++) {
      char c = literal.charAt(i);
      assertThat(c >= 0x20 && c != 0x7f && c != 0x2028 && c != 0x2029 && c != 0x202e)
          .as("character %04x written as itself", (int) c)
          .isTrue();
      assertThat(Character.isSurrogate(c) && !pairedAt(literal, i))
          .as("a lone surrogate written as itself")
          .isFalse();
    }
  }

  @Property(tries = 20)
  void aStringLongerThanAConstantIsWrittenInPiecesThatEachFit(
      @ForAll("hostile") String s, @ForAll("repeats") int times) {
    String whole = s.isEmpty() ? "x".repeat(times) : s.repeat(times);
    String literal = SourceWriter.literal(whole);
    String decoded = unicodeEscapesDecoded(literal);
    List<String> pieces = pieces(decoded);
    assertThat(String.join("", pieces)).isEqualTo(whole);
    for (String piece : pieces) {
      assertThat(piece.length()).isLessThanOrEqualTo(SourceWriter.MAX_CONSTANT_CHARS);
      assertThat(modifiedUtf8Bytes(piece)).isLessThanOrEqualTo(SourceWriter.MAX_CONSTANT_BYTES);
    }
  }

  @Provide
  Arbitrary<Integer> repeats() {
    return Arbitraries.integers().between(2_000, 70_000);
  }

  @Property(tries = 1000)
  void javadocTextCanEndNoCommentStartNoTagAndReadsBackAsHtml(@ForAll("hostile") String s) {
    String doc = SourceWriter.doc(s);
    String comment = unicodeEscapesDecoded("/** " + doc + " */");
    assertThat(comment.indexOf("*/")).isEqualTo(comment.length() - 2);
    assertThat(doc).doesNotContain("\\", "@", "<", ">", "\n", "\r");
    assertThat(doc.codePoints()).allMatch(c -> c >= 0x20 && c != 0x7f && !isInvisible(c));
    assertThat(htmlDecoded(doc)).isEqualTo(shown(s));
  }

  @Property(tries = 1000)
  void javadocCodeIsAnInlineTagOnlyForPlainNames(@ForAll("hostile") String s) {
    String code = SourceWriter.code(s);
    if (code.startsWith("{@code ")) {
      assertThat(s).matches("[A-Za-z0-9_.:-]+");
      assertThat(code).isEqualTo("{@code " + s + "}");
    } else {
      assertThat(code).isEqualTo("<code>" + SourceWriter.doc(s) + "</code>");
    }
  }

  @Provide
  Arbitrary<List<String>> batches() {
    return hostile().list().ofSize(150);
  }

  /**
   * The same, read by javac itself: one class with a javadoc comment and a constant per string
   * compiles without a warning, declares exactly those constants, and each holds its string.
   */
  @Property(tries = 5)
  void javacReadsEveryLiteralAndCommentAsWritten(@ForAll("batches") List<String> strings)
      throws Exception {
    StringBuilder source = new StringBuilder("package test;\n\npublic final class Literals {\n");
    for (int i = 0; i < strings.size(); i++) {
      String s = strings.get(i);
      source.append("  /** ").append(SourceWriter.doc(s)).append(' ');
      source.append(SourceWriter.code(s)).append(" */\n");
      source.append("  public static final String S").append(i).append(" = ");
      source.append(SourceWriter.literal(s)).append(";\n");
    }
    Compilation c =
        javac()
            .withOptions("-Xlint:all")
            .compile(
                JavaFileObjects.forSourceString("test.Literals", source.append("}\n").toString()));
    CompilationSubject.assertThat(c).succeededWithoutWarnings();
    Class<?> type = new Sandbox.Loader(c, getClass().getClassLoader()).loadClass("test.Literals");
    assertThat(type.getDeclaredFields()).hasSize(strings.size());
    for (int i = 0; i < strings.size(); i++) {
      assertThat(type.getField("S" + i).get(null)).isEqualTo(strings.get(i));
    }
  }

  @Example
  void theAttacksOfTheIssueAreRenderedInert() {
    // An escaped high surrogate then a backslash: javac would read the next \\u as an escape.
    assertThat(SourceWriter.literal("\ud800" + "\\u000a")).isEqualTo("\"\\ud800\" + \"\\\\u000a\"");
    assertThat(SourceWriter.doc("\\u002a/ static { x(); } /\\u002a"))
        .isEqualTo("&#92;u002a/ static { x(); } /&#92;u002a");
    assertThat(SourceWriter.doc("a */ b @return <b>&"))
        .isEqualTo("a *&#47; b &#64;return &lt;b&gt;&amp;");
    assertThat(SourceWriter.literal("\\u0022")).isEqualTo("\"\\\\u0022\"");
    assertThat(SourceWriter.literal("\0" + "1\u202e\ud800")).isEqualTo("\"\\0001\\u202e\\ud800\"");
    assertThat(SourceWriter.literal("日本 é \ud83d\ude00")).isEqualTo("\"日本 é \ud83d\ude00\"");
  }

  /** The visible text javadoc shows for {@code s}: line breaks and tabs as spaces. */
  private static String shown(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\n' || c == '\r' || c == '\t') {
        b.append(' ');
      } else if (c < 0x20 || c == 0x7f || isInvisibleAt(s, i)) {
        b.append(String.format("\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static boolean isInvisibleAt(String s, int i) {
    char c = s.charAt(i);
    if (Character.isSurrogate(c)) {
      if (!pairedAt(s, i)) {
        return true;
      }
      int start = Character.isHighSurrogate(c) ? i : i - 1;
      return isInvisible(s.codePointAt(start));
    }
    return c >= 0x80 && isInvisible(c);
  }

  private static boolean isInvisible(int codePoint) {
    int type = Character.getType(codePoint);
    return type == Character.CONTROL
        || type == Character.FORMAT
        || type == Character.SURROGATE
        || type == Character.PRIVATE_USE
        || type == Character.UNASSIGNED
        || type == Character.LINE_SEPARATOR
        || type == Character.PARAGRAPH_SEPARATOR
        || (type == Character.SPACE_SEPARATOR && codePoint != ' ');
  }

  private static boolean pairedAt(String s, int i) {
    char c = s.charAt(i);
    return Character.isHighSurrogate(c)
        ? i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))
        : i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
  }

  private static String htmlDecoded(String s) {
    return s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#64;", "@")
        .replace("&#92;", "\\")
        .replace("&#47;", "/")
        .replace("&amp;", "&");
  }

  /** JLS 3.3: the unicode escapes of source text decoded. */
  static String unicodeEscapesDecoded(String source) {
    StringBuilder out = new StringBuilder();
    int backslashes = 0;
    for (int i = 0; i < source.length(); i++) {
      char c = source.charAt(i);
      if (c == '\\'
          && backslashes % 2 == 0
          && i + 1 < source.length()
          && source.charAt(i + 1) == 'u') {
        int j = i + 1;
        while (source.charAt(j) == 'u') {
          j++;
        }
        out.append((char) Integer.parseInt(source.substring(j, j + 4), 16));
        i = j + 3;
        backslashes = 0;
        continue;
      }
      backslashes = c == '\\' ? backslashes + 1 : 0;
      out.append(c);
    }
    return out.toString();
  }

  /** The value of one literal, or of literals joined by {@code .concat(…)}. */
  private static String literalValue(String decoded) {
    return String.join("", pieces(decoded));
  }

  private static List<String> pieces(String decoded) {
    List<String> out = new ArrayList<>();
    int i = 0;
    StringBuilder value = new StringBuilder();
    while (i < decoded.length()) {
      if (decoded.startsWith(".concat(", i)) {
        out.add(value.toString());
        value.setLength(0);
        i += ".concat(".length();
      } else if (decoded.startsWith(" + ", i)) {
        i += " + ".length();
      } else if (decoded.charAt(i) == ')') {
        i++;
        continue;
      }
      assertThat(decoded.charAt(i)).isEqualTo('"');
      i++;
      while (decoded.charAt(i) != '"') {
        char c = decoded.charAt(i++);
        if (c != '\\') {
          value.append(c);
          continue;
        }
        char e = decoded.charAt(i++);
        switch (e) {
          case 'b' -> value.append('\b');
          case 't' -> value.append('\t');
          case 'n' -> value.append('\n');
          case 'f' -> value.append('\f');
          case 'r' -> value.append('\r');
          case '"', '\'', '\\' -> value.append(e);
          default -> {
            assertThat(e).as("an octal escape").isBetween('0', '7');
            int end = i - 1;
            while (end < i + 2
                && end < decoded.length()
                && decoded.charAt(end) >= '0'
                && decoded.charAt(end) <= '7') {
              end++;
            }
            value.append((char) Integer.parseInt(decoded.substring(i - 1, end), 8));
            i = end;
          }
        }
      }
      i++;
    }
    out.add(value.toString());
    return out;
  }

  private static int modifiedUtf8Bytes(String s) {
    int bytes = 0;
    for (char c : s.toCharArray()) {
      bytes += c != 0 && c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    }
    return bytes;
  }
}
