package dev.agentkit.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.ActionSet;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.tool.Board;
import dev.agentkit.tool.ToolDeclaration;
import dev.agentkit.tool.ToolSchemas;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpecificationsTest {
  static final String DATE_HINT =
      "An ISO-8601 date-time such as 2026-03-31T17:00:00Z; a plain date such as 2026-03-31 is"
          + " also accepted.";

  static List<ToolSpecification> specifications(ActionSet<Board> actions) {
    return Specifications.of(actions);
  }

  static JsonStringSchema string(String description) {
    return JsonStringSchema.builder().description(description).build();
  }

  static ToolSpecification tool(String name, String description, JsonObjectSchema parameters) {
    return ToolSpecification.builder()
        .name(name)
        .description(description)
        .parameters(parameters)
        .build();
  }

  @Test
  void everyOperandShapeBecomesItsLangChain4jSchema() {
    JsonStringSchema taskId = string("The task's id.");
    List<ToolSpecification> expected =
        List.of(
            tool(
                "archive_project",
                "Archive a project and everything in it.",
                JsonObjectSchema.builder()
                    .addProperty("project_id", string("The project's id."))
                    .required("project_id")
                    .additionalProperties(false)
                    .build()),
            tool(
                "create_task",
                "Create a task.",
                JsonObjectSchema.builder()
                    .addProperty("title", string("The task's title."))
                    .addProperty(
                        "fields",
                        string(
                            "Custom fields, keyed by field name. Write it as JSON text (an object"
                                + " or an array)."))
                    .required("title")
                    .additionalProperties(false)
                    .build()),
            tool(
                "plan_review",
                "Plan review sessions for a task.",
                JsonObjectSchema.builder()
                    .addProperty("task_id", taskId)
                    .addProperty(
                        "dates",
                        JsonArraySchema.builder()
                            .items(JsonStringSchema.builder().description(DATE_HINT).build())
                            .build())
                    .addProperty(
                        "reviewers",
                        JsonArraySchema.builder()
                            .items(JsonEnumSchema.builder().enumValues("cy", "ana", "bo").build())
                            .build())
                    .required("task_id", "dates")
                    .additionalProperties(false)
                    .build()),
            tool(
                "set_estimate",
                "Estimate a task's remaining work.",
                JsonObjectSchema.builder()
                    .addProperty("task_id", taskId)
                    .addProperty(
                        "hours",
                        JsonNumberSchema.builder().description("Hours of work left.").build())
                    .addProperty("note", string("Why."))
                    .required("task_id", "hours")
                    .additionalProperties(false)
                    .build()),
            tool(
                "set_status",
                "Set a task's status.",
                JsonObjectSchema.builder()
                    .addProperty("task_id", taskId)
                    .addProperty(
                        "status",
                        JsonEnumSchema.builder()
                            .description("Where the task stands.")
                            .enumValues("todo", "doing", "blocked", "done")
                            .build())
                    .required("task_id", "status")
                    .additionalProperties(false)
                    .build()),
            tool(
                "set_task_due_date",
                "Set or move a task's due date.",
                JsonObjectSchema.builder()
                    .addProperty("task_id", taskId)
                    .addProperty("due_date", string("The new due date. " + DATE_HINT))
                    .required("task_id", "due_date")
                    .additionalProperties(false)
                    .build()),
            tool(
                "sync_task",
                "Push a task to the team's calendar.",
                JsonObjectSchema.builder()
                    .addProperty("task_id", taskId)
                    .required("task_id")
                    .additionalProperties(false)
                    .build()),
            tool(
                "tag_task",
                "Add labels to a task.",
                JsonObjectSchema.builder()
                    .addProperty("task_id", taskId)
                    .addProperty(
                        "labels",
                        JsonArraySchema.builder()
                            .description("Labels to add.")
                            .items(JsonStringSchema.builder().build())
                            .build())
                    .required("task_id", "labels")
                    .additionalProperties(false)
                    .build()));

    assertThat(specifications(Board.actions())).containsExactlyElementsOf(expected);
  }

  @Test
  void integersBooleansAndUnknownTypesHaveTheirSchemas() {
    ActionSet<Board> set =
        ActionSet.of(
            List.of(
                Use.<Board>local(
                        Op.builder("count")
                            .description("Count the tasks.")
                            .tier(Tier.READ_ONLY)
                            .operand(Operand.of("n", OperandType.INTEGER))
                            .operand(Operand.of("ok", OperandType.BOOLEAN).withList(true))
                            .operand(Operand.opaque("amount", "decimal128"))
                            .build(),
                        ChangeCategory.ALWAYS_MINTS)
                    .run((b, c) -> null)
                    .build()));
    assertThat(specifications(set))
        .containsExactly(
            tool(
                "count",
                "Count the tasks.",
                JsonObjectSchema.builder()
                    .addProperty("n", JsonIntegerSchema.builder().build())
                    .addProperty(
                        "ok",
                        JsonArraySchema.builder()
                            .items(JsonBooleanSchema.builder().build())
                            .build())
                    .addProperty(
                        "amount",
                        JsonRawSchema.from(
                            "{\"description\":\"Any JSON value; the contract's type for it is"
                                + " decimal128.\"}"))
                    .required(List.of())
                    .additionalProperties(false)
                    .build()));
  }

  @Test
  void propertiesKeepTheContractsOperandOrder() {
    ToolSpecification estimate = specifications(Board.actions()).get(3);
    assertThat(estimate.name()).isEqualTo("set_estimate");
    // Map equality ignores order, so the order is checked on its own.
    assertThat(estimate.parameters().properties().keySet())
        .containsExactly("task_id", "hours", "note");
    ToolSpecification review = specifications(Board.actions()).get(2);
    assertThat(review.parameters().properties().keySet())
        .containsExactly("task_id", "dates", "reviewers");
    assertThat(
            ((JsonEnumSchema)
                    ((JsonArraySchema) review.parameters().properties().get("reviewers")).items())
                .enumValues())
        .containsExactly("cy", "ana", "bo");
  }

  @Test
  void theSameContractGivesEqualSpecificationsInTheSameOrder() {
    List<Use<Board>> acts = Board.acts();
    Collections.reverse(acts);
    List<ToolSpecification> reversed = specifications(ActionSet.of(acts));
    assertThat(reversed).containsExactlyElementsOf(specifications(Board.actions()));
    assertThat(reversed.toString()).isEqualTo(specifications(Board.actions()).toString());
  }

  @Test
  void theSpecificationsSayWhatTheToolSchemasSay() {
    List<ToolDeclaration> declarations = ToolSchemas.declarations(Board.actions());
    List<ToolSpecification> specifications = specifications(Board.actions());
    assertThat(specifications).hasSameSizeAs(declarations);
    for (int i = 0; i < declarations.size(); i++) {
      assertThat(specifications.get(i).name()).isEqualTo(declarations.get(i).name());
      assertThat(specifications.get(i).description()).isEqualTo(declarations.get(i).description());
    }
  }
}
