package dev.agentkit.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The user's word on tiers: how overrides apply, what check says, and how a snapshot keeps them.
 */
class TierOverrideTest {
  static Op op(String opcode, Tier tier) {
    return Op.builder(opcode).description("Does " + opcode + ".").tier(tier).build();
  }

  static final Contract GITHUB =
      Contract.of(
          "github",
          "https://api.github.test/openapi.json",
          List.of(
              op("pulls/merge", Tier.REVERSIBLE),
              op("repos/transfer", Tier.REVERSIBLE),
              op("repos/delete", Tier.IRREVERSIBLE),
              op("repos/get", Tier.READ_ONLY),
              op("issues/lock", Tier.EXTERNAL_REVERSIBLE)));

  static Tier tier(Contract c, String opcode) {
    return c.op(opcode).orElseThrow().tier();
  }

  @Test
  void anOverrideRaisesFreelyAndKeepsTheServedContract() {
    Contract c =
        GITHUB.withTiers(List.of(TierOverride.forOpcode("pulls/merge", Tier.IRREVERSIBLE)));
    assertThat(tier(c, "pulls/merge")).isEqualTo(Tier.IRREVERSIBLE);
    assertThat(tier(c.served(), "pulls/merge")).isEqualTo(Tier.REVERSIBLE);
    assertThat(c.tierOverrides())
        .containsExactly(TierOverride.forOpcode("pulls/merge", Tier.IRREVERSIBLE));
    assertThat(c.served()).isEqualTo(GITHUB);
    assertThat(c.served().digest()).isEqualTo(GITHUB.digest());
    assertThat(c.digest()).isNotEqualTo(GITHUB.digest());
    assertThat(GITHUB.withTiers(List.of())).isSameAs(GITHUB);
  }

  @Test
  void withoutAReasonAnOverrideNeverLowers() {
    Contract c = GITHUB.withTiers(List.of(TierOverride.forPattern("repos/*", Tier.REVERSIBLE)));
    assertThat(tier(c, "repos/delete")).isEqualTo(Tier.IRREVERSIBLE);
    assertThat(tier(c, "repos/get")).isEqualTo(Tier.REVERSIBLE);
    Contract lowered =
        GITHUB.withTiers(
            List.of(TierOverride.forPattern("repos/*", Tier.REVERSIBLE).because("we restore")));
    assertThat(tier(lowered, "repos/delete")).isEqualTo(Tier.REVERSIBLE);
  }

  @Test
  void exactWinsThenTheMostSpecificPatternThenTheHighestTier() {
    Contract c =
        GITHUB.withTiers(
            List.of(
                TierOverride.forPattern("*", Tier.EXTERNAL_REVERSIBLE),
                TierOverride.forPattern("repos/*", Tier.IRREVERSIBLE),
                TierOverride.forPattern("repos/t*", Tier.EXTERNAL_REVERSIBLE),
                TierOverride.forPattern("*/get", Tier.REVERSIBLE),
                TierOverride.forPattern("repos*", Tier.IRREVERSIBLE),
                TierOverride.forOpcode("repos/get", Tier.READ_ONLY)));
    assertThat(tier(c, "repos/get")).isEqualTo(Tier.READ_ONLY); // exact
    assertThat(tier(c, "repos/transfer")).isEqualTo(Tier.EXTERNAL_REVERSIBLE); // repos/t*: 7 chars
    assertThat(tier(c, "pulls/merge")).isEqualTo(Tier.EXTERNAL_REVERSIBLE); // only *
    // repos/* and repos* match repos/delete; repos/* is one character more specific
    assertThat(tier(c, "repos/delete")).isEqualTo(Tier.IRREVERSIBLE);
    Contract tie =
        GITHUB.withTiers(
            List.of(
                TierOverride.forPattern("pulls/*", Tier.EXTERNAL_REVERSIBLE),
                TierOverride.forPattern("*/merge", Tier.IRREVERSIBLE)));
    assertThat(tier(tie, "pulls/merge")).isEqualTo(Tier.IRREVERSIBLE);
  }

  @Test
  void aStarStandsForAnyRunOfCharacters() {
    TierOverride o = TierOverride.forPattern("re*s/*r", Tier.IRREVERSIBLE);
    assertThat(o.matches("repos/transfer")).isTrue();
    assertThat(o.matches("res/r")).isTrue();
    assertThat(o.matches("repos/transfers")).isFalse();
    assertThat(TierOverride.forPattern("repos/*", Tier.IRREVERSIBLE).matches("repos/a/b")).isTrue();
    assertThat(TierOverride.forOpcode("repos/*", Tier.IRREVERSIBLE).matches("repos/get")).isFalse();
  }

  @Test
  void anOverrideNamesOneOpcodeOrOnePattern() {
    assertThatThrownBy(() -> new TierOverride("", " ", Tier.IRREVERSIBLE, ""))
        .hasMessage("a tier override names no op: give an opcode, or a pattern such as repos/*");
    assertThatThrownBy(() -> new TierOverride("pulls/merge", "repos/*", Tier.IRREVERSIBLE, ""))
        .hasMessage(
            "a tier override names both opcode pulls/merge and pattern repos/*: give one, and a"
                + " second override for the other");
    assertThatThrownBy(
            () ->
                GITHUB.withTiers(
                    List.of(
                        TierOverride.forOpcode("pulls/merge", Tier.IRREVERSIBLE),
                        TierOverride.forOpcode("pulls/merge", Tier.REVERSIBLE))))
        .hasMessage(
            "the tier override of opcode pulls/merge is given twice; give each opcode or pattern"
                + " once, with the one tier it should have");
  }

  @Test
  void checkNamesEachOverrideAndTheFix() {
    List<String> problems =
        TierOverride.check(
            GITHUB,
            List.of(
                TierOverride.forOpcode("pulls/merg", Tier.IRREVERSIBLE),
                TierOverride.forPattern("repo/*", Tier.IRREVERSIBLE),
                TierOverride.forOpcode("repos/delete", Tier.REVERSIBLE),
                TierOverride.forPattern("*s/*", Tier.READ_ONLY),
                TierOverride.forPattern("pulls/*", Tier.EXTERNAL_REVERSIBLE),
                TierOverride.forPattern("*/merge", Tier.IRREVERSIBLE)));
    assertThat(problems)
        .containsExactly(
            "the tier override of opcode pulls/merg names an op contract github does not have;"
                + " did you mean \"pulls/merge\"?; give an opcode it serves (issues/lock,"
                + " pulls/merge, repos/delete, repos/get, repos/transfer), or a pattern",
            "the tier override of pattern repo/* matches no opcode of contract github (* stands"
                + " for any run of characters, and the rest must be as the contract spells it);"
                + " correct the pattern, or remove the override",
            "the tier override of opcode repos/delete lowers repos/delete (irreversible) to"
                + " reversible and gives no reason: a lower tier means less oversight, so give"
                + " the reason it is safe, or a tier no lower than the source's",
            "the tier override of pattern *s/* lowers issues/lock (external_reversible),"
                + " pulls/merge (reversible), repos/delete (irreversible), repos/transfer"
                + " (reversible) to read_only and gives no reason: a lower tier means less"
                + " oversight, so give the reason it is safe, or a tier no lower than the"
                + " source's",
            "the tier overrides of pattern pulls/* and pattern */merge both match pulls/merge,"
                + " are as specific as each other and give different tiers"
                + " (external_reversible, irreversible); add an override of opcode pulls/merge,"
                + " or make one pattern longer");
    assertThat(
            TierOverride.check(
                GITHUB,
                List.of(
                    TierOverride.forOpcode("repos/delete", Tier.REVERSIBLE).because("backups"),
                    TierOverride.forPattern("repos/*", Tier.IRREVERSIBLE))))
        .isEmpty();
  }

  @Test
  void aSnapshotRecordsOverridesAndReadsThemBack() throws Exception {
    Contract c =
        GITHUB.withTiers(
            List.of(
                TierOverride.forPattern("repos/*", Tier.IRREVERSIBLE),
                TierOverride.forOpcode("issues/lock", Tier.REVERSIBLE).because("unlock undoes it"),
                TierOverride.forOpcode("pulls/merge", Tier.IRREVERSIBLE)));
    String text = ContractSnapshot.write(c);
    assertThat(text)
        .contains("\"tier\": \"reversible\"") // pulls/merge, as served
        .endsWith(
            "  ],\n"
                + "  \"tiers\": [\n"
                + "    {\n"
                + "      \"opcode\": \"issues/lock\",\n"
                + "      \"tier\": \"reversible\",\n"
                + "      \"reason\": \"unlock undoes it\"\n"
                + "    },\n"
                + "    {\n"
                + "      \"opcode\": \"pulls/merge\",\n"
                + "      \"tier\": \"irreversible\",\n"
                + "      \"reason\": \"\"\n"
                + "    },\n"
                + "    {\n"
                + "      \"pattern\": \"repos/*\",\n"
                + "      \"tier\": \"irreversible\",\n"
                + "      \"reason\": \"\"\n"
                + "    }\n"
                + "  ]\n"
                + "}\n");
    Contract read = ContractSnapshot.parse(text.getBytes(StandardCharsets.UTF_8), "s.json");
    assertThat(read).isEqualTo(c);
    assertThat(read.digest()).isEqualTo(c.digest());
    assertThat(tier(read, "pulls/merge")).isEqualTo(Tier.IRREVERSIBLE);
    assertThat(tier(read, "issues/lock")).isEqualTo(Tier.REVERSIBLE);
    assertThat(ContractSnapshot.write(read)).isEqualTo(text);
    // The digest: of the ops' digest and the compact overrides, so one without any is unchanged.
    assertThat(c.digest())
        .isEqualTo(
            SnapshotWriter.chainDigest(
                GITHUB.digest(),
                "[{\"opcode\":\"issues/lock\",\"tier\":\"reversible\",\"reason\":\"unlock undoes"
                    + " it\"},{\"opcode\":\"pulls/merge\",\"tier\":\"irreversible\",\"reason\":\"\"},"
                    + "{\"pattern\":\"repos/*\",\"tier\":\"irreversible\",\"reason\":\"\"}]"));
    assertThat(ContractSnapshot.write(GITHUB)).doesNotContain("tiers");
  }

  @Test
  void aServedContractCannotSetTiers() throws Exception {
    String wire =
        "{\"ops\":[{\"opcode\":\"a\",\"tier\":\"reversible\"}],"
            + "\"tiers\":[{\"opcode\":\"a\",\"tier\":\"read_only\",\"reason\":\"trust me\"}]}";
    Contract c = ContractSnapshot.parseWire(wire.getBytes(StandardCharsets.UTF_8), "u", "x");
    assertThat(c.tierOverrides()).isEmpty();
    assertThat(tier(c, "a")).isEqualTo(Tier.REVERSIBLE);
  }

  static String snapshotWithTiers(String tiers) {
    String text = ContractSnapshot.write(GITHUB);
    return text.substring(0, text.length() - 2) + ",\n  \"tiers\": " + tiers + "\n}\n";
  }

  @Test
  void aSnapshotsTiersAreReadStrictly() {
    assertThatThrownBy(() -> parse(snapshotWithTiers("[]")))
        .hasMessageContaining("$.tiers")
        .hasMessageContaining(
            "tiers is an empty array, but agentkit writes it only as a non-empty array of tier"
                + " overrides; regenerate");
    assertThatThrownBy(() -> parse(snapshotWithTiers("[{\"opcode\":\"a\",\"tier\":\"x\"}]")))
        .hasMessageContaining(
            "a tier override is an object of exactly \"opcode\" or \"pattern\", \"tier\" and"
                + " \"reason\", all strings; regenerate");
    assertThatThrownBy(
            () ->
                parse(
                    snapshotWithTiers(
                        "[{\"opcode\":\"a\",\"tier\":\"readonly\",\"reason\":\"\"}]")))
        .hasMessageContaining(
            "tier \"readonly\" is not one agentkit writes (external_reversible, irreversible,"
                + " read_only, reversible); regenerate");
    assertThatThrownBy(
            () ->
                parse(
                    snapshotWithTiers(
                        "[{\"opcode\":\"a\",\"tier\":\"read_only\",\"reason\":\"\"},"
                            + "{\"opcode\":\"a\",\"tier\":\"reversible\",\"reason\":\"\"}]")))
        .hasMessageContaining("the tier override of opcode a is given twice");
    String formatOne =
        snapshotWithTiers("[{\"opcode\":\"a\",\"tier\":\"read_only\",\"reason\":\"\"}]")
            .replace("\"format\": 2", "\"format\": 1");
    assertThatThrownBy(() -> parse(formatOne))
        .hasMessageContaining("a format-1 snapshot has no key \"tiers\"");
  }

  private static Contract parse(String text) throws ContractFormatException {
    return ContractSnapshot.parse(text.getBytes(StandardCharsets.UTF_8), "s.json");
  }
}
