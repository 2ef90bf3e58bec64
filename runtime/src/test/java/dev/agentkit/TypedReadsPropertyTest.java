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
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * For boolean and integer operands, verify accepts only what the typed views read: any string
 * verify accepts reads through {@link ArgValues} as a value (every element of a list), a rejected
 * one never reads as a different value than a Go backend would, and reading never throws.
 */
class TypedReadsPropertyTest {
  private static final String OP = "set_flags";

  private static final ActionSet<Object> SET =
      ActionSet.bind(
          Contract.of(
              "typed",
              List.of(
                  Op.builder(OP)
                      .description("Set the flags.")
                      .tier(Tier.REVERSIBLE)
                      .operand(operand("flag", OperandType.BOOLEAN, false))
                      .operand(operand("count", OperandType.INTEGER, false))
                      .operand(operand("flags", OperandType.BOOLEAN, true))
                      .operand(operand("counts", OperandType.INTEGER, true))
                      .build())),
          List.of(Use.<Object>of(OP, ChangeCategory.MERGE).ask(a -> "Set them?").build()));

  private static Operand operand(String name, OperandType type, boolean list) {
    return new Operand(name, name + ".", type, true, List.of(), list);
  }

  private static boolean accepts(String operand, String value) {
    return SET.verify(Call.of(OP, Map.of(operand, value))).stream()
        .noneMatch(p -> p.subject().equals(operand));
  }

  @Provide
  Arbitrary<String> values() {
    Arbitrary<String> near =
        Arbitraries.of(
            "true",
            "True",
            "TRUE",
            "t",
            "T",
            "1",
            "0",
            "f",
            "F",
            "false",
            "False",
            "FALSE",
            "tRUE",
            "yes",
            " true",
            "9223372036854775807",
            "-9223372036854775808",
            "9223372036854775808",
            "-9223372036854775809",
            "+0",
            "-0",
            "007",
            "1.0",
            "1e3",
            "\u0663",
            "00000000000000000000009223372036854775807",
            "+",
            "-",
            "");
    Arbitrary<String> digits =
        Arbitraries.strings().withChars("+-0123456789").ofMinLength(0).ofMaxLength(25);
    Arbitrary<String> hostile =
        Arbitraries.strings()
            .withCharRange(' ', '~')
            .withChars('\u0663', '\uff11', '\u00a0', '\n')
            .ofMaxLength(30);
    Arbitrary<String> lists =
        Arbitraries.oneOf(near, digits)
            .list()
            .ofMaxSize(4)
            .map(
                l ->
                    "["
                        + String.join(
                            ",", l.stream().map(v -> "\"" + v.replace("\"", "") + "\"").toList())
                        + "]");
    return Arbitraries.oneOf(near, digits, hostile, lists);
  }

  @Property(tries = 1500)
  void aBooleanVerifyAcceptsReadsAsOne(@ForAll("values") String value) {
    assertThatCode(() -> ArgValues.bool(value)).doesNotThrowAnyException();
    boolean accepted = accepts("flag", value);
    Statistics.label("flag").collect(accepted ? "accepted" : "rejected");
    if (accepted) {
      assertThat(ArgValues.bool(value)).as(value).isPresent();
    }
    if (accepts("flags", value)) {
      List<String> elements = ArgValues.list(value);
      assertThat(elements).as(value).isNotEmpty();
      assertThat(elements).allSatisfy(e -> assertThat(ArgValues.bool(e)).as(value).isPresent());
    }
  }

  @Property(tries = 1500)
  void anIntegerVerifyAcceptsReadsAsOne(@ForAll("values") String value) {
    assertThatCode(() -> ArgValues.integer(value)).doesNotThrowAnyException();
    boolean accepted = accepts("count", value);
    Statistics.label("count").collect(accepted ? "accepted" : "rejected");
    if (accepted) {
      assertThat(ArgValues.integer(value)).as(value).isPresent();
      // Exactly what Long.parseLong reads, as Go's strconv.ParseInt(s, 10, 64) would.
      assertThat(ArgValues.integer(value).getAsLong()).isEqualTo(Long.parseLong(value.trim()));
    } else if (value.matches("[+-]?[0-9]+")) {
      // Rejected though written as digits (verify does not trim): only when beyond 64 bits.
      assertThat(new java.math.BigInteger(value).bitLength()).as(value).isGreaterThan(63);
    }
    if (accepts("counts", value)) {
      List<String> elements = ArgValues.list(value);
      assertThat(elements).as(value).isNotEmpty();
      assertThat(elements).allSatisfy(e -> assertThat(ArgValues.integer(e)).as(value).isPresent());
    }
  }
}
