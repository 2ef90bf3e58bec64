package dev.agentkit.drift;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.SchemaPaths;
import dev.agentkit.contract.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * At any depth: a tree compared with itself has no drift; a required property added to any object
 * of it is exactly one {@code required-property-added} at that object's path, and a property
 * removed exactly one {@code property-removed} (or {@code operand-removed} at the top).
 */
class SchemaDriftPropertyTest {
  private static final DriftReport.Usage USES =
      new DriftReport.Usage("Agent", Map.of("op", new DriftReport.ActUse(true, false, "")));

  @Property(tries = 200)
  void aTreeHasNoDriftFromItself(@ForAll("trees") List<Operand> operands) {
    assertThat(DriftReport.compare(contract(operands), contract(operands), USES).items()).isEmpty();
  }

  /**
   * A union of object alternatives (GitHub's ruleset rules) has no drift from itself, nor from the
   * same alternatives in another order: each alternative pairs with its equal, never with the first
   * of its kind.
   */
  @Property(tries = 100)
  void aUnionOfObjectsHasNoDriftFromItselfInAnyOrder(
      @ForAll("unionsOfObjects") List<Schema> alternatives, @ForAll long seed) {
    List<Schema> shuffled = new ArrayList<>(alternatives);
    java.util.Collections.shuffle(shuffled, new java.util.Random(seed));

    assertThat(DriftReport.compare(union(alternatives), union(alternatives), USES).items())
        .isEmpty();
    assertThat(DriftReport.compare(union(alternatives), union(shuffled), USES).items()).isEmpty();
  }

  private static Contract union(List<Schema> alternatives) {
    return contract(
        List.of(
            new Operand(
                "v", "", true, new Schema.UnionSchema(Schema.Facets.NONE, true, alternatives))));
  }

  @Provide
  Arbitrary<List<Schema>> unionsOfObjects() {
    return properties(2)
        .filter(p -> !p.isEmpty())
        .map(ObjectSchema::of)
        .map(Schema.class::cast)
        .list()
        .ofMinSize(2)
        .ofMaxSize(6);
  }

  @Property(tries = 200)
  void aRequiredPropertyAddedAnywhereIsOneBreakingItemAtItsPath(
      @ForAll("trees") List<Operand> operands, @ForAll("picks") int pick) {
    List<String> objects = new ArrayList<>();
    objects.add("");
    collect(operands, "", objects);
    String at = objects.get(Math.floorMod(pick, objects.size()));
    List<Operand> changed = addAt(operands, "", at);
    String path = SchemaPaths.property(at, "added_property");

    List<DriftItem> items =
        DriftReport.compare(contract(operands), contract(changed), USES).items();

    assertThat(items).hasSize(1);
    assertThat(items.get(0).rule())
        .isEqualTo(
            at.isEmpty() ? DriftRule.OPERAND_ADDED_REQUIRED : DriftRule.PROPERTY_ADDED_REQUIRED);
    assertThat(items.get(0).operand()).isEqualTo(path);
    assertThat(items.get(0).severity()).isEqualTo(DriftSeverity.BREAKING);
    // And back: the property removed.
    List<DriftItem> back = DriftReport.compare(contract(changed), contract(operands), USES).items();
    assertThat(back)
        .extracting(DriftItem::rule)
        .containsExactly(at.isEmpty() ? DriftRule.OPERAND_REMOVED : DriftRule.PROPERTY_REMOVED);
    assertThat(back.get(0).operand()).isEqualTo(path);
  }

  /** The path inside every object of the tree, as its properties' paths start. */
  private static void collect(List<Operand> properties, String parent, List<String> out) {
    for (Operand p : properties) {
      String path = SchemaPaths.property(parent, p.name());
      Schema value = p.valueSchema();
      String inside = p.list() ? SchemaPaths.items(path) : path;
      if (value instanceof ObjectSchema o) {
        out.add(inside);
        collect(o.properties(), inside, out);
      }
    }
  }

  private static List<Operand> addAt(List<Operand> properties, String parent, String at) {
    List<Operand> out = new ArrayList<>();
    for (Operand p : properties) {
      String path = SchemaPaths.property(parent, p.name());
      String inside = p.list() ? SchemaPaths.items(path) : path;
      if (p.valueSchema() instanceof ObjectSchema o) {
        ObjectSchema replaced =
            new ObjectSchema(
                o.facets(), addAt(o.properties(), inside, at), o.closed(), o.additional());
        out.add(p.withSchema(p.list() ? ArraySchema.of(replaced) : replaced));
      } else {
        out.add(p);
      }
    }
    if (parent.equals(at)) {
      out.add(Operand.requiredString("added_property", ""));
    }
    return out;
  }

  private static Contract contract(List<Operand> operands) {
    return Contract.of(
        "c",
        List.of(
            Op.builder("op").description("d").tier(Tier.REVERSIBLE).operands(operands).build()));
  }

  @Provide
  Arbitrary<Integer> picks() {
    return Arbitraries.integers().between(0, 1000);
  }

  @Provide
  Arbitrary<List<Operand>> trees() {
    return properties(3);
  }

  private Arbitrary<List<Operand>> properties(int depth) {
    return operand(depth).list().ofMaxSize(4).uniqueElements(Operand::name);
  }

  private Arbitrary<Operand> operand(int depth) {
    Arbitrary<String> names =
        Arbitraries.strings().withChars("abcxyz_").ofMinLength(1).ofMaxLength(4);
    Arbitrary<Schema> leaf =
        Arbitraries.of(Schema.string(), Schema.string().withFacets(Schema.Facets.described("d")));
    Arbitrary<Schema> value =
        depth == 0
            ? leaf
            : Arbitraries.oneOf(
                leaf,
                properties(depth - 1).map(ObjectSchema::of),
                properties(depth - 1).map(p -> ArraySchema.of(ObjectSchema.of(p))));
    return net.jqwik.api.Combinators.combine(names, value, Arbitraries.of(true, false))
        .as((n, v, required) -> new Operand(n, "", required, v));
  }
}
