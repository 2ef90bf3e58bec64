package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.ArgValues;
import dev.agentkit.internal.WireNames;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/**
 * A typed view reads every numeric value verify accepts as that value: a value of an enum of
 * numbers reads as the constant of the same decimal value however it is spelled ({@code 2.50},
 * {@code 25e-1}), and a list of numbers given as a JSON array of numbers ({@code [1, 2.50]}) reads
 * as its elements. Booleans likewise.
 */
class NumericReadsPropertyTest {
  /** A generated enum's shape: three values, then the unrecognised constant. */
  enum Rate {
    FIRST,
    SECOND,
    THIRD,
    UNRECOGNISED
  }

  enum Flag {
    YES,
    NO,
    UNRECOGNISED
  }

  private static ActionSet<Object> set(Operand... operands) {
    Op.Builder op = Op.builder("rate").description("Rate it.").tier(Tier.REVERSIBLE);
    for (Operand o : operands) {
      op.operand(o);
    }
    return ActionSet.bind(
        Contract.of("numeric", List.of(op.build())),
        List.of(Use.<Object>of("rate", ChangeCategory.MERGE).ask(a -> "Rate it?").build()));
  }

  private static boolean accepts(ActionSet<Object> set, String operand, String value) {
    return set.verify(Call.of("rate", Map.of(operand, value))).isEmpty();
  }

  /** A decimal in the contract's spelling, and other spellings of numbers near it. */
  @Provide
  Arbitrary<Tuple.Tuple2<List<String>, String>> vocabularyAndValue() {
    Arbitrary<BigDecimal> decimals =
        Combinators.combine(
                Arbitraries.longs().between(-100_000, 100_000),
                Arbitraries.integers().between(0, 4))
            .as(BigDecimal::valueOf);
    Arbitrary<List<String>> vocabulary =
        decimals
            .map(d -> d.stripTrailingZeros().toPlainString())
            .list()
            .ofSize(3)
            .uniqueElements(v -> new BigDecimal(v).stripTrailingZeros());
    return vocabulary.flatMap(
        values -> {
          Arbitrary<String> respelled =
              Combinators.combine(
                      Arbitraries.of(values), Arbitraries.integers().between(0, 5), spellings())
                  .as((v, zeros, how) -> spell(new BigDecimal(v), zeros, how));
          Arbitrary<String> other = decimals.map(d -> spell(d, 0, 0));
          Arbitrary<String> near =
              Arbitraries.of("", " ", "+1", "1.", ".5", "0x10", "1e", "2,5", "NaN", "Infinity");
          return Combinators.combine(
                  Arbitraries.just(values), Arbitraries.oneOf(respelled, other, near))
              .as(Tuple::of);
        });
  }

  private static Arbitrary<Integer> spellings() {
    return Arbitraries.integers().between(0, 3);
  }

  /** {@code d} with {@code zeros} more trailing zeros, plainly, in E notation or padded. */
  private static String spell(BigDecimal d, int zeros, int how) {
    BigDecimal scaled = d.setScale(Math.max(d.scale(), 0) + zeros);
    return switch (how) {
      case 0 -> scaled.toPlainString();
      case 1 -> d.unscaledValue() + "e" + (-d.scale());
      case 2 -> " " + scaled.toPlainString() + " ";
      default -> scaled.toString().toLowerCase(Locale.ROOT).replace("+", "");
    };
  }

  @Property(tries = 1500)
  void aNumberVerifyAcceptsReadsAsTheConstantOfItsValue(
      @ForAll("vocabularyAndValue") Tuple.Tuple2<List<String>, String> drawn) {
    List<String> values = drawn.get1();
    String value = drawn.get2();
    ActionSet<Object> set =
        set(
            new Operand(
                "rate",
                "The rate.",
                true,
                new EnumSchema(Facets.NONE, values, OperandType.NUMBER)));
    WireNames<Rate> names = WireNames.numbers(Rate.values(), values.toArray(String[]::new));
    Rate read = names.of(value);
    boolean accepted = accepts(set, "rate", value);
    Statistics.label("verify").collect(accepted ? "accepted" : "rejected");
    assertThat(read != Rate.UNRECOGNISED).as("%s of %s", value, values).isEqualTo(accepted);
    if (accepted) {
      assertThat(new BigDecimal(names.wireName(read))).isEqualByComparingTo(value.trim());
      assertThat(names.wireName(read)).isIn(values);
    }
  }

  @Test
  void anEnumOfNumbersMatchesByExactDecimalValue() {
    WireNames<Rate> names = WireNames.numbers(Rate.values(), "2.5", "10", "0.3");
    assertThat(names.of("2.50")).isEqualTo(Rate.FIRST);
    assertThat(names.of("25e-1")).isEqualTo(Rate.FIRST);
    assertThat(names.of("1E1")).isEqualTo(Rate.SECOND);
    assertThat(names.of("10.000")).isEqualTo(Rate.SECOND);
    assertThat(names.wireName(names.of("1e1"))).isEqualTo("10");
    // Exact decimals, never doubles: 0.30000000000000001 is a double's 0.3 but not the number 0.3.
    assertThat(names.of("0.30000000000000001")).isEqualTo(Rate.UNRECOGNISED);
    assertThat(names.of("0.3")).isEqualTo(Rate.THIRD);
    assertThat(names.of("2.5x")).isEqualTo(Rate.UNRECOGNISED);
    assertThat(names.of(null)).isEqualTo(Rate.UNRECOGNISED);
    // An enum of strings compares text: "2.50" is not "2.5" there, as verify says.
    assertThat(WireNames.of(Rate.values(), "2.5", "10", "0.3").of("2.50"))
        .isEqualTo(Rate.UNRECOGNISED);
  }

  @Test
  void anEnumOfBooleansMatchesByTruthValue() {
    WireNames<Flag> names = WireNames.booleans(Flag.values(), "true", "false");
    assertThat(names.of("1")).isEqualTo(Flag.YES);
    assertThat(names.of("T")).isEqualTo(Flag.YES);
    assertThat(names.of("False")).isEqualTo(Flag.NO);
    assertThat(names.of("yes")).isEqualTo(Flag.UNRECOGNISED);
    assertThat(names.wireName(names.of("0"))).isEqualTo("false");
    ActionSet<Object> set =
        set(
            new Operand(
                "flag",
                "The flag.",
                true,
                new EnumSchema(Facets.NONE, List.of("true", "false"), OperandType.BOOLEAN)));
    for (String v : List.of("1", "T", "False", "true")) {
      assertThat(accepts(set, "flag", v)).as(v).isTrue();
    }
  }

  /** A list of numbers as a JSON array whose elements are numbers or strings of numbers. */
  @Provide
  Arbitrary<Tuple.Tuple2<List<BigDecimal>, String>> numberLists() {
    Arbitrary<BigDecimal> decimals =
        Combinators.combine(
                Arbitraries.longs().between(-1_000_000, 1_000_000),
                Arbitraries.integers().between(-3, 6))
            .as(BigDecimal::valueOf);
    Arbitrary<Tuple.Tuple2<BigDecimal, String>> element =
        Combinators.combine(decimals, Arbitraries.integers().between(0, 2))
            .as(
                (d, how) ->
                    Tuple.of(
                        d,
                        switch (how) {
                          case 0 -> d.toPlainString();
                          case 1 -> d.toString();
                          default -> "\"" + d.toPlainString() + "\"";
                        }));
    return element
        .list()
        .ofMaxSize(6)
        .map(
            es ->
                Tuple.of(
                    es.stream().map(Tuple.Tuple2::get1).toList(),
                    "[" + String.join(", ", es.stream().map(Tuple.Tuple2::get2).toList()) + "]"));
  }

  @Property(tries = 1000)
  void aListOfNumbersGivenAsJsonNumbersVerifiesAndReadsAsItsValues(
      @ForAll("numberLists") Tuple.Tuple2<List<BigDecimal>, String> drawn) {
    List<BigDecimal> numbers = drawn.get1();
    String json = drawn.get2();
    ActionSet<Object> set =
        set(
            new Operand(
                "hours",
                "The hours.",
                false,
                ArraySchema.of(new NumberSchema(Facets.NONE, false, null, null, null))));
    assertThat(set.verify(Call.of("rate", Map.of("hours", json)))).as(json).isEmpty();
    List<String> read = ArgValues.list(json);
    assertThat(read).hasSameSizeAs(numbers);
    for (int i = 0; i < numbers.size(); i++) {
      BigDecimal expected = numbers.get(i);
      assertThat(ArgValues.number(read.get(i)))
          .hasValueSatisfying(n -> assertThat(n).isEqualByComparingTo(expected));
    }
  }

  @Test
  void aListOfNumbersReadsJsonNumbersAndRefusesOtherElements() {
    assertThat(ArgValues.list("[1,2]")).containsExactly("1", "2");
    assertThat(ArgValues.list("[1, 2.50, \"3\"]")).containsExactly("1", "2.50", "3");
    assertThat(ArgValues.list("[true, false]")).containsExactly("true", "false");
    assertThat(ArgValues.list("[1, null]")).isEmpty();
    assertThat(ArgValues.list("[1, [2]]")).isEmpty();
    ActionSet<Object> set =
        set(
            new Operand("hours", "The hours.", OperandType.NUMBER, false, List.of(), true),
            new Operand("counts", "The counts.", OperandType.INTEGER, false, List.of(), true),
            new Operand("flags", "The flags.", OperandType.BOOLEAN, false, List.of(), true),
            new Operand("labels", "The labels.", OperandType.STRING, false, List.of(), true));
    assertThat(accepts(set, "hours", "[1, 2.50]")).isTrue();
    assertThat(accepts(set, "counts", "[1, 2]")).isTrue();
    assertThat(accepts(set, "flags", "[true, \"false\"]")).isTrue();
    assertThat(set.verify(Call.of("rate", Map.of("hours", "[true]"))))
        .extracting(dev.agentkit.contract.Problem::message)
        .containsExactly(
            "[BadList] rate.hours takes a list: write a JSON array of numbers such as [1, 2.5],"
                + " not \"[true]\"");
    assertThat(set.verify(Call.of("rate", Map.of("counts", "[1, null]"))))
        .extracting(dev.agentkit.contract.Problem::message)
        .containsExactly(
            "[BadList] rate.counts takes a list: write a JSON array of whole numbers such as [1,"
                + " 2], not \"[1, null]\"");
    assertThat(set.verify(Call.of("rate", Map.of("flags", "[1]"))))
        .extracting(dev.agentkit.contract.Problem::message)
        .containsExactly(
            "[BadList] rate.flags takes a list: write a JSON array of booleans such as [true,"
                + " false], not \"[1]\"");
    // A list of strings still takes strings only, as the guard writes them.
    assertThat(set.verify(Call.of("rate", Map.of("labels", "[1]"))))
        .extracting(dev.agentkit.contract.Problem::message)
        .containsExactly(
            "[BadList] rate.labels takes a list: write a JSON array of strings such as [\"a\","
                + " \"b\"], not \"[1]\"");
  }
}
