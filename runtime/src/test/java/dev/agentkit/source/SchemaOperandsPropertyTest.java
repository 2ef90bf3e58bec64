package dev.agentkit.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Problem;
import dev.agentkit.contract.Tier;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
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
 * cycles, diamonds and dangling pointers, allOf of anything, numbers no double holds, deep
 * nesting): the mapping never throws and gives exactly one operand per property, in declared order;
 * every warning is a tagged sentence; the ops it makes have no problem, and their snapshot reads
 * back as the same contract.
 */
class SchemaOperandsPropertyTest {
  private static final List<String> KEYS =
      List.of(
          "type",
          "enum",
          "const",
          "format",
          "items",
          "properties",
          "required",
          "additionalProperties",
          "oneOf",
          "anyOf",
          "allOf",
          "$ref",
          "nullable",
          "minimum",
          "exclusiveMinimum",
          "maximum",
          "multipleOf",
          "minLength",
          "maxItems",
          "default",
          "description",
          "title");
  private static final List<Object> VALUES =
      List.of(
          "string",
          "number",
          "integer",
          "boolean",
          "object",
          "array",
          "null",
          "thing",
          "date",
          "date-time",
          "#/defs/a",
          "#/defs/b",
          "#/defs/c",
          "#/nowhere",
          "#",
          List.of("string", "null"),
          List.of("string", "number"),
          List.of(),
          List.of("a"),
          true,
          false,
          7,
          -1,
          2.5,
          Double.POSITIVE_INFINITY,
          Double.NaN,
          new BigDecimal("1e999999"),
          Long.MAX_VALUE);

  @Property(tries = 200)
  void neverThrowsAndNeverDropsAProperty(
      @ForAll("schemas") Map<String, Object> properties,
      @ForAll("definitions") Map<String, Object> defs)
      throws Exception {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("type", "object");
    root.put("properties", properties);
    root.put("required", new ArrayList<>(properties.keySet()).subList(0, properties.size() / 2));
    Map<String, Object> document = Map.of("defs", defs);

    SchemaOperands.Mapping m = SchemaOperands.object("tool \"t\"", root, document);

    assertThat(m.operands())
        .extracting(Operand::name)
        .containsExactlyElementsOf(properties.keySet());
    assertThat(m.warnings()).allMatch(w -> w.startsWith("[SchemaUnmapped] tool \"t\", at "));
    Op op = Op.builder("t").tier(Tier.READ_ONLY).operands(m.operands()).build();
    // The names are kept as served; only one no one could read is a problem (UnreadableNameTest),
    // and a contract holding one is never written as a snapshot.
    assertThat(op.problems()).allMatch(p -> p.kind() == Problem.Kind.UNREADABLE_NAME);
    if (!op.problems().isEmpty()) {
      return;
    }
    Contract contract = Contract.of("hostile", "test", List.of(op));
    String snapshot = ContractSnapshot.write(contract);
    Contract back = ContractSnapshot.parse(snapshot.getBytes(StandardCharsets.UTF_8), "snapshot");
    assertThat(back.ops()).isEqualTo(contract.ops());
  }

  @Property(tries = 50)
  void aDeepOrSelfReferringSchemaEndsInATree(@ForAll("depths") int depth) {
    Map<String, Object> node = new LinkedHashMap<>(Map.of("$ref", "#/defs/a"));
    for (int i = 0; i < depth; i++) {
      node = new LinkedHashMap<>(Map.of("type", "array", "items", node));
    }
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("type", "object");
    a.put("properties", Map.of("self", Map.of("$ref", "#/defs/a"), "deep", node));
    Map<String, Object> root = Map.of("properties", Map.of("x", a));

    SchemaOperands.Mapping m =
        SchemaOperands.object("tool \"t\"", root, Map.of("defs", Map.of("a", a)));

    assertThat(m.operands()).hasSize(1);
    assertThat(Op.builder("t").tier(Tier.READ_ONLY).operands(m.operands()).build().problems())
        .isEmpty();
  }

  @Provide
  Arbitrary<Integer> depths() {
    return Arbitraries.integers().between(0, 200);
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
    Arbitrary<Object> leaf =
        Arbitraries.oneOf(
            Arbitraries.of(VALUES),
            Arbitraries.strings().ofMaxLength(4).map(s -> (Object) s),
            Arbitraries.integers().map(i -> (Object) i),
            Arbitraries.just(null));
    Arbitrary<Object> value =
        depth == 0
            ? leaf
            : Arbitraries.oneOf(
                leaf,
                schema(depth - 1),
                schema(depth - 1).list().ofMaxSize(3).map(l -> (Object) l),
                Arbitraries.maps(
                        Arbitraries.strings().ofMinLength(1).ofMaxLength(3), schema(depth - 1))
                    .ofMaxSize(3)
                    .map(mp -> (Object) new LinkedHashMap<>(mp)));
    return Arbitraries.maps(Arbitraries.of(KEYS), value)
        .ofMaxSize(5)
        .map(mp -> (Object) new LinkedHashMap<>(mp));
  }
}
