package dev.agentkit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.statistics.Statistics;

/**
 * The hand-written, allocation-free checks in {@link Values} against the JDK: for generated strings
 * shaped like dates, date-times, offsets and numbers, and near misses of them, the verdict of
 * {@link Values#dateCheck} is what {@code java.time} decides (no offset means UTC) and the verdict
 * of {@link Values#numberCheck} is what a grammar regex and {@link BigDecimal} decide (Java 17's
 * range, on every JDK), and that of {@link Values#integerCheck} what {@link Long#parseLong} decides
 * for ASCII digits; and the typed view, {@link ArgValues}, reads exactly the value the JDK reads
 * from what the check accepted.
 */
class ValuesDifferentialTest {

  // ---- dates -------------------------------------------------------------------------------

  /** What java.time decides: VALID, OUT_OF_RANGE (offset beyond 18:00) or MALFORMED. */
  private static int jdkDateVerdict(String s) {
    if (!DATE_SHAPE.matcher(s).matches()) {
      // Outside the documented ISO grammar (lower-case separators, offset seconds, a year of
      // other than four digits): java.time may be more lenient, agentkit is not.
      return Values.MALFORMED;
    }
    try {
      jdkInstant(s);
      return Values.VALID;
    } catch (DateTimeException e) {
      return OFFSET.matcher(s).find() && offsetBeyond18(s) && localPartParses(s)
          ? Values.OUT_OF_RANGE
          : Values.MALFORMED;
    }
  }

  /** The documented grammar: a date, or a date-time with optional seconds, fraction, offset. */
  private static final Pattern DATE_SHAPE =
      Pattern.compile(
          "[0-9]{4}-[0-9]{2}-[0-9]{2}"
              + "(T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,9})?)?(Z|[+-][0-9]{2}:[0-9]{2})?)?");

  private static final Pattern OFFSET = Pattern.compile("[+-][0-9]{2}:[0-9]{2}$");

  private static boolean offsetBeyond18(String s) {
    String offset = s.substring(s.length() - 5);
    int hours = Integer.parseInt(offset.substring(0, 2));
    int minutes = Integer.parseInt(offset.substring(3));
    return minutes <= 59 && (hours > 18 || (hours == 18 && minutes > 0));
  }

  private static boolean localPartParses(String s) {
    try {
      LocalDateTime.parse(s.substring(0, s.length() - 6));
      return true;
    } catch (DateTimeException e) {
      return false;
    }
  }

  /** The instant java.time reads; a date is its start in UTC, no offset means UTC. */
  private static Instant jdkInstant(String s) {
    if (s.length() == 10) {
      return LocalDate.parse(s).atStartOfDay(ZoneOffset.UTC).toInstant();
    }
    if (s.endsWith("Z") || OFFSET.matcher(s).find()) {
      return OffsetDateTime.parse(s).toInstant();
    }
    return LocalDateTime.parse(s).toInstant(ZoneOffset.UTC);
  }

  @Property(tries = 3000)
  void dateVerdictIsJavaTimes(@ForAll("dateLike") String s) {
    int ours = Values.dateCheck(s);
    Statistics.label("verdict").collect(ours);
    assertThat(ours).as("Values.dateCheck(\"%s\")", s).isEqualTo(jdkDateVerdict(s));
  }

  @Property(tries = 2000)
  void acceptedDatesReadAsJavaTimeReadsThem(@ForAll("dateLike") String s) {
    // The typed view reads the value trimmed, as the rules compare it.
    Optional<OffsetDateTime> view = ArgValues.date(s);
    String t = s.trim();
    if (Values.isDate(t)) {
      assertThat(view).as(s).isPresent();
      assertThat(view.get().toInstant()).as(s).isEqualTo(jdkInstant(t));
      assertThat(Values.instant(s)).as(s).isEqualTo(jdkInstant(t));
    } else {
      assertThat(view).as(s).isEmpty();
    }
  }

  @Provide
  Arbitrary<String> dateLike() {
    return Arbitraries.oneOf(dateShaped(), dateShaped().flatMap(ValuesDifferentialTest::nearMiss));
  }

  /** Every field drawn around its boundaries, so 29 February, day 32, hour 24 and so on occur. */
  private static Arbitrary<String> dateShaped() {
    Arbitrary<String> year =
        Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.of(0, 1900, 2000, 2023, 2024, 2100, 2400, 9999)),
                Tuple.of(1, Arbitraries.integers().between(0, 9999)))
            .map(y -> pad(y, 4));
    Arbitrary<String> month =
        Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.integers().between(1, 12)),
                Tuple.of(2, Arbitraries.just(2)),
                Tuple.of(1, Arbitraries.of(0, 13)))
            .map(m -> pad(m, 2));
    Arbitrary<String> day =
        Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.of(0, 1, 28, 29, 30, 31, 32)),
                Tuple.of(1, Arbitraries.integers().between(1, 31)))
            .map(d -> pad(d, 2));
    Arbitrary<String> date =
        Combinators.combine(year, month, day).as((y, m, d) -> y + "-" + m + "-" + d);
    return Combinators.combine(date, time().optional()).as((d, t) -> d + t.orElse(""));
  }

  private static Arbitrary<String> time() {
    Arbitrary<String> hour = Arbitraries.integers().between(0, 25).map(h -> pad(h, 2));
    Arbitrary<String> minute = Arbitraries.of(0, 1, 30, 59, 60, 61).map(m -> pad(m, 2));
    Arbitrary<String> seconds =
        Combinators.combine(
                Arbitraries.of(0, 30, 59, 60).map(x -> pad(x, 2)),
                Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(10))
            .as((x, f) -> ":" + x + (f.isEmpty() ? "" : "." + f));
    Arbitrary<String> offset =
        Arbitraries.oneOf(
            Arbitraries.just("Z"),
            Combinators.combine(
                    Arbitraries.of("+", "-"),
                    Arbitraries.of(0, 1, 14, 17, 18, 19, 24, 99).map(h -> pad(h, 2)),
                    Arbitraries.of(0, 1, 30, 59, 60).map(m -> pad(m, 2)))
                .as((sign, h, m) -> sign + h + ":" + m));
    return Combinators.combine(hour, minute, seconds.optional(), offset.optional())
        .as((h, m, s, o) -> "T" + h + ":" + m + s.orElse("") + o.orElse(""));
  }

  // ---- numbers -----------------------------------------------------------------------------

  /** The documented grammar: optional minus, digits, optional fraction, optional exponent. */
  private static final Pattern NUMBER_SHAPE =
      Pattern.compile("-?[0-9]+(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

  private static int jdkNumberVerdict(String s) {
    if (!NUMBER_SHAPE.matcher(s).matches()) {
      // BigDecimal also takes "+5", ".5" and "5."; agentkit's grammar (JSON's, with leading zeros
      // allowed) does not.
      return Values.MALFORMED;
    }
    try {
      new BigDecimal(s);
    } catch (NumberFormatException | ArithmeticException e) {
      return Values.OUT_OF_RANGE;
    }
    // Java 17's BigDecimal refuses an exponent beyond an int ("Exponent overflow"); JDK 25's reads
    // one whenever the scale still fits. A verdict must not depend on the JDK the processor or the
    // service runs on, so agentkit holds every JDK to Java 17's range.
    return exponentFitsAnInt(s) ? Values.VALID : Values.OUT_OF_RANGE;
  }

  private static boolean exponentFitsAnInt(String s) {
    int e = Math.max(s.indexOf('e'), s.indexOf('E'));
    if (e < 0) {
      return true;
    }
    BigInteger exponent = new BigInteger(s.substring(s.charAt(e + 1) == '+' ? e + 2 : e + 1));
    return exponent.bitLength() < Integer.SIZE;
  }

  @Property(tries = 3000)
  void numberVerdictIsBigDecimals(@ForAll("numberLike") String s) {
    int ours = Values.numberCheck(s);
    Statistics.label("verdict").collect(ours);
    assertThat(ours).as("Values.numberCheck(\"%s\")", s).isEqualTo(jdkNumberVerdict(s));
  }

  @Property(tries = 2000)
  void acceptedNumbersReadExactly(@ForAll("numberLike") String s) {
    // The typed view reads the value trimmed, as the rules compare it.
    Optional<BigDecimal> view = ArgValues.number(s);
    String t = s.trim();
    if (Values.isNumber(t)) {
      assertThat(view).as(s).contains(new BigDecimal(t));
    } else {
      assertThat(view).as(s).isEmpty();
    }
  }

  /** The exponent and scale limits, which random strings reach only now and then. */
  @Example
  void numberLimitsAreBigDecimals() {
    for (String s :
        List.of(
            "1e2147483647",
            "1e2147483648",
            "1e-2147483647",
            "1e-2147483648",
            "1.5e-2147483646",
            "1.5e-2147483647",
            "1.25e-2147483646",
            "10e999999999999",
            "10e1000000000000",
            "1e-99999999999999999999",
            "0e2147483648",
            "0.5e2147483648",
            "0.0e2147483648")) {
      assertThat(Values.numberCheck(s)).as(s).isEqualTo(jdkNumberVerdict(s));
    }
  }

  /** An exponent beyond an int, which JDK 25 reads when the scale fits, is refused on every JDK. */
  @Example
  void anExponentBeyondAnIntIsOutOfRangeOnEveryJdk() {
    for (String s : List.of("1e2147483648", "0e2147483648", "0.5e2147483648", "-1.25e2147483649")) {
      assertThat(Values.numberCheck(s)).as(s).isEqualTo(Values.OUT_OF_RANGE);
    }
    assertThat(Values.numberCheck("0.5e2147483647")).isEqualTo(Values.VALID);
  }

  // ---- integers ----------------------------------------------------------------------------

  /** What Long.parseLong decides for ASCII text: VALID, OUT_OF_RANGE (digits beyond a long). */
  private static int jdkIntegerVerdict(String s) {
    if (!INTEGER_SHAPE.matcher(s).matches()) {
      // Long.parseLong also takes non-ASCII digits; Go's ParseInt, and agentkit, do not.
      return Values.MALFORMED;
    }
    try {
      Long.parseLong(s);
      return Values.VALID;
    } catch (NumberFormatException e) {
      return Values.OUT_OF_RANGE;
    }
  }

  private static final Pattern INTEGER_SHAPE = Pattern.compile("[+-]?[0-9]+");

  @Property(tries = 3000)
  void integerVerdictIsLongParseLongs(@ForAll("integerLike") String s) {
    int ours = Values.integerCheck(s);
    Statistics.label("verdict").collect(ours);
    assertThat(ours).as("Values.integerCheck(\"%s\")", s).isEqualTo(jdkIntegerVerdict(s));
    if (ours == Values.VALID) {
      assertThat(Values.integer(s)).as(s).isEqualTo(Long.parseLong(s));
    }
  }

  /** Nineteen significant digits either side of each bound, behind signs and leading zeros. */
  @Example
  void integerLimitsAreLongParseLongs() {
    for (String digits :
        List.of(
            "9223372036854775807",
            "9223372036854775808",
            "9223372036854775809",
            "999999999999999999",
            "9999999999999999999",
            "1000000000000000000",
            "10000000000000000000",
            "0")) {
      for (String prefix : List.of("", "+", "-", "0", "00", "+00", "-000")) {
        String s = prefix + digits;
        assertThat(Values.integerCheck(s)).as(s).isEqualTo(jdkIntegerVerdict(s));
      }
    }
  }

  @Provide
  Arbitrary<String> integerLike() {
    Arbitrary<String> sign = Arbitraries.of("", "", "-", "+");
    Arbitrary<String> zeros = Arbitraries.of("", "", "", "0", "00", "000");
    Arbitrary<String> digits =
        Arbitraries.oneOf(
            Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(21),
            Arbitraries.strings().withChars('9').ofMinLength(17).ofMaxLength(20),
            Arbitraries.of("9223372036854775807", "9223372036854775808", "922337203685477580"));
    Arbitrary<String> shaped = Combinators.combine(sign, zeros, digits).as((s, z, d) -> s + z + d);
    return Arbitraries.oneOf(shaped, shaped.flatMap(ValuesDifferentialTest::nearMiss));
  }

  /** Every offset boundary, and a date-time cut short anywhere. */
  @Example
  void offsetAndTruncationBoundariesAreJavaTimes() {
    String full = "2024-02-29T23:59:59.123456789+18:00";
    for (int n = 0; n <= full.length(); n++) {
      String s = full.substring(0, n);
      assertThat(Values.dateCheck(s)).as(s).isEqualTo(jdkDateVerdict(s));
    }
    for (String offset : List.of("+18:00", "-18:00", "+18:01", "-18:01", "+17:59", "+19:00")) {
      String s = "2026-01-01T00:00" + offset;
      assertThat(Values.dateCheck(s)).as(s).isEqualTo(jdkDateVerdict(s));
    }
  }

  @Provide
  Arbitrary<String> numberLike() {
    return Arbitraries.oneOf(
        numberShaped(), numberShaped().flatMap(ValuesDifferentialTest::nearMiss));
  }

  private static Arbitrary<String> numberShaped() {
    Arbitrary<String> sign = Arbitraries.of("", "", "-", "+");
    Arbitrary<String> integer =
        Arbitraries.oneOf(
            Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(25),
            Arbitraries.of("0", "00", "007"));
    Arbitrary<String> fraction =
        Arbitraries.strings().numeric().ofMinLength(0).ofMaxLength(12).map(f -> "." + f);
    Arbitrary<String> exponentDigits =
        Arbitraries.oneOf(
            Arbitraries.integers().between(0, 400).map(String::valueOf),
            Arbitraries.of(
                "2147483646",
                "2147483647",
                "2147483648",
                "2147483650",
                "9999999999",
                "999999999999",
                "1000000000000",
                "99999999999999999999"));
    Arbitrary<String> exponent =
        Combinators.combine(Arbitraries.of("e", "E"), Arbitraries.of("", "+", "-"), exponentDigits)
            .as((e, s, d) -> e + s + d);
    return Combinators.combine(sign, integer, fraction.optional(), exponent.optional())
        .as((s, i, f, e) -> s + i + f.orElse("") + e.orElse(""));
  }

  // ---- near misses -------------------------------------------------------------------------

  /** One character removed, doubled or replaced by a character that often matters. */
  private static Arbitrary<String> nearMiss(String s) {
    if (s.isEmpty()) {
      return Arbitraries.just(s);
    }
    Arbitrary<Integer> at = Arbitraries.integers().between(0, s.length() - 1);
    Arbitrary<Character> c =
        Arbitraries.of('0', '9', '-', '+', ':', '.', 'T', 't', 'Z', 'z', 'e', ' ', '١');
    return Arbitraries.oneOf(
        at.map(i -> s.substring(0, i) + s.substring(i + 1)),
        at.map(i -> s.substring(0, i + 1) + s.substring(i)),
        Combinators.combine(at, c).as((i, x) -> s.substring(0, i) + x + s.substring(i + 1)));
  }

  private static String pad(int value, int width) {
    String s = Integer.toString(value);
    return "0".repeat(Math.max(0, width - s.length())) + s;
  }
}
