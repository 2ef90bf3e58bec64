package dev.agentkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.EntityTag;
import dev.agentkit.source.HttpContractSource;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TaskboardBackendTest {
  private final HttpClient http = HttpClient.newHttpClient();
  private TaskboardBackend backend;

  @BeforeEach
  void start() throws Exception {
    backend = TaskboardBackend.start();
  }

  @AfterEach
  void stop() {
    backend.close();
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(backend.baseUri().resolve(path)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> getContractUnless(String tag) throws Exception {
    return http.send(
        HttpRequest.newBuilder(backend.contractUri()).header("If-None-Match", tag).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(backend.baseUri().resolve("/apply"))
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode state() throws Exception {
    return TaskboardBackend.JSON.readTree(get("/state").body());
  }

  private static JsonNode find(JsonNode array, String id) {
    for (JsonNode n : array) {
      if (n.path("id").asText().equals(id)) {
        return n;
      }
    }
    throw new AssertionError("no " + id + " in " + array);
  }

  @Test
  void servesItsContractOverHttpInTheWireFormat() throws Exception {
    assertThat(backend.baseUri().getHost()).isEqualTo("127.0.0.1");
    HttpResponse<String> r = get("/contract");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).isEqualTo(ContractSnapshot.write(TaskboardContract.initial()));

    Contract fetched = HttpContractSource.builder(backend.contractUri()).build().fetch();
    assertThat(fetched.ops()).isEqualTo(TaskboardContract.initial().ops());
    assertThat(fetched.opcodes()).hasSize(15);
    Set<Tier> tiers = EnumSet.noneOf(Tier.class);
    fetched.ops().forEach(op -> tiers.add(op.tier()));
    assertThat(tiers).containsExactlyInAnyOrder(Tier.values());
  }

  @Test
  void tagsItsContractByDigestAndAnswersAnUnchangedOneWith304() throws Exception {
    String tag = EntityTag.ofDigest(TaskboardContract.initial().digest()).header();
    assertThat(get("/contract").headers().firstValue("ETag")).contains(tag);

    HttpResponse<String> unchanged = getContractUnless(tag);
    assertThat(unchanged.statusCode()).isEqualTo(304);
    assertThat(unchanged.body()).isEmpty();

    backend.serve(
        TaskboardContract.withoutEnumValue(
            backend.contract(), "set_task_priority", "priority", "urgent"));
    HttpResponse<String> changed = getContractUnless(tag);
    assertThat(changed.statusCode()).isEqualTo(200);
    assertThat(changed.headers().firstValue("ETag"))
        .contains(EntityTag.ofDigest(backend.contract().digest()).header());
  }

  @Test
  void servesAChangedContractWhileRunning() throws Exception {
    backend.serve(
        TaskboardContract.withoutEnumValue(
            backend.contract(), "set_task_priority", "priority", "urgent"));
    Contract fetched = HttpContractSource.builder(backend.contractUri()).build().fetch();
    assertThat(fetched.op("set_task_priority").orElseThrow().operand("priority").orElseThrow())
        .extracting(o -> o.enumValues())
        .isEqualTo(java.util.List.of("low", "normal", "high"));
    // The backend enforces what it serves.
    HttpResponse<String> r =
        post(
            "{\"opcode\":\"set_task_priority\",\"args\":{\"task_id\":\"t1\",\"priority\":\"urgent\"}}");
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.body()).contains("\"error\":\"bad_enum\"");
  }

  @Test
  void servesTheBoardState() throws Exception {
    JsonNode s = state();
    assertThat(s.path("tasks")).hasSize(4);
    assertThat(find(s.path("tasks"), "t1").path("title").asText())
        .isEqualTo("Write launch announcement");
    assertThat(find(s.path("projects"), "p2").path("state").asText()).isEqualTo("active");
    assertThat(find(s.path("goals"), "g1").path("target").isNull()).isTrue();
  }

  @Test
  void appliesOpsToItsState() throws Exception {
    assertThat(
            post("{\"opcode\":\"set_task_due_date\",\"args\":{\"task_id\":\"t3\","
                    + "\"due_date\":\"2026-04-10\"}}")
                .statusCode())
        .isEqualTo(200);
    HttpResponse<String> created =
        post(
            "{\"opcode\":\"create_task\",\"args\":{\"title\":\"Book venue\",\"project_id\":\"p3\","
                + "\"estimate_hours\":\"2.5\",\"labels\":\"[\\\"events\\\",\\\"ops\\\"]\"}}");
    assertThat(created.body()).isEqualTo("{\"ok\":true,\"created\":\"t5\"}");
    assertThat(
            post("{\"opcode\":\"add_labels\",\"args\":{\"task_id\":\"t5\","
                    + "\"labels\":[\"ops\",\"urgent\"]}}")
                .statusCode())
        .isEqualTo(200);
    assertThat(
            post("{\"opcode\":\"publish_goal\",\"args\":{\"goal_id\":\"g1\",\"audience\":\"team\","
                    + "\"target\":\"{\\\"metric\\\":\\\"launched\\\",\\\"value\\\":1}\"}}")
                .statusCode())
        .isEqualTo(200);
    assertThat(
            post("{\"opcode\":\"archive_project\",\"args\":{\"project_id\":\"p2\"}}").statusCode())
        .isEqualTo(200);

    JsonNode s = state();
    assertThat(find(s.path("tasks"), "t3").path("due_date").asText()).isEqualTo("2026-04-10");
    JsonNode t5 = find(s.path("tasks"), "t5");
    assertThat(t5.path("estimate_hours").decimalValue()).isEqualByComparingTo("2.5");
    assertThat(t5.path("labels").toString()).isEqualTo("[\"events\",\"ops\",\"urgent\"]");
    assertThat(find(s.path("goals"), "g1").path("target").toString())
        .isEqualTo("{\"metric\":\"launched\",\"value\":1}");
    assertThat(find(s.path("projects"), "p2").path("state").asText()).isEqualTo("archived");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          unknown op       | {"opcode":"set_due","args":{}}                                             | 400 | unknown_op
          unknown operand  | {"opcode":"complete_task","args":{"task_id":"t1","when":"now"}}           | 400 | unknown_operand
          unknown task     | {"opcode":"complete_task","args":{"task_id":"t99"}}                       | 404 | unknown_task
          unknown project  | {"opcode":"add_to_project","args":{"task_id":"t1","project_id":"p9"}}     | 404 | unknown_project
          bad enum value   | {"opcode":"set_task_priority","args":{"task_id":"t1","priority":"asap"}}  | 400 | bad_enum
          bad date         | {"opcode":"set_task_due_date","args":{"task_id":"t1","due_date":"soon"}}  | 400 | bad_date
          bad number       | {"opcode":"update_task","args":{"task_id":"t1","estimate_hours":"two"}}   | 400 | bad_number
          missing required | {"opcode":"set_task_due_date","args":{"task_id":"t1"}}                    | 400 | missing_operand
          bad JSON operand | {"opcode":"publish_goal","args":{"goal_id":"g1","target":"{","audience":"team"}} | 400 | bad_json
          not JSON         | {opcode                                                                   | 400 | bad_json
          unassigned       | {"opcode":"notify_assignee","args":{"task_id":"t3","message":"hi","channel":"chat"}} | 409 | unassigned
          """)
  void rejectsBadCallsWithAJsonError(String what, String body, int status, String error)
      throws Exception {
    String before = get("/state").body();
    HttpResponse<String> r = post(body);
    assertThat(r.statusCode()).isEqualTo(status);
    JsonNode err = TaskboardBackend.JSON.readTree(r.body());
    assertThat(err.path("error").asText()).isEqualTo(error);
    assertThat(err.path("message").asText()).isNotBlank();
    assertThat(get("/state").body()).isEqualTo(before);
  }

  @Test
  void keepsAChecklistGivenAsJsonOrAsTextHoldingIt() throws Exception {
    String items = "[{\"text\":\"Reproduce\"},{\"text\":\"Fix\",\"done\":true}]";
    HttpResponse<String> asJson =
        post("{\"opcode\":\"create_task\",\"args\":{\"title\":\"a\",\"checklist\":" + items + "}}");
    HttpResponse<String> asText =
        post(
            "{\"opcode\":\"create_task\",\"args\":{\"title\":\"b\",\"checklist\":"
                + TaskboardBackend.JSON.writeValueAsString(items)
                + "}}");

    assertThat(asJson.body()).isEqualTo("{\"ok\":true,\"created\":\"t5\"}");
    assertThat(asText.body()).isEqualTo("{\"ok\":true,\"created\":\"t6\"}");
    String expected = "[{\"text\":\"Reproduce\",\"done\":false},{\"text\":\"Fix\",\"done\":true}]";
    assertThat(find(state().path("tasks"), "t5").path("checklist").toString()).isEqualTo(expected);
    assertThat(find(state().path("tasks"), "t6").path("checklist").toString()).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          not a list      | {"text":"a"}                            | create_task.checklist must be a JSON array of {"text", "done"} objects
          not JSON        | "buy milk"                              | create_task.checklist is not JSON: send the list itself, or a string holding it
          not an object   | ["a"]                                   | create_task.checklist[0] must be an object {"text", "done"}
          no text         | [{"text":"a"},{"done":true}]             | create_task.checklist[1].text is required
          empty text      | [{"text":""}]                           | create_task.checklist[0].text must be text of 1 to 200 characters
          text no string  | [{"text":7}]                            | create_task.checklist[0].text must be text of 1 to 200 characters
          done no boolean | [{"text":"a","done":"yes"}]             | create_task.checklist[0].done must be true or false
          unknown field   | [{"text":"a","due":"2026-04-01"}]       | create_task.checklist[0] has no field "due"; an item has text and done
          """)
  void refusesAWrongChecklistNamingThePlace(String what, String checklist, String message)
      throws Exception {
    HttpResponse<String> r =
        post(
            "{\"opcode\":\"create_task\",\"args\":{\"title\":\"a\",\"checklist\":"
                + checklist
                + "}}");

    assertThat(r.statusCode()).as(what).isEqualTo(400);
    JsonNode error = TaskboardBackend.JSON.readTree(r.body());
    assertThat(error.path("error").asText()).isEqualTo("bad_checklist");
    assertThat(error.path("message").asText()).isEqualTo(message);
    assertThat(state().path("tasks")).hasSize(4);
  }

  @Test
  void refusesAChecklistOfMoreThanTwentyItems() throws Exception {
    String items = "[" + "{\"text\":\"a\"},".repeat(20) + "{\"text\":\"a\"}]";
    HttpResponse<String> r =
        post("{\"opcode\":\"create_task\",\"args\":{\"title\":\"a\",\"checklist\":" + items + "}}");

    assertThat(r.body())
        .isEqualTo(
            "{\"error\":\"bad_checklist\",\"message\":\"create_task.checklist has 21 items; a"
                + " checklist holds at most 20\"}");
  }

  @Test
  void servesItsOpsAsAnOpenApiDocument() throws Exception {
    JsonNode doc = TaskboardBackend.JSON.readTree(get("/openapi.json").body());

    assertThat(doc.path("openapi").asText()).isEqualTo("3.1.0");
    JsonNode create = doc.path("paths").path("/ops/create_task").path("post");
    assertThat(create.path("operationId").asText()).isEqualTo("create_task");
    assertThat(create.path("x-agentkit-tier").asText()).isEqualTo("reversible");
    JsonNode checklist =
        create
            .path("requestBody")
            .path("content")
            .path("application/json")
            .path("schema")
            .path("properties")
            .path("checklist");
    assertThat(checklist.path("items").path("required").toString()).isEqualTo("[\"text\"]");
    assertThat(
            doc.path("paths")
                .path("/ops/archive_project")
                .path("post")
                .path("x-agentkit-tier")
                .asText())
        .isEqualTo("irreversible");
    assertThat(doc.path("paths").path("/ops/get_board").path("post").has("requestBody")).isFalse();
  }

  @Test
  void answersOnlyTheRightMethod() throws Exception {
    assertThat(get("/apply").statusCode()).isEqualTo(405);
  }
}
