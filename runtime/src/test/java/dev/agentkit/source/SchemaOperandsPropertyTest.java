package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Over random, hostile schemas (any keyword with any value, $refs into a random document with
 * cycles and dangling pointers): the mapping never throws and gives exactly one operand per
 * property, in declared order, and a warning for each opaque one.
 */
class SchemaOperandsPropertyTest {
  private static final List<String> KEYS =
      List.of(
          "type",
          "enum",
          "format",
          "items",
          "properties",
          "required",
          "oneOf",
          "anyOf",
          "allOf",
          "$ref",
          "description",
          "title");
  private static final List<Object> TYPES =
      List.of(
          "string",
          "number",
          "integer",
          "boolean",
          "object",
          "array",
          "null",
          "thing",
          List.of("string", "null"),
          List.of("string", "number"),
          7);

  @Property(tries = 300)
  void neverThrowsAndNeverDropsAProperty(
      @ForAll("schemas") Map<String, Object> properties,
      @ForAll("definitions") Map<String, Object> defs) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("type", "object");
    root.put("properties", properties);
    root.put("required", new ArrayList<>(properties.keySet()).subList(0, properties.size() / 2));
    Map<String, Object> document = Map.of("defs", defs);

    SchemaOperands.Mapping m = SchemaOperands.object("tool \"t\"", root, document);

    assertThat(m.operands())
        .extracting(Operand::name)
        .containsExactlyElementsOf(properties.keySet());
    long opaque =
        m.fields().stream().filter(f -> f.kind() == SchemaOperands.JsonKind.OPAQUE).count();
    long warned = m.warnings().stream().filter(w -> w.startsWith("[SchemaUnmapped]")).count();
    assertThat(warned).isLessThanOrEqualTo(opaque).isEqualTo(m.warnings().size());
    Op op = Op.builder("t").tier(Tier.READ_ONLY).operands(m.operands()).build();
    // The names are kept as served; only one no one could read is a problem (UnreadableNameTest).
    assertThat(op.problems()).allMatch(p -> p.kind() == Problem.Kind.UNREADABLE_NAME);
  }

  @Provide
  Arbitrary<Map<String, Object>> schemas() {
    return Arbitraries.maps(
            Arbitraries.strings().ofMinLength(1).ofMaxLength(6).filter(s -> !s.isBlank()),
            schema(2))
        .ofMaxSize(6)
        .map(LinkedHashMap::new);
  }

  @Provide
  Arbitrary<Map<String, Object>> definitions() {
    return Arbitraries.maps(Arbitraries.of("a", "b", "c"), schema(2))
        .ofMaxSize(3)
        .map(LinkedHashMap::new);
  }

  private Arbitrary<Object> schema(int depth) {
    Arbitrary<Object> value =
        depth == 0
            ? Arbitraries.oneOf(
                Arbitraries.of(TYPES), Arbitraries.strings().ofMaxLength(4).map(s -> (Object) s),
                Arbitraries.integers().map(i -> (Object) i), Arbitraries.just(null))
            : Arbitraries.oneOf(
                Arbitraries.of(TYPES),
                Arbitraries.of("date", "date-time", "#/defs/a", "#/defs/b", "#/nowhere", "x")
                    .map(s -> (Object) s),
                schema(depth - 1),
                schema(depth - 1).list().ofMaxSize(3).map(l -> (Object) l),
                Arbitraries.just(null));
    return Arbitraries.maps(Arbitraries.of(KEYS), value)
        .ofMaxSize(4)
        .map(m -> (Object) new LinkedHashMap<>(m));
  }
}
