package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Tier;
import dev.agentkit.source.ContractSourceException;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Hints are untrusted, so the mapping only ever rounds toward asking a human: taking any hint away
 * never lowers the tier, and a tier below irreversible needs a hint that explicitly claims it.
 * Whatever a server puts in {@code _meta}, the fetch gives a known tier or fails with a tag.
 */
class TierMappingPropertyTest {
  @Provide
  Arbitrary<Boolean> hint() {
    return Arbitraries.of(true, false).injectNull(0.34);
  }

  private static Tier tier(Boolean readOnly, Boolean destructive, Boolean openWorld) {
    return ToolMapping.tierOf(
        ToolMapping.Hints.of(Scenarios.hints(readOnly, destructive, openWorld)));
  }

  @Property
  void forgettingAHintNeverLowersTheTier(
      @ForAll("hint") Boolean readOnly,
      @ForAll("hint") Boolean destructive,
      @ForAll("hint") Boolean openWorld) {
    Tier said = tier(readOnly, destructive, openWorld);
    assertThat(tier(null, destructive, openWorld)).isGreaterThanOrEqualTo(said);
    assertThat(tier(readOnly, null, openWorld)).isGreaterThanOrEqualTo(said);
    assertThat(tier(readOnly, destructive, null)).isGreaterThanOrEqualTo(said);
    assertThat(tier(null, null, null)).isEqualTo(Tier.IRREVERSIBLE);
  }

  @Property
  void onlyAnExplicitClaimLowersTheTier(
      @ForAll("hint") Boolean readOnly,
      @ForAll("hint") Boolean destructive,
      @ForAll("hint") Boolean openWorld) {
    Tier t = tier(readOnly, destructive, openWorld);
    boolean claimsReadOnly = Boolean.TRUE.equals(readOnly);
    if (t == Tier.READ_ONLY) {
      assertThat(claimsReadOnly).isTrue();
    }
    if (t.compareTo(Tier.IRREVERSIBLE) < 0) {
      assertThat(claimsReadOnly || Boolean.FALSE.equals(destructive)).isTrue();
    }
    if (t.compareTo(Tier.EXTERNAL_REVERSIBLE) < 0) {
      assertThat(claimsReadOnly || Boolean.FALSE.equals(openWorld)).isTrue();
    }
  }

  @Provide
  Arbitrary<Object> metaValue() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(30),
        Arbitraries.of("read_only", "READ_ONLY", " reversible ", "irreversible", "external"),
        Arbitraries.integers(),
        Arbitraries.just(List.of("read_only")),
        Arbitraries.just(Map.of("tier", "read_only")));
  }

  @Property
  void anyMetaTierGivesAKnownTierOrATaggedFailure(
      @ForAll("metaValue") Object marked, @ForAll("hint") Boolean readOnly) {
    McpSchema.Tool tool =
        Scenarios.tool(
            "t",
            "A tool.",
            Scenarios.hints(readOnly, null, null),
            Map.of(ToolMapping.TIER_KEY, marked));
    try {
      Tier t = ToolMapping.read(List.of(tool), "server").ops().get(0).tier();
      assertThat(marked).isInstanceOf(String.class);
      assertThat(Tier.lookup((String) marked)).contains(t);
    } catch (ContractSourceException e) {
      assertThat(e.getMessage()).startsWith("[McpBadTier] tool \"t\" of server has _meta");
      if (marked instanceof String s) {
        assertThat(Tier.lookup(s)).isEmpty();
      }
    }
  }
}
