package dev.agentkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.AutonomyRung;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.text.Names;
import org.junit.jupiter.api.Test;

class ParsingTest {
  @Test
  void tierParsesCaseInsensitivelyTrimmedWithAliases() {
    assertThat(Tier.parse(" Read_Only ")).isEqualTo(Tier.READ_ONLY);
    assertThat(Tier.parse("READONLY")).isEqualTo(Tier.READ_ONLY);
    assertThat(Tier.parse("reversible")).isEqualTo(Tier.REVERSIBLE);
    assertThat(Tier.parse("ExternalReversible")).isEqualTo(Tier.EXTERNAL_REVERSIBLE);
    assertThat(Tier.parse("external_reversible")).isEqualTo(Tier.EXTERNAL_REVERSIBLE);
    assertThat(Tier.parse("IRREVERSIBLE\n")).isEqualTo(Tier.IRREVERSIBLE);
  }

  @Test
  void unknownTierIsAnErrorNeverALowTier() {
    assertThatThrownBy(() -> Tier.parse("reversable"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "unknown tier \"reversable\": use one of external_reversible, irreversible,"
                + " read_only, reversible; did you mean \"reversible\"?");
    assertThatThrownBy(() -> Tier.parse("safe"))
        .hasMessage(
            "unknown tier \"safe\": use one of external_reversible, irreversible, read_only,"
                + " reversible");
  }

  @Test
  void blankTierIsAnError() {
    assertThatThrownBy(() -> Tier.parse("  "))
        .hasMessage(
            "the tier is blank: give one of external_reversible, irreversible, read_only,"
                + " reversible (an unset tier is never read-only)");
    assertThatThrownBy(() -> Tier.parse(null)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void rungCeilingPerTier() {
    assertThat(AutonomyRung.maxRungFor(Tier.READ_ONLY)).isEqualTo(AutonomyRung.AUTO);
    assertThat(AutonomyRung.maxRungFor(Tier.REVERSIBLE)).isEqualTo(AutonomyRung.AUTO);
    assertThat(AutonomyRung.maxRungFor(Tier.EXTERNAL_REVERSIBLE)).isEqualTo(AutonomyRung.ASK);
    assertThat(AutonomyRung.maxRungFor(Tier.IRREVERSIBLE)).isEqualTo(AutonomyRung.ASK);
    assertThat(AutonomyRung.maxRungFor(null)).isEqualTo(AutonomyRung.ASK);
  }

  @Test
  void operandTypeAliases() {
    for (String s : new String[] {"float", "decimal", "number", "Float64", "float32", "double"}) {
      assertThat(OperandType.parse(s)).as(s).isEqualTo(OperandType.NUMBER);
    }
    for (String s :
        new String[] {
          "int", "Integer", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32",
          "uint64", "long"
        }) {
      assertThat(OperandType.parse(s)).as(s).isEqualTo(OperandType.INTEGER);
    }
    for (String s : new String[] {"bool", "Boolean", " BOOL "}) {
      assertThat(OperandType.parse(s)).as(s).isEqualTo(OperandType.BOOLEAN);
    }
    for (String s : new String[] {"datetime", "timestamp", "TIME", " date ", "time.Time"}) {
      assertThat(OperandType.parse(s)).as(s).isEqualTo(OperandType.DATE);
    }
    for (String s : new String[] {"String", "text", "str"}) {
      assertThat(OperandType.parse(s)).as(s).isEqualTo(OperandType.STRING);
    }
    assertThat(OperandType.parse("enum")).isEqualTo(OperandType.ENUM);
    assertThatThrownBy(() -> OperandType.parse("strng"))
        .hasMessage(
            "unknown operand type \"strng\": use one of boolean, date, enum, integer, number,"
                + " string; did you mean \"string\"?");
    assertThatThrownBy(() -> OperandType.parse("uuid"))
        .hasMessage(
            "unknown operand type \"uuid\": use one of boolean, date, enum, integer, number,"
                + " string");
    // "opaque" is what an unknown type becomes, never a name a contract can give.
    assertThat(OperandType.lookup("opaque")).isEmpty();
    assertThat(OperandType.aliases()).contains("float64", "int64", "bool", "time.time");
  }

  @Test
  void changeCategoryParse() {
    assertThat(ChangeCategory.parse("Scalar_Set")).isEqualTo(ChangeCategory.SCALAR_SET);
    assertThat(ChangeCategory.values()).hasSize(7);
    assertThatThrownBy(() -> ChangeCategory.parse("scalarset"))
        .hasMessage(
            "unknown change category \"scalarset\": use one of always_mints, fills_slot, membership,"
                + " merge, multi_field, scalar_set, terminal; did you mean \"scalar_set\"?");
  }

  @Test
  void categoryNeeds() {
    assertThat(ChangeCategory.ALWAYS_MINTS.needsStateReader()).isFalse();
    assertThat(ChangeCategory.MERGE.needsStateReader()).isFalse();
    assertThat(ChangeCategory.MULTI_FIELD.needsFieldReader()).isTrue();
    assertThat(ChangeCategory.MULTI_FIELD.needsStateReader()).isFalse();
    assertThat(ChangeCategory.TERMINAL.needsStateReader()).isTrue();
    assertThat(ChangeCategory.TERMINAL.needsInput()).isFalse();
    assertThat(ChangeCategory.FILLS_SLOT.needsInput()).isTrue();
    assertThat(ChangeCategory.SCALAR_SET.needsInput()).isTrue();
    assertThat(ChangeCategory.MEMBERSHIP.needsInput()).isTrue();
  }

  @Test
  void nearestNameIsStableAndBounded() {
    assertThat(Names.nearest("set_statuz", java.util.List.of("set_status", "set_estimate")))
        .isEqualTo("set_status");
    assertThat(Names.nearest("archive", java.util.List.of("create_task"))).isNull();
    assertThat(Names.nearest("ab", java.util.List.of("ac", "ab_", "aa"))).isEqualTo("aa");
    assertThat(Names.distance("teh", "the")).isEqualTo(1);
    assertThat(Names.distance("", "abc")).isEqualTo(3);
  }
}
