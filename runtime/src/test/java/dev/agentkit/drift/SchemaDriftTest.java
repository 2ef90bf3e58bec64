package dev.agentkit.drift;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.contract.Tier;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Drift over schema trees: each rule at depth, named by its path, graded against the agent's use;
 * the changes third-party backends really made (server-memory's entity schema, GitHub's assignees
 * widened into a union) read as what they are.
 */
class SchemaDriftTest {
  private static final DriftReport.Usage RUNS =
      new DriftReport.Usage("MemoryAgent", Map.of("op", new DriftReport.ActUse(true, false, "")));

  private static Contract contract(Operand... operands) {
    return Contract.of(
        "c",
        List.of(
            Op.builder("op")
                .description("d")
                .tier(Tier.REVERSIBLE)
                .operands(List.of(operands))
                .build()));
  }

  private static List<String> drift(Operand before, Operand after) {
    return DriftReport.compare(contract(before), contract(after), RUNS).items().stream()
        .map(DriftItem::toString)
        .toList();
  }

  private static Operand entities(List<Operand> properties, boolean closed) {
    return new Operand(
        "entities",
        "",
        true,
        ArraySchema.of(new ObjectSchema(Facets.NONE, properties, closed, null)));
  }

  private static final List<Operand> ENTITY =
      List.of(
          Operand.requiredString("name", ""),
          Operand.requiredString("entityType", ""),
          new Operand("observations", "", true, ArraySchema.of(Schema.string())));

  @Test
  void aRequiredPropertyAddedDeepInIsBreakingAndNamedByItsPath() {
    List<Operand> more = new java.util.ArrayList<>(ENTITY);
    more.add(Operand.requiredString("source", ""));

    assertThat(drift(entities(ENTITY, true), entities(more, true)))
        .containsExactly(
            "breaking required-property-added: the backend added required property"
                + " op.entities[].source, which MemoryAgent uses; calls without it are now"
                + " rejected");
  }

  @Test
  void aPropertyRemovedOrRetypedIsBreakingAndAnOptionalOneAddedIsCompatible() {
    List<Operand> changed =
        List.of(
            Operand.requiredString("name", ""),
            new Operand("observations", "", true, ArraySchema.of(Schema.string())),
            Operand.of("entityType", OperandType.INTEGER).withRequired(true),
            Operand.of("note", OperandType.STRING));

    assertThat(drift(entities(ENTITY, true), entities(changed, true)))
        .containsExactly(
            "breaking operand-type-changed: the backend changed the type of op.entities[].entityType"
                + " from string to integer, which MemoryAgent uses",
            "compatible optional-property-added: the backend added optional property"
                + " op.entities[].note, which MemoryAgent uses");
    List<Operand> fewer = List.of(ENTITY.get(0), ENTITY.get(2));
    assertThat(drift(entities(ENTITY, true), entities(fewer, true)))
        .containsExactly(
            "breaking property-removed: the backend removed property op.entities[].entityType,"
                + " which MemoryAgent uses; a value sent for it is no longer read");
  }

  /** GitHub's ruleset rules: a oneOf of many objects, each with its own {@code type} enum. */
  private static Operand rules(String... types) {
    List<Schema> alternatives = new java.util.ArrayList<>();
    for (String t : types) {
      alternatives.add(
          ObjectSchema.of(
              List.of(
                  Operand.enumOf("type", true, t),
                  Operand.requiredString("parameters_of_" + t, ""))));
    }
    return new Operand(
        "rules", "", false, ArraySchema.of(new UnionSchema(Facets.NONE, true, alternatives)));
  }

  @Test
  void anEnumWhoseValuesAUnionOfEnumsTakesBetweenThemWasWidened() {
    // GitHub 22 to 23, billing/update-budget-org.budget_type.
    Operand before = Operand.enumOf("budget_type", true, "ProductPricing", "SkuPricing");
    UnionSchema after =
        new UnionSchema(
            Facets.NONE,
            true,
            List.of(
                Operand.enumOf("x", true, "BundlePricing").valueSchema(),
                Operand.enumOf("x", true, "ProductPricing").valueSchema(),
                Operand.enumOf("x", true, "SkuPricing").valueSchema()));

    assertThat(drift(before, before.withSchema(after)))
        .containsExactly(
            "compatible type-widened: the backend widened op.budget_type from enum to"
                + " oneOf[enum, enum, enum], which MemoryAgent uses; it still accepts every"
                + " earlier value");
    Schema fewer = new UnionSchema(Facets.NONE, true, List.of(after.alternatives().get(1)));
    assertThat(drift(before, before.withSchema(fewer)))
        .containsExactly(
            "breaking operand-type-changed: the backend changed the type of op.budget_type from"
                + " enum to oneOf[enum], which MemoryAgent uses");
  }

  @Test
  void aUnionOfSeveralObjectsHasNoDriftFromItselfNorFromItsAlternativesReordered() {
    Operand rules = rules("creation", "update", "deletion", "pull_request");

    assertThat(drift(rules, rules)).isEmpty();
    assertThat(drift(rules, rules("pull_request", "deletion", "creation", "update"))).isEmpty();
  }

  @Test
  void anObjectAlternativeAddedAmongOthersIsOneAlternativeAddedAndNothingElse() {
    assertThat(drift(rules("creation", "update"), rules("creation", "merge_queue", "update")))
        .containsExactly(
            "compatible alternative-added: the backend added alternative object to op.rules,"
                + " which MemoryAgent uses");
  }

  @Test
  void aStringWidenedIntoAUnionThatStillTakesItIsCompatible() {
    Operand before = new Operand("assignees", "", false, ArraySchema.of(Schema.string()));
    Schema user = ObjectSchema.of(List.of(Operand.requiredString("login", "")));
    Operand after =
        new Operand(
            "assignees",
            "",
            false,
            ArraySchema.of(new UnionSchema(Facets.NONE, true, List.of(Schema.string(), user))));

    assertThat(drift(before, after))
        .containsExactly(
            "compatible type-widened: the backend widened op.assignees from string to"
                + " oneOf[string, object], which MemoryAgent uses; it still accepts every earlier"
                + " value");
    assertThat(drift(after, before))
        .containsExactly(
            "breaking operand-type-changed: the backend changed the type of op.assignees from"
                + " oneOf[string, object] to string, which MemoryAgent uses");
  }

  @Test
  void aNullableStringWidenedIntoANullableUnionIsCompatible() {
    // GitHub 22 to 23, issues/update.type: a nullable string became a nullable oneOf[string,
    // object]; null is the union's, the string its first alternative's.
    Facets nullable = new Facets("", "", true);
    Operand before = new Operand("type", "", false, Schema.string().withFacets(nullable));
    Schema named = ObjectSchema.of(List.of(Operand.requiredString("name", "")));
    Operand after =
        new Operand(
            "type", "", false, new UnionSchema(nullable, true, List.of(Schema.string(), named)));

    assertThat(drift(before, after))
        .containsExactly(
            "compatible type-widened: the backend widened op.type from string to"
                + " oneOf[string, object], which MemoryAgent uses; it still accepts every earlier"
                + " value");
  }

  @Test
  void anEnumTurnedIntoAUnionOfAStringIsCompatibleNotAChangeToString() {
    Operand before = Operand.enumOf("state", true, "open", "closed");
    Operand after =
        new Operand(
            "state",
            "",
            true,
            new UnionSchema(
                Facets.NONE,
                false,
                List.of(
                    new EnumSchema(Facets.NONE, List.of("open"), OperandType.STRING),
                    Schema.string())));

    assertThat(drift(before, after))
        .containsExactly(
            "compatible type-widened: the backend widened op.state from enum to anyOf[enum,"
                + " string], which MemoryAgent uses; it still accepts every earlier value");
  }

  @Test
  void boundsTightenedAreBreakingAndLoosenedCompatibleEachNamed() {
    Operand before =
        count(new Bound(BigDecimal.ONE, false), new Bound(BigDecimal.valueOf(100), false));
    Operand after = count(new Bound(BigDecimal.ONE, true), new Bound(BigDecimal.TEN, false));

    assertThat(drift(before, after))
        .containsExactly(
            "breaking bounds-tightened: the backend tightened op.count: its maximum is now 10 (was"
                + " 100), which MemoryAgent uses; calls outside the new bounds are now rejected",
            "breaking bounds-tightened: the backend tightened op.count: its minimum is now 1"
                + " (exclusive) (was 1), which MemoryAgent uses; calls outside the new bounds are"
                + " now rejected");
    assertThat(drift(after, before))
        .containsExactly(
            "compatible bounds-loosened: the backend loosened op.count: its maximum is now 100"
                + " (was 10), which MemoryAgent uses",
            "compatible bounds-loosened: the backend loosened op.count: its minimum is now 1 (was"
                + " 1 (exclusive)), which MemoryAgent uses");
  }

  private static Operand count(Bound min, Bound max) {
    return new Operand("count", "", false, new NumberSchema(Facets.NONE, true, min, max, null));
  }

  @Test
  void anEnumValueRemovedAtDepthIsBreakingForAnAgentThatUsesTheOpAndInformationalOtherwise() {
    Operand before = entities(List.of(Operand.enumOf("kind", true, "person", "place")), false);
    Operand after = entities(List.of(Operand.enumOf("kind", true, "person")), false);

    assertThat(drift(before, after))
        .containsExactly(
            "breaking enum-value-removed: the backend removed enum value \"place\" of"
                + " op.entities[].kind, which MemoryAgent uses; calls with it are now rejected");
    DriftReport.Usage other =
        new DriftReport.Usage("Other", Map.of("another", new DriftReport.ActUse(true, false, "")));
    assertThat(DriftReport.compare(contract(before), contract(after), other).items())
        .extracting(DriftItem::severity)
        .containsExactly(DriftSeverity.INFO);
  }

  @Test
  void closingAnObjectAndDroppingNullAreTightenings() {
    assertThat(drift(entities(ENTITY, false), entities(ENTITY, true)))
        .containsExactly(
            "breaking bounds-tightened: the backend tightened op.entities: it no longer accepts"
                + " properties it does not declare, which MemoryAgent uses; calls outside the new"
                + " bounds are now rejected");
    Operand nullable =
        new Operand(
            "title", "", false, new StringSchema(new Facets("", "", true), "", null, 80, ""));
    Operand notNull =
        new Operand("title", "", false, new StringSchema(Facets.NONE, "", null, 80, ""));
    assertThat(drift(nullable, notNull))
        .containsExactly(
            "breaking bounds-tightened: the backend tightened op.title: it no longer accepts null,"
                + " which MemoryAgent uses; calls outside the new bounds are now rejected");
  }

  @Test
  void anAlternativeNothingTakesIsRemovedAndANewOneAdded() {
    Schema number = new NumberSchema(Facets.NONE, false, null, null, null);
    Schema bool = new Schema.BooleanSchema(Facets.NONE);
    Operand before =
        new Operand(
            "v", "", true, new UnionSchema(Facets.NONE, false, List.of(Schema.string(), number)));
    Operand after =
        new Operand(
            "v", "", true, new UnionSchema(Facets.NONE, false, List.of(Schema.string(), bool)));

    assertThat(drift(before, after))
        .containsExactly(
            "breaking alternative-removed: the backend removed alternative number of op.v, which"
                + " MemoryAgent uses; calls with such a value are now rejected",
            "compatible alternative-added: the backend added alternative boolean to op.v, which"
                + " MemoryAgent uses");
  }

  @Test
  void twoBoundsOfOneNodeAreTwoVerdictsAcrossAgents() {
    Operand before = count(null, null);
    Operand after = count(new Bound(BigDecimal.ONE, false), new Bound(BigDecimal.TEN, false));
    DriftReport r = DriftReport.compareForAgents(contract(before), contract(after), List.of(RUNS));
    assertThat(r.items())
        .extracting(DriftItem::target)
        .containsExactly("op.count=maximum", "op.count=minimum");
  }
}
