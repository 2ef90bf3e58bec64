package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Any header text: parsing never throws, and a tag read back from its header is the same tag. */
class EntityTagPropertyTest {
  @Property(tries = 500)
  void aTagSurvivesItsOwnHeaderAndMatchesItInAnyList(
      @ForAll("tagText") String text, @ForAll boolean weak, @ForAll("tagText") String other) {
    EntityTag tag = EntityTag.parse((weak ? "W/\"" : "\"") + text + "\"").orElseThrow();

    assertThat(EntityTag.parse(tag.header())).contains(tag);
    assertThat(tag.matchedBy("\"" + other + "\", " + tag.header())).isTrue();
    assertThat(tag.matchedBy("\"" + other + "\"")).isEqualTo(other.equals(text));
  }

  @Property(tries = 500)
  void anyHeaderIsReadWithoutFailing(@ForAll String header) {
    EntityTag.parse(header).ifPresent(t -> assertThat(t.header()).doesNotContain("\r", "\n", " "));
    EntityTag.ofDigest("sha256:x").matchedBy(header);
  }

  @Provide
  Arbitrary<String> tagText() {
    return Arbitraries.strings().withCharRange('!', '~').excludeChars('"').ofMaxLength(40);
  }
}
