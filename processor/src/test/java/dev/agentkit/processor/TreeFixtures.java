package dev.agentkit.processor;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Schema;
import dev.agentkit.contract.Schema.ArraySchema;
import dev.agentkit.contract.Schema.BooleanSchema;
import dev.agentkit.contract.Schema.Bound;
import dev.agentkit.contract.Schema.ConstSchema;
import dev.agentkit.contract.Schema.DateSchema;
import dev.agentkit.contract.Schema.EnumSchema;
import dev.agentkit.contract.Schema.Facets;
import dev.agentkit.contract.Schema.NumberSchema;
import dev.agentkit.contract.Schema.ObjectSchema;
import dev.agentkit.contract.Schema.OpaqueSchema;
import dev.agentkit.contract.Schema.StringSchema;
import dev.agentkit.contract.Schema.UnionSchema;
import dev.agentkit.contract.Tier;
import java.math.BigDecimal;
import java.util.List;

/** Contracts with schema trees: server-memory's shape, and one op per kind of nested value. */
final class TreeFixtures {
  private TreeFixtures() {}

  static Operand property(String name, String description, boolean required, Schema schema) {
    return new Operand(name, description, required, schema);
  }

  static Schema string() {
    return new StringSchema(Facets.NONE, "", null, null, "");
  }

  static Schema enumOf(String... values) {
    return new EnumSchema(Facets.NONE, List.of(values), OperandType.STRING);
  }

  static Schema integer() {
    return new NumberSchema(Facets.NONE, true, null, null, null);
  }

  /**
   * The MCP reference server-memory's {@code create_entities(entities: [{name, entityType,
   * observations: [string]}])}, as its {@code inputSchema} maps.
   */
  static Op createEntities() {
    ObjectSchema entity =
        new ObjectSchema(
            Facets.NONE,
            List.of(
                property("name", "The name of the entity", true, string()),
                property("entityType", "The type of the entity", true, string()),
                property(
                    "observations",
                    "An array of observation contents associated with the entity",
                    true,
                    ArraySchema.of(string()))),
            true,
            null);
    return Op.builder("create_entities")
        .description("Create multiple new entities in the knowledge graph")
        .tier(Tier.REVERSIBLE)
        .operand(property("entities", "", true, ArraySchema.of(entity)))
        .build();
  }

  /** Enums, numbers, dates and booleans at depth: in an object, in a list, in a list of lists. */
  static Op assignTasks() {
    ObjectSchema schedule =
        ObjectSchema.of(
            List.of(
                property("priority", "", false, enumOf("low", "high")),
                property("due", "When it is due.", false, new DateSchema(Facets.NONE, "date")),
                property("reminders", "", false, ArraySchema.of(enumOf("day_before", "hour"))),
                property(
                    "estimate", "", false, new NumberSchema(Facets.NONE, false, null, null, null)),
                property(
                    "points",
                    "",
                    false,
                    new NumberSchema(
                        Facets.NONE, true, new Bound(BigDecimal.ZERO, false), null, null)),
                property("notify", "", false, new BooleanSchema(Facets.NONE)),
                property("grid", "", false, ArraySchema.of(ArraySchema.of(integer())))));
    ObjectSchema assignment =
        ObjectSchema.of(
            List.of(
                property("task_id", "The task.", true, string()),
                property("role", "", true, enumOf("owner", "reviewer", "watcher")),
                property("schedule", "", false, schedule)));
    return Op.builder("assign_tasks")
        .description("Assign tasks to people.")
        .tier(Tier.REVERSIBLE)
        .operand(property("assignments", "Who does what.", true, ArraySchema.of(assignment)))
        .operand(property("team", "", false, enumOf("red", "blue")))
        .build();
  }

  /** GitHub's {@code assignees: [oneOf[string, {login}]]}, an opaque value and a constant. */
  static Op updateIssue() {
    Schema login = ObjectSchema.of(List.of(property("login", "", true, string())));
    return Op.builder("update_issue")
        .description("Update an issue.")
        .tier(Tier.REVERSIBLE)
        .operand(Operand.requiredString("issue", "The issue."))
        .operand(
            property(
                "assignees",
                "Logins, or objects with one.",
                false,
                ArraySchema.of(new UnionSchema(Facets.NONE, true, List.of(string(), login)))))
        .operand(
            property(
                "labels",
                "",
                false,
                new UnionSchema(Facets.NONE, false, List.of(string(), ArraySchema.of(string())))))
        .operand(property("kind", "", false, new ConstSchema(Facets.NONE, "\"issue\"")))
        .operand(
            property(
                "meta",
                "",
                false,
                ObjectSchema.of(
                    List.of(
                        property("extra", "", false, new OpaqueSchema(Facets.NONE, "geo-point"))))))
        .build();
  }

  static Contract memory() {
    return Contract.of("memory", List.of(createEntities(), assignTasks(), updateIssue()));
  }
}
