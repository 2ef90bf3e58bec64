package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class EntityTagTest {
  private static final EntityTag TAG = EntityTag.ofDigest("sha256:abc");

  @Test
  void aDigestIsAStrongQuotedTag() {
    assertThat(TAG.header()).isEqualTo("\"sha256:abc\"");
    assertThat(TAG.weak()).isFalse();
    assertThat(TAG).hasToString("\"sha256:abc\"");
  }

  @Test
  void readsQuotedWeakAndUnquotedTags() {
    assertThat(EntityTag.parse("\"v1\"")).map(EntityTag::header).contains("\"v1\"");
    assertThat(EntityTag.parse(" W/\"v1\" ")).map(EntityTag::header).contains("W/\"v1\"");
    assertThat(EntityTag.parse("W/\"v1\"")).map(EntityTag::weak).contains(true);
    // Some servers send no quotes; the value is kept as the tag and quoted when sent back.
    assertThat(EntityTag.parse("v1")).map(EntityTag::header).contains("\"v1\"");
    assertThat(EntityTag.parse("\"\"")).map(EntityTag::header).contains("\"\"");
  }

  @Test
  void ignoresWhatIsNotATag() {
    for (String bad :
        new String[] {
          "",
          "   ",
          "\"v1",
          "\"a\"b\"",
          "a b",
          "W/",
          "\"tab\there\"",
          "\"é\"",
          "\"x\r\nSet-Cookie: y\""
        }) {
      assertThat(EntityTag.parse(bad)).as(bad).isEmpty();
    }
    assertThat(EntityTag.parse(null)).isEmpty();
    assertThat(EntityTag.parse("\"" + "a".repeat(EntityTag.MAX_LENGTH) + "\"")).isEmpty();
    assertThat(EntityTag.parse("\"" + "a".repeat(EntityTag.MAX_LENGTH - 2) + "\"")).isPresent();
  }

  @Test
  void matchesIfNoneMatchByWeakComparison() {
    assertThat(TAG.matchedBy("\"sha256:abc\"")).isTrue();
    assertThat(TAG.matchedBy("W/\"sha256:abc\"")).isTrue();
    assertThat(TAG.matchedBy("\"other\", \"sha256:abc\"")).isTrue();
    assertThat(TAG.matchedBy("*")).isTrue();
    assertThat(TAG.matchedBy("\"sha256:abcd\"")).isFalse();
    assertThat(TAG.matchedBy("\"other\"")).isFalse();
    assertThat(TAG.matchedBy("")).isFalse();
    assertThat(TAG.matchedBy(null)).isFalse();
    // A comma inside quotes belongs to the tag.
    EntityTag comma = EntityTag.parse("\"a,b\"").orElseThrow();
    assertThat(comma.matchedBy("\"x\", \"a,b\"")).isTrue();
    assertThat(comma.matchedBy("\"a\", \"b\"")).isFalse();
  }

  @Test
  void equalWhenTextAndWeaknessAre() {
    assertThat(EntityTag.parse("\"v\"")).isEqualTo(Optional.of(EntityTag.ofDigest("v")));
    assertThat(EntityTag.parse("W/\"v\"")).isNotEqualTo(Optional.of(EntityTag.ofDigest("v")));
    assertThat(EntityTag.parse("\"v\"").orElseThrow().hashCode())
        .isEqualTo(EntityTag.ofDigest("v").hashCode());
  }

  @Test
  void aDigestThatCannotBeATagIsRefused() {
    for (String bad : new String[] {"", "a b", "a\"b", "tab\t"}) {
      assertThatThrownBy(() -> EntityTag.ofDigest(bad))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage(
              "a digest used as an entity tag must be non-empty printable ASCII without spaces or"
                  + " quotes, but it is \""
                  + bad
                  + "\"");
    }
  }
}
