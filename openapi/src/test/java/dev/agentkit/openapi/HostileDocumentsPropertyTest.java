package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.source.ContractSourceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Over documents mangled at random (lines dropped, repeated, swapped, cut short, garbage spliced
 * in): reading one either gives a contract whose every op passes the structural checks, or fails
 * with a tagged {@link ContractSourceException}; nothing else ever escapes.
 */
class HostileDocumentsPropertyTest {
  private static final String BASE;

  static {
    try {
      BASE = OpenApiContractSourceTest.resource("tasks-3.0.yaml");
    } catch (Exception e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** One edit of the document's lines. */
  private record Edit(int kind, int at, int other, String text) {
    List<String> apply(List<String> lines) {
      List<String> out = new ArrayList<>(lines);
      int i = at % out.size();
      int j = other % out.size();
      switch (kind) {
        case 0 -> out.remove(i);
        case 1 -> out.add(i, out.get(j));
        case 2 -> {
          String a = out.get(i);
          out.set(i, out.get(j));
          out.set(j, a);
        }
        case 3 -> out.set(i, out.get(i).substring(0, Math.min(out.get(i).length(), j % 20)));
        default -> out.add(i, text);
      }
      return out.isEmpty() ? List.of("") : out;
    }
  }

  @Property(tries = 150)
  void aMangledDocumentReadsOrFailsWithATag(@ForAll("edits") List<Edit> edits) throws Exception {
    List<String> lines = Arrays.asList(BASE.split("\n", -1));
    for (Edit e : edits) {
      lines = e.apply(lines);
    }
    Path file = Files.createTempFile("hostile", ".yaml");
    try {
      Files.writeString(file, String.join("\n", lines));
      OpenApiContractSource source =
          OpenApiContractSource.fromFile(file).contractName("tasks").build();
      Contract c = source.fetch();
      assertThat(c.problems()).isEmpty();
      String snapshot = dev.agentkit.contract.ContractSnapshot.write(c);
      // A snapshot with no op is refused on reading, by design: only a contract with ops
      // round-trips.
      assertThat(
              c.ops().isEmpty()
                  ? c.ops()
                  : dev.agentkit.contract.ContractSnapshot.parse(
                          snapshot.getBytes(java.nio.charset.StandardCharsets.UTF_8), "s")
                      .ops())
          .isEqualTo(c.ops());
      assertThat(source.warnings()).allMatch(w -> w.startsWith("["));
    } catch (ContractSourceException e) {
      assertThat(e.getMessage()).matches("\\[(OpenApi|Schema)[A-Za-z]+\\] .*");
    } finally {
      Files.deleteIfExists(file);
    }
  }

  @Provide
  Arbitrary<List<Edit>> edits() {
    Arbitrary<String> garbage =
        Arbitraries.oneOf(
            Arbitraries.of(
                "  x-agentkit-tier: 7",
                "      operationId: getTask",
                "    $ref: '#/components/schemas/NewTask'",
                "        - $ref: '#/components/parameters/Nope'",
                "oneOf: [{type: string}]",
                "  - [",
                "{{{",
                "openapi: 2.0",
                "          type: [string, number]",
                "          allOf: [{$ref: '#/components/schemas/NewTask'}, {type: integer}]",
                "          items: {$ref: '#'}",
                "          minimum: .inf",
                "          exclusiveMinimum: true",
                "          const: {a: [1, .nan]}",
                "          enum: []",
                "          additionalProperties: {$ref: '#/components/schemas/NewTask'}",
                "        schema: {type: array, items: {type: array, items: {type: object}}}"),
            Arbitraries.strings().ofMaxLength(30));
    Arbitrary<Edit> edit =
        Combinators.combine(
                Arbitraries.integers().between(0, 4),
                Arbitraries.integers().between(0, 10_000),
                Arbitraries.integers().between(0, 10_000),
                garbage)
            .as(Edit::new);
    return edit.list().ofMinSize(1).ofMaxSize(6);
  }
}
