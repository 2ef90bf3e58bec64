package dev.agentkit.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Tier;
import dev.agentkit.internal.text.LineText;
import dev.agentkit.testing.BaseDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Any manifest, whatever its names hold, is written canonically, read back equal, written again to
 * the same bytes, and agrees with contract-snapshots/uses.schema.json as a real validator reads it;
 * any text at all is either read or refused with one {@code [UsesManifest]} sentence on one line.
 */
class UsesManifestPropertyTest {
  private static com.networknt.schema.Schema schema;
  private static final tools.jackson.databind.ObjectMapper JSON =
      tools.jackson.databind.json.JsonMapper.builder().build();

  @BeforeContainer
  static void readTheSchema() throws IOException {
    String text = Files.readString(BaseDir.resolve("..", "contract-snapshots", "uses.schema.json"));
    schema =
        SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(text, InputFormat.JSON);
  }

  /** Names as a contract or an agent may spell them: anything a line shows as itself. */
  @Provide
  Arbitrary<String> names() {
    Arbitrary<Character> specials =
        Arbitraries.of('"', '\\', '/', ' ', '.', '_', '-', 'é', '日', '{', '}', '[', ']', ':', ',');
    return Arbitraries.oneOf(specials, Arbitraries.chars().alpha(), Arbitraries.chars().numeric())
        .list()
        .ofMinSize(1)
        .ofMaxSize(16)
        .map(cs -> cs.stream().map(String::valueOf).reduce("", String::concat))
        .filter(s -> LineText.unreadableInName(s) < 0);
  }

  Arbitrary<UsesManifest.Use> use() {
    Arbitrary<Tier> tiers = Arbitraries.of(Tier.class).injectNull(0.4);
    Arbitrary<UsesManifest.Overridden> overrides =
        Combinators.combine(Arbitraries.of(Tier.class), Arbitraries.of(true, false))
            .as(UsesManifest.Overridden::new)
            .injectNull(0.5);
    Arbitrary<Map<String, List<String>>> values =
        Arbitraries.maps(names(), names().list().ofMaxSize(4)).ofMaxSize(3);
    return Combinators.combine(
            names(),
            Arbitraries.of(ChangeCategory.class),
            names().injectNull(0.3),
            names().list().ofMaxSize(3),
            names().list().ofMaxSize(2),
            Arbitraries.of(true, false).list().ofSize(2),
            tiers,
            overrides)
        .flatAs(
            (opcode, category, input, states, structured, handlers, asserted, override) ->
                values.map(
                    v ->
                        new UsesManifest.Use(
                            opcode,
                            category,
                            input,
                            states,
                            structured,
                            handlers.get(0),
                            handlers.get(1),
                            asserted,
                            override,
                            v)));
  }

  @Provide
  Arbitrary<UsesManifest> manifests() {
    Arbitrary<String> contracts =
        Arbitraries.strings().withCharRange('a', 'z').ofMinLength(1).ofMaxLength(12);
    Arbitrary<String> digests =
        Arbitraries.strings().withChars("0123456789abcdef").ofLength(64).map(h -> "sha256:" + h);
    return Combinators.combine(
            contracts,
            names(),
            digests,
            use().list().ofMaxSize(5).uniqueElements(UsesManifest.Use::opcode),
            names().list().ofMaxSize(3).uniqueElements())
        .as(
            (contract, agent, digest, uses, locals) -> {
              List<String> free = new ArrayList<>(locals);
              free.removeIf(l -> uses.stream().anyMatch(u -> u.opcode().equals(l)));
              return new UsesManifest(contract, agent, digest, uses, free);
            });
  }

  @Property(tries = 300)
  void everyManifestRoundTripsAndAgreesWithItsSchema(@ForAll("manifests") UsesManifest m)
      throws Exception {
    String text = m.encode();
    UsesManifest read;
    try {
      read = UsesManifestReader.read(text.getBytes(StandardCharsets.UTF_8), "memory");
    } catch (UsesManifestReader.Malformed e) {
      throw new AssertionError(e.getMessage() + " reading\n" + text, e);
    }
    assertThat(read).isEqualTo(m);
    assertThat(read.encode()).isEqualTo(text);
    assertThat(schema.validate(JSON.readTree(text))).as(text).isEmpty();
  }

  /** A manifest edited anywhere: one character dropped, doubled or replaced by a hostile one. */
  @Provide
  Arbitrary<String> mangled() {
    Arbitrary<Character> hostile =
        Arbitraries.of('"', '\\', '{', '}', '[', ']', ',', ':', '\n', '\u202e', '\ud800', '0', 'x');
    return Combinators.combine(manifests(), Arbitraries.integers().between(0, 10_000), hostile)
        .as(
            (m, at, c) -> {
              String text = m.encode();
              int i = at % text.length();
              return switch (at % 3) {
                case 0 -> text.substring(0, i) + text.substring(i + 1);
                case 1 -> text.substring(0, i) + c + text.substring(i);
                default -> text.substring(0, i) + c + text.substring(i + 1);
              };
            });
  }

  @Property(tries = 500)
  void anyEditIsReadOrRefusedInOneSentence(@ForAll("mangled") String text) {
    try {
      UsesManifest m = UsesManifestReader.read(text.getBytes(StandardCharsets.UTF_8), "edited");
      assertThat(schema.validate(JSON.readTree(m.encode()))).isEmpty();
    } catch (UsesManifestReader.Malformed e) {
      assertThat(e.getMessage()).startsWith("[UsesManifest] edited").doesNotContain("\n");
    }
  }
}
