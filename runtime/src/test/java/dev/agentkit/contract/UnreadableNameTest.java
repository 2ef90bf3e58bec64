package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.internal.text.LineText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A name a model types and a person reads holds no character that acts on the line showing it or
 * hides itself: opcodes, operand names and property names at any depth with a control, format or
 * separator character, or a lone surrogate, are refused at contract validation, each once, with the
 * character named and the name escaped.
 */
class UnreadableNameTest {
  @TempDir Path dir;

  @Test
  void aForgedBuildSuccessLineInAnOpcodeIsRefused() {
    Op op = op("x\n[INFO] BUILD SUCCESS", List.of());

    assertThat(Contract.of("c", List.of(op)).problems())
        .extracting(Problem::message)
        .containsExactly(
            "[UnreadableName] an op: the opcode \"x\\n[INFO] BUILD SUCCESS\" holds U+000A (a control character); a"
                + " model types this name and a person reads it, so it may hold no control, format"
                + " or separator character: ask the backend to rename it");
  }

  @Test
  void aBidiOverrideInANestedPropertyIsRefusedAtItsPath() {
    Schema entity =
        new Schema.ObjectSchema(
            Schema.Facets.NONE, List.of(Operand.requiredString("na\u202Eme", "")), false, null);
    Op op =
        op(
            "create_entities",
            List.of(new Operand("entities", "", true, Schema.ArraySchema.of(entity))));

    List<Problem> problems = Contract.of("c", List.of(op)).problems();

    assertThat(problems).hasSize(1);
    assertThat(problems.get(0).kind()).isEqualTo(Problem.Kind.UNREADABLE_NAME);
    assertThat(problems.get(0).message())
        .isEqualTo(
            "[UnreadableName] create_entities.entities[]: the property \"na\\u202eme\" holds U+202E (an invisible"
                + " format character, such as a bidi override); a model types this name and a"
                + " person reads it, so it may hold no control, format or separator character: ask"
                + " the backend to rename it");
  }

  @Test
  void aSnapshotWithAZeroWidthOperandNameIsNotWritten() {
    Op op = op("pay", List.of(Operand.requiredString("amo\u200Bunt", "")));

    assertThatThrownBy(
            () ->
                ContractSnapshot.writeAtomically(
                    dir.resolve("c.json"), Contract.of("c", List.of(op))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "pay: the operand \"amo\\u200bunt\" holds U+200B (an invisible format character, such"
                + " as a bidi override)");
    assertThat(Files.exists(dir.resolve("c.json"))).isFalse();
  }

  @Test
  void aSnapshotFileWithALoneSurrogateOpcodeIsRefusedWhenRead() throws Exception {
    String good = ContractSnapshot.write(Contract.of("c", List.of(op("a_b", List.of()))));
    Contract spoiled = Contract.of("c", List.of(op("a\ud800", List.of())));
    String text =
        good.replace("\"a_b\"", "\"a\\ud800\"")
            .replace(Contract.of("c", List.of(op("a_b", List.of()))).digest(), spoiled.digest());
    assertThat(text).isNotEqualTo(good);

    assertThatThrownBy(
            () -> ContractSnapshot.parse(text.getBytes(StandardCharsets.UTF_8), "c.json"))
        .hasMessageContaining(
            "the opcode \"a\\ud800\" holds U+D800 (half of a character, a lone surrogate)");
  }

  @Property(tries = 300)
  void everyNameWithAnUnreadableCharacterIsRefusedOnceAndNoOtherIs(
      @ForAll("names") String opcode,
      @ForAll("names") String operand,
      @ForAll("names") String inner) {
    Schema object =
        new Schema.ObjectSchema(
            Schema.Facets.NONE, List.of(Operand.requiredString(inner, "")), false, null);
    Op op = op(opcode, List.of(new Operand(operand, "", true, object)));

    long expected =
        List.of(opcode, operand, inner).stream()
            .filter(n -> LineText.unreadableInName(n) >= 0)
            .count();
    List<Problem> problems = Contract.of("c", List.of(op)).problems();

    assertThat(problems).allMatch(p -> p.kind() == Problem.Kind.UNREADABLE_NAME);
    assertThat(problems).hasSize((int) expected);
    for (Problem p : problems) {
      assertThat(p.message()).doesNotContain("\n", "\r", "\u202E", "\u2028", "\u0000");
    }
  }

  @Property(tries = 200)
  void aPrintableNameIsNeverRefused(@ForAll("printable") String name) {
    Op op = op(name, List.of(Operand.requiredString(name + "_x", "")));

    assertThat(Contract.of("c", List.of(op)).problems()).isEmpty();
  }

  @Provide
  Arbitrary<String> names() {
    Arbitrary<String> plain = printable();
    Arbitrary<Character> bad =
        Arbitraries.of(
            '\n', '\r', '\u0000', '\u0007', '\u001B', '\u0085', '\u061C', '\u200B', '\u200D',
            '\u200E', '\u202A', '\u202E', '\u2066', '\u2069', '\uFEFF', '\u2028', '\u2029',
            '\uD800', '\uDFFF');
    Arbitrary<String> spoiled = Combinators.combine(plain, bad, plain).as((a, c, b) -> a + c + b);
    return Arbitraries.oneOf(plain, spoiled);
  }

  @Provide
  Arbitrary<String> printable() {
    return Arbitraries.strings()
        .withChars("abcXYZ_-./0189")
        .withChars('é', 'ß', 'Ж', '中', '$')
        .ofMinLength(1)
        .ofMaxLength(8);
  }

  private static Op op(String opcode, List<Operand> operands) {
    return Op.builder(opcode).description("d").tier(Tier.REVERSIBLE).operands(operands).build();
  }
}
