package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Any non-blank tier or type name a backend serves is read, never refused: a known one (in any
 * case, with blanks around it, or an alias) as itself, any other as irreversible or opaque with one
 * warning, never as a lower tier; and a snapshot written from it reads back the same.
 */
class UnknownNamesPropertyTest {
  private static final Set<String> TIERS =
      Set.of(
          "read_only",
          "readonly",
          "reversible",
          "external_reversible",
          "externalreversible",
          "irreversible");

  @Provide
  Arbitrary<String> names() {
    Arbitrary<String> known =
        Arbitraries.of(
            "read_only",
            "Reversible",
            " irreversible ",
            "EXTERNALREVERSIBLE",
            "string",
            "Int64",
            "bool",
            "float64",
            "time.Time",
            "enum",
            "integer",
            "BOOLEAN",
            "opaque");
    Arbitrary<String> hostile =
        Arbitraries.strings()
            .withCharRange(' ', '~')
            .withChars('\n', '\t', '\u0000', '\u00e9', '\u202e', '\ud83d', '\ude00', '"', '\\')
            .ofMinLength(1)
            .ofMaxLength(40);
    Arbitrary<String> near = known.map(k -> k + "x");
    return Arbitraries.oneOf(known, hostile, near);
  }

  private static String json(String s) {
    StringBuilder sb = new StringBuilder();
    dev.agentkit.internal.text.JsonText.string(sb, s);
    return sb.toString();
  }

  private static Contract served(String tier, String type) throws ContractFormatException {
    String doc =
        "{\"ops\": [{\"opcode\": \"a\", \"description\": \"A.\", \"tier\": "
            + json(tier)
            + ", \"operands\": [{\"name\": \"x\", \"type\": "
            + json(type)
            + (OperandType.lookup(type).orElse(null) == OperandType.ENUM
                ? ", \"enum\": [\"v\"]"
                : "")
            + "}]}, {\"opcode\": \"b\", \"description\": \"B.\", \"tier\": \"read_only\"}]}";
    return ContractSnapshot.parseWire(doc.getBytes(StandardCharsets.UTF_8), "u", "t");
  }

  @Property(tries = 600)
  void anyNonBlankTierIsReadAndNeverLowerThanIrreversibleUnlessKnown(@ForAll("names") String tier)
      throws Exception {
    if (tier.isBlank()) {
      return;
    }
    Contract c = served(tier, "string");
    Op a = c.op("a").orElseThrow();
    boolean known = TIERS.contains(tier.trim().toLowerCase(Locale.ROOT));
    Statistics.collect(known ? "known" : "unknown");
    assertThat(Tier.lookup(tier).isPresent()).isEqualTo(known);
    if (known) {
      assertThat(a.tier()).isEqualTo(Tier.parse(tier));
      assertThat(c.warnings()).isEmpty();
    } else {
      assertThat(a.tier()).isEqualTo(Tier.IRREVERSIBLE);
      assertThat(AutonomyRung.maxRungFor(a.tier())).isEqualTo(AutonomyRung.ASK);
      assertThat(a.unknownTier()).isEqualTo(tier);
      assertThat(c.warnings()).hasSize(1);
      assertThat(c.warnings().get(0).kind()).isEqualTo(Problem.Kind.UNKNOWN_TIER);
      assertThat(c.warnings().get(0).message()).doesNotContain("\n").startsWith("[UnknownTier] a:");
    }
    // The op that does not use it is untouched.
    assertThat(c.op("b").orElseThrow().tier()).isEqualTo(Tier.READ_ONLY);
    roundTrips(c);
  }

  @Property(tries = 600)
  void anyNonBlankTypeIsReadAsItselfOrOpaque(@ForAll("names") String type) throws Exception {
    if (type.isBlank()) {
      return;
    }
    Contract c = served("reversible", type);
    Operand x = c.op("a").orElseThrow().operands().get(0);
    boolean known = OperandType.lookup(type).isPresent();
    Statistics.collect(known ? "known" : "unknown");
    if (known) {
      assertThat(x.type()).isEqualTo(OperandType.parse(type)).isNotEqualTo(OperandType.OPAQUE);
      assertThat(x.unknownType()).isEmpty();
      assertThat(c.warnings()).isEmpty();
    } else {
      assertThat(x.type()).isEqualTo(OperandType.OPAQUE);
      assertThat(x.typeName()).isEqualTo(type);
      assertThat(c.warnings())
          .extracting(Problem::kind)
          .containsExactly(Problem.Kind.UNKNOWN_OPERAND_TYPE);
    }
    roundTrips(c);
  }

  /** Written as a snapshot and read back strictly: equal, same digest, same bytes again. */
  private static void roundTrips(Contract c) throws ContractFormatException {
    Contract named = Contract.of("t", c.ops());
    String written = ContractSnapshot.write(named);
    Contract back = ContractSnapshot.parse(written.getBytes(StandardCharsets.UTF_8), "snap");
    assertThat(back).isEqualTo(named);
    assertThat(back.digest()).isEqualTo(named.digest());
    assertThat(back.warnings()).isEqualTo(named.warnings());
    assertThat(ContractSnapshot.write(back)).isEqualTo(written);
    assertThat(back.problems()).isEmpty();
  }
}
