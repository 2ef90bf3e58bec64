package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.ArgValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * Verify accepts only what the typed views can read: for any string, a number, date, list of
 * numbers or list of dates that verify accepts reads, through {@link ArgValues}, without an
 * exception and as a value (every element of a list), and {@link ArgValues} never throws.
 */
class VerifyReadsPropertyTest {
  private static final String OP = "set_all";

  private static Operand operand(String name, OperandType type, boolean required, boolean list) {
    return new Operand(name, name + ".", type, required, List.of(), list);
  }

  private static final ActionSet<Object> SET =
      ActionSet.bind(
          Contract.of(
              "typed",
              List.of(
                  Op.builder(OP)
                      .description("Set every typed field.")
                      .objectType("task")
                      .tier(Tier.REVERSIBLE)
                      .operand(operand("number", OperandType.NUMBER, true, false))
                      .operand(operand("date", OperandType.DATE, true, false))
                      .operand(operand("numbers", OperandType.NUMBER, true, true))
                      .operand(operand("dates", OperandType.DATE, true, true))
                      .operand(operand("some_numbers", OperandType.NUMBER, false, true))
                      .operand(operand("some_dates", OperandType.DATE, false, true))
                      .build())),
          List.of(Use.<Object>of(OP, ChangeCategory.MERGE).ask(a -> "Set them?").build()));

  /** Whether verify finds no problem with this value for this operand. */
  private static boolean accepts(String operand, String value) {
    return SET.verify(Call.of(OP, Map.of(operand, value))).stream()
        .noneMatch(p -> p.subject().equals(operand));
  }

  private static void scalarReads(
      String operand, String value, Function<String, Optional<?>> reading) {
    boolean accepted = accepts(operand, value);
    Statistics.label(operand).collect(accepted ? "accepted" : "rejected");
    if (accepted) {
      assertThat(reading.apply(value)).as("%s accepted %s", operand, value).isPresent();
    }
  }

  private static void listReads(
      String operand, boolean required, String value, Function<String, Optional<?>> reading) {
    boolean accepted = accepts(operand, value);
    Statistics.label(operand).collect(accepted ? "accepted" : "rejected");
    if (accepted) {
      List<String> elements = ArgValues.list(value);
      if (required) {
        assertThat(elements).as("%s accepted %s", operand, value).isNotEmpty();
      }
      for (String e : elements) {
        assertThat(reading.apply(e))
            .as("%s accepted %s; element %s", operand, value, e)
            .isPresent();
      }
    }
  }

  @Property(tries = 2_000)
  void anAcceptedNumberReads(@ForAll("numberish") String value) {
    scalarReads("number", value, ArgValues::number);
  }

  @Property(tries = 2_000)
  void anAcceptedDateReads(@ForAll("dateish") String value) {
    scalarReads("date", value, ArgValues::date);
  }

  @Property(tries = 2_000)
  void anAcceptedListOfNumbersReads(@ForAll("numberLists") String value) {
    listReads("numbers", true, value, ArgValues::number);
    listReads("some_numbers", false, value, ArgValues::number);
  }

  @Property(tries = 2_000)
  void anAcceptedListOfDatesReads(@ForAll("dateLists") String value) {
    listReads("dates", true, value, ArgValues::date);
    listReads("some_dates", false, value, ArgValues::date);
  }

  @Property(tries = 2_000)
  void typedReadingsNeverThrow(@ForAll("anything") String value) {
    assertThatCode(
            () -> {
              ArgValues.number(value);
              ArgValues.date(value);
              for (String e : ArgValues.list(value)) {
                ArgValues.number(e);
                ArgValues.date(e);
              }
            })
        .doesNotThrowAnyException();
  }

  /** Generic strings over an alphabet that forms numbers, dates and lists, and any strings. */
  private static Arbitrary<String> generic() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(24),
        Arbitraries.strings().withChars("0123456789-+.eE:TZz []\",\\ ").ofMaxLength(24));
  }

  private static Arbitrary<String> digits(int min, int max) {
    return Arbitraries.strings().numeric().ofMinLength(min).ofMaxLength(max);
  }

  private static Arbitrary<String> number() {
    Arbitrary<String> sign = Arbitraries.of("", "", "", "-", "-", "+", "--");
    Arbitrary<String> integer =
        Arbitraries.oneOf(digits(1, 6), digits(0, 2), Arbitraries.of("0", "007"));
    Arbitrary<String> fraction =
        Arbitraries.oneOf(Arbitraries.just(""), digits(0, 6).map(d -> "." + d));
    Arbitrary<String> exponentDigits =
        Arbitraries.oneOf(
            digits(1, 3),
            digits(0, 14),
            Arbitraries.of(
                "99999999999",
                "2147483647",
                "2147483648",
                "2147483649",
                "2147483646",
                "9223372036854775808",
                "000000000000000000001",
                "00000000002147483648",
                "1" + "0".repeat(40)));
    Arbitrary<String> exponent =
        Arbitraries.oneOf(
            Arbitraries.just(""),
            Combinators.combine(
                    Arbitraries.of("e", "E"), Arbitraries.of("", "+", "-"), exponentDigits)
                .as((e, s, d) -> e + s + d));
    Arbitrary<String> pad =
        Arbitraries.frequencyOf(
            Tuple.of(9, Arbitraries.just("")), Tuple.of(1, Arbitraries.just(" ")));
    return Combinators.combine(pad, sign, integer, fraction, exponent, pad)
        .as((a, s, i, f, e, b) -> a + s + i + f + e + b);
  }

  private static Arbitrary<String> twoDigits(int min, int max) {
    return Arbitraries.integers().between(min, max).map(n -> String.format("%02d", n));
  }

  /** Mostly in the valid range, sometimes just past it. */
  @SuppressWarnings("unchecked")
  private static Arbitrary<String> field(int min, int max, int nearMin, int nearMax) {
    return Arbitraries.frequencyOf(
        Tuple.of(4, twoDigits(min, max)), Tuple.of(1, twoDigits(nearMin, nearMax)));
  }

  @SuppressWarnings("unchecked")
  private static Arbitrary<String> date() {
    Arbitrary<String> year =
        Arbitraries.frequencyOf(
            Tuple.of(3, Arbitraries.of("2026", "2024", "2000", "2100", "1900", "0000", "9999")),
            Tuple.of(3, digits(4, 4)),
            Tuple.of(1, digits(1, 5)));
    Arbitrary<String> day =
        Combinators.combine(year, field(1, 12, 0, 13), field(1, 31, 0, 32))
            .as((y, m, d) -> y + "-" + m + "-" + d);
    Arbitrary<String> seconds =
        Arbitraries.oneOf(
            Arbitraries.just(""),
            field(0, 59, 58, 61).map(s -> ":" + s),
            Combinators.combine(field(0, 59, 58, 60), digits(0, 10))
                .as((s, f) -> ":" + s + "." + f));
    Arbitrary<String> time =
        Arbitraries.frequencyOf(
            Tuple.of(1, Arbitraries.just("")),
            Tuple.of(
                3,
                Combinators.combine(
                        Arbitraries.frequencyOf(
                            Tuple.of(8, Arbitraries.just("T")),
                            Tuple.of(1, Arbitraries.of("t", " "))),
                        field(0, 23, 22, 25),
                        field(0, 59, 58, 60),
                        seconds)
                    .as((t, h, m, s) -> t + h + ":" + m + s)));
    Arbitrary<String> zone =
        Arbitraries.oneOf(
            Arbitraries.of("", "Z", "z", "+18:00", "-18:00", "+18:01", "-18:01", "+19:00"),
            Combinators.combine(Arbitraries.of("+", "-"), field(0, 18, 17, 20), field(0, 59, 0, 60))
                .as((s, h, m) -> s + h + ":" + m));
    Arbitrary<String> pad =
        Arbitraries.frequencyOf(
            Tuple.of(9, Arbitraries.just("")), Tuple.of(1, Arbitraries.just(" ")));
    return Combinators.combine(pad, day, time, zone, pad).as((a, d, t, z, b) -> a + d + t + z + b);
  }

  private static String json(List<String> elements) {
    List<String> quoted = new ArrayList<>();
    for (String e : elements) {
      quoted.add("\"" + e.replace("\\", "\\\\").replace("\"", "\\\"") + "\"");
    }
    return "[" + String.join(", ", quoted) + "]";
  }

  private static Arbitrary<String> listOf(Arbitrary<String> element) {
    Arbitrary<String> withBlanks = Arbitraries.oneOf(element, element, Arbitraries.of("", " "));
    return Arbitraries.oneOf(
        withBlanks.list().ofMaxSize(4).map(VerifyReadsPropertyTest::json),
        element,
        Arbitraries.of("[]", " [ ] ", "", " ", "[\"\"]", "[\" \", \"\"]"),
        generic());
  }

  @Provide
  Arbitrary<String> numberish() {
    return Arbitraries.oneOf(number(), number(), generic());
  }

  @Provide
  Arbitrary<String> dateish() {
    return Arbitraries.oneOf(date(), date(), generic());
  }

  @Provide
  Arbitrary<String> numberLists() {
    return listOf(number());
  }

  @Provide
  Arbitrary<String> dateLists() {
    return listOf(date());
  }

  @Provide
  Arbitrary<String> anything() {
    return Arbitraries.oneOf(generic(), number(), date(), numberLists(), dateLists());
  }
}
