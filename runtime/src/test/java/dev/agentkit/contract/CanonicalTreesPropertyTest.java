package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@link CanonicalTrees} reads every schema tree agentkit writes, into the operand the general
 * reader makes of it; and for any other document, edited anywhere in its trees, reading it with
 * {@link CanonicalTrees} first ends exactly as reading it only the general way does: the same
 * contract, or the same message.
 */
class CanonicalTreesPropertyTest {

  @Property(tries = 200)
  void everyWrittenTreeIsReadAsTheGeneralReaderReadsIt(@ForAll("operands") List<Operand> operands)
      throws Exception {
    byte[] json = snapshot(operands).getBytes(StandardCharsets.UTF_8);

    Contract canonical = SnapshotReader.strict(json, "memory", true); // never falls back
    Contract general = SnapshotReader.strict(json, "memory", false);

    assertThat(canonical.ops()).isEqualTo(general.ops());
    assertThat(canonical.digest()).isEqualTo(general.digest());
    assertThat(canonical.warnings()).isEqualTo(general.warnings());
  }

  /** Found by the property above: a list whose element is a type "array" with no items. */
  @Example
  void aListOfOpaqueArraysIsReadTheWrittenWay() throws Exception {
    everyWrittenTreeIsReadAsTheGeneralReaderReadsIt(
        List.of(
            new Operand(
                "e",
                "",
                true,
                new Schema.ArraySchema(
                    new Schema.Facets("", "", false),
                    new Schema.OpaqueSchema(new Schema.Facets("", "", true), "array"),
                    null,
                    null,
                    true))));
  }

  @Property(tries = 500)
  void anEditedDocumentEndsAsTheGeneralReaderEndsIt(
      @ForAll("operands") List<Operand> operands, @ForAll("edits") Edit edit) {
    String text = edit.apply(snapshot(operands));
    byte[] json = text.getBytes(StandardCharsets.UTF_8);

    assertThat(outcome(() -> SnapshotReader.strict(json, "memory")))
        .as(text)
        .isEqualTo(outcome(() -> SnapshotReader.strict(json, "memory", false)));
  }

  private static String snapshot(List<Operand> operands) {
    List<Operand> withFlat = new ArrayList<>(operands);
    withFlat.add(Operand.enumOf("zz_flat", true, "a", "b"));
    return ContractSnapshot.write(
        Contract.of(
            "trees",
            "http://backend/contract",
            List.of(
                Op.builder("op").description("d").tier(Tier.REVERSIBLE).operands(withFlat).build(),
                Op.builder("op2").tier(Tier.READ_ONLY).operands(operands).build())));
  }

  private interface Read {
    Contract read() throws ContractFormatException;
  }

  /** What reading ends in, comparable: the contract's content, or the problem's words. */
  private static Object outcome(Read read) {
    try {
      Contract c = read.read();
      return List.of(c.ops(), c.digest(), c.warnings(), c.tierOverrides());
    } catch (ContractFormatException e) {
      return "ContractFormatException: " + e.getMessage();
    } catch (RuntimeException e) {
      return e.getClass().getName() + ": " + e.getMessage();
    }
  }

  /**
   * An edit of the text after its first operand: cut a few characters, put a JSON token in, swap or
   * repeat a line, or swap a key for another a tree may have.
   */
  record Edit(int kind, double where, int length, String token) {
    String apply(String text) {
      int from = text.indexOf("\"operands\"");
      int at = from + (int) (where * (text.length() - from - 1));
      return switch (kind) {
        case 0 -> text.substring(0, at) + text.substring(Math.min(text.length(), at + length));
        case 1 -> text.substring(0, at) + token + text.substring(at);
        case 2 -> lines(text, at, true);
        case 3 -> lines(text, at, false);
        default -> swapKey(text, at);
      };
    }

    /** Swaps the line at {@code at} with the next one, or repeats it. */
    private static String lines(String text, int at, boolean swap) {
      int start = text.lastIndexOf('\n', at) + 1;
      int end = text.indexOf('\n', at);
      int next = end < 0 ? -1 : text.indexOf('\n', end + 1);
      if (end < 0 || next < 0) {
        return text;
      }
      String line = text.substring(start, end + 1);
      String following = text.substring(end + 1, next + 1);
      return text.substring(0, start)
          + (swap ? following + line : line + line + following)
          + text.substring(next + 1);
    }

    private String swapKey(String text, int at) {
      int open = text.indexOf('"', at);
      int close = open < 0 ? -1 : text.indexOf("\":", open + 1);
      if (close < 0) {
        return text;
      }
      return text.substring(0, open + 1) + token.replace("\"", "") + text.substring(close);
    }
  }

  @Provide
  Arbitrary<List<Operand>> operands() {
    return TreeArbitraries.operands().filter(o -> !o.isEmpty());
  }

  @Provide
  Arbitrary<Edit> edits() {
    Arbitrary<String> tokens = Arbitraries.of(SchemaJson.EXTRA_KEYS).map(k -> "\"" + k + "\"");
    Arbitrary<String> json =
        Arbitraries.of(
            ",",
            "{",
            "}",
            "[",
            "]",
            "\"",
            ":",
            "0",
            "-1",
            "1.5",
            "1e400",
            "true",
            "false",
            "null",
            "\"x\"",
            "\"type\": \"string\",",
            "\"enum\": [],",
            "[{}]",
            "99999999999",
            "\\u0000");
    return Combinators.combine(
            Arbitraries.integers().between(0, 4),
            Arbitraries.doubles().between(0, 1),
            Arbitraries.integers().between(1, 12),
            Arbitraries.oneOf(tokens, json))
        .as(Edit::new);
  }
}
