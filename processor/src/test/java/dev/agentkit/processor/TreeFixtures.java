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

/**
 * A contract with schema trees: server-memory's {@code create_entities}, GitHub's {@code
 * issues/update}, a task with a nested checklist, and an op with every other kind of nested value.
 */
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

  /**
   * Enums (of strings and of numbers), numbers, dates, booleans and an opaque value at depth: in an
   * object, in a list, in a list of lists.
   */
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
                property("grid", "", false, ArraySchema.of(ArraySchema.of(integer()))),
                property("extra", "", false, new OpaqueSchema(Facets.NONE, "geo-point")),
                property(
                    "level",
                    "",
                    false,
                    new EnumSchema(Facets.NONE, List.of("1", "2.5"), OperandType.NUMBER))));
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

  static Schema nullable(Schema s) {
    Facets on = new Facets("", "", true);
    if (s instanceof StringSchema t) {
      return new StringSchema(on, t.format(), t.minLength(), t.maxLength(), t.pattern());
    }
    if (s instanceof EnumSchema e) {
      return new EnumSchema(on, e.values(), e.valueType());
    }
    if (s instanceof NumberSchema n) {
      return new NumberSchema(on, n.integer(), n.minimum(), n.maximum(), n.multipleOf());
    }
    UnionSchema u = (UnionSchema) s;
    return new UnionSchema(on, u.oneOf(), u.alternatives());
  }

  /**
   * GitHub's {@code issues/update} (REST API description 23.0.2): path parameters, a title that is
   * a string or a number, nullable properties, labels whose items are {@code oneOf[string, {id,
   * name, description, color}]}, and assignees whose items 23.0.2 widened from a string to {@code
   * oneOf[string, {login}]}.
   */
  static Op updateIssue() {
    Schema stringOrInteger = new UnionSchema(Facets.NONE, true, List.of(string(), integer()));
    Schema label =
        ObjectSchema.of(
            List.of(
                property("id", "", false, integer()),
                property("name", "", false, string()),
                property("description", "", false, nullable(string())),
                property("color", "", false, nullable(string()))));
    Schema login = ObjectSchema.of(List.of(property("login", "", true, string())));
    return Op.builder("issues/update")
        .description("Issue owners and users with push access can edit an issue.")
        .objectType("issue")
        .tier(Tier.REVERSIBLE)
        .operand(
            Operand.requiredString(
                "owner", "The account owner of the repository. The name is not case sensitive."))
        .operand(
            Operand.requiredString(
                "repo",
                "The name of the repository without the `.git` extension. The name is not case"
                    + " sensitive."))
        .operand(property("issue_number", "The number that identifies the issue.", true, integer()))
        .operand(property("title", "The title of the issue.", false, nullable(stringOrInteger)))
        .operand(property("body", "The contents of the issue.", false, nullable(string())))
        .operand(
            property(
                "state", "The open or closed state of the issue.", false, enumOf("open", "closed")))
        .operand(
            property(
                "state_reason",
                "The reason for the state change. Ignored unless `state` is changed.",
                false,
                nullable(enumOf("completed", "not_planned", "reopened"))))
        .operand(
            property(
                "milestone",
                "The `number` of the milestone to associate this issue with or use `null` to"
                    + " remove the current milestone.",
                false,
                nullable(stringOrInteger)))
        .operand(
            property(
                "labels",
                "Labels to associate with this issue. Pass one or more labels to _replace_ the"
                    + " set of labels on this issue.",
                false,
                ArraySchema.of(new UnionSchema(Facets.NONE, true, List.of(string(), label)))))
        .operand(
            property(
                "assignees",
                "Usernames to assign to this issue.",
                false,
                ArraySchema.of(new UnionSchema(Facets.NONE, true, List.of(string(), login)))))
        .build();
  }

  /**
   * A task created with a checklist whose items have sub-items: a record in a list in a record in a
   * list, with a default, a nullable string, bounds, an enum with a default and a constant.
   */
  static Op createTask() {
    Schema subitem =
        ObjectSchema.of(
            List.of(
                property("text", "What to do.", true, string()),
                property("done", "", false, new BooleanSchema(Facets.NONE))));
    Schema item =
        new ObjectSchema(
            Facets.NONE,
            List.of(
                property(
                    "text", "What to do.", true, new StringSchema(Facets.NONE, "", 1, 200, "")),
                property(
                    "done",
                    "Whether it is done.",
                    false,
                    new BooleanSchema(new Facets("", "false", false))),
                property("assignee", "Who does it, if anyone.", false, nullable(string())),
                property("subitems", "", false, ArraySchema.of(subitem))),
            true,
            null);
    return Op.builder("create_task")
        .description("Create a task with a checklist.")
        .objectType("task")
        .tier(Tier.REVERSIBLE)
        .operand(
            property("title", "The title.", true, new StringSchema(Facets.NONE, "", 1, null, "")))
        .operand(
            property(
                "priority",
                "",
                false,
                new EnumSchema(
                    new Facets("", "\"normal\"", false),
                    List.of("low", "normal", "high"),
                    OperandType.STRING)))
        .operand(
            property(
                "estimate",
                "Hours of work.",
                false,
                new NumberSchema(
                    new Facets("", "", true),
                    false,
                    new Bound(BigDecimal.ZERO, false),
                    null,
                    null)))
        .operand(
            property(
                "checklist",
                "The steps.",
                false,
                new ArraySchema(Facets.NONE, item, null, 50, false)))
        .operand(property("kind", "", true, new ConstSchema(Facets.NONE, "\"task\"")))
        .build();
  }

  static Contract trees() {
    return Contract.of(
        "trees", List.of(createEntities(), assignTasks(), updateIssue(), createTask()));
  }
}
