package dev.agentkit.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.Outcome;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Operand;
import dev.agentkit.langchain4j.AgentkitTools;
import dev.agentkit.mcp.McpActions;
import dev.agentkit.mcp.McpContractSource;
import dev.agentkit.openapi.OpenApiActions;
import dev.agentkit.openapi.OpenApiContractSource;
import dev.agentkit.proposal.ObjectRef;
import dev.agentkit.source.HttpContractSource;
import dev.agentkit.tool.GuardResult;
import dev.agentkit.tool.ToolCallGuard;
import dev.agentkit.tool.ToolDeclaration;
import dev.agentkit.tool.ToolSchemas;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code create_task}'s nested operand, {@code checklist: [{text, done?}]}, end to end against the
 * real backend on loopback, through each of its three faces: the native contract ({@code GET
 * /contract}, {@code POST /apply}), its MCP server ({@code tools/list}, {@code tools/call}) and its
 * OpenAPI document ({@code GET /openapi.json}, {@code POST /ops/create_task}). Each reads the same
 * tree, the guard refuses the wrong shapes with a sentence naming the place and accepts the natural
 * call, the tool schema gives the model the tree, and the call reaches the backend with the
 * checklist's JSON intact.
 */
class ChecklistEndToEndTest {
  /** The call a model writes naturally: a list of objects. */
  static final String NATURAL =
      "{\"title\": \"Write a Safari regression test\", \"checklist\": [{\"text\": \"Reproduce the"
          + " crash\"}, {\"text\": \"Run the checkout suite\", \"done\": true}]}";

  /** Wrong shapes, and the sentence (one of them) the guard answers each with. */
  static final Map<String, String> WRONG =
      Map.of(
          "{\"title\": \"t\", \"checklist\": [{\"done\": true}]}",
          "[RequiredMissing] create_task.checklist[0].text is required: give it a string",
          "{\"title\": \"t\", \"checklist\": [{\"text\": \"a\"}, {\"text\": \"b\", \"done\":"
              + " \"yes\"}]}",
          "[WrongType] create_task.checklist[1].done is the string \"yes\", not a boolean",
          "{\"title\": \"t\", \"checklist\": [{\"text\": \"\"}]}",
          "[StringLength] create_task.checklist[0].text is 0 characters long, fewer than the"
              + " minimum 1",
          "{\"title\": \"t\", \"checklist\": [{\"text\": \"a\", \"due\": \"2026-04-01\"}]}",
          "[UnknownProperty] create_task.checklist[0] has no property \"due\"; its properties"
              + " are: done, text",
          "{\"title\": \"t\", \"checklist\": \"buy milk\"}",
          "[WrongType] create_task.checklist is the string \"buy milk\", not an array",
          "{\"title\": \"t\", \"checklist\": ["
              + "{\"text\": \"a\"},".repeat(20)
              + "{\"text\": \"a\"}]}",
          "[ItemCount] create_task.checklist has 21 elements, more than the maximum 20");

  private static final Operand CHECKLIST = TaskboardContract.CHECKLIST;

  private TaskboardBackend backend;

  @BeforeEach
  void start() throws Exception {
    backend = TaskboardBackend.start();
  }

  @AfterEach
  void stop() {
    backend.close();
  }

  @Test
  void nativeContractTheCompiledAgentAndItsTypedView() throws Exception {
    HttpContractSource source =
        HttpContractSource.builder(backend.contractUri())
            .contractName(TriageAgent_Wiring.CONTRACT)
            .build();
    assertThat(source.fetch().op("create_task").orElseThrow().operand("checklist"))
        .contains(CHECKLIST);
    // javac compiled the agent against the committed snapshot, which holds the same tree.
    assertThat(
            TriageAgent_Wiring.bindOffline(new TriageAgent())
                .acts()
                .contract()
                .orElseThrow()
                .op("create_task")
                .orElseThrow()
                .operand("checklist"))
        .contains(CHECKLIST);
    ActionSet<Board> acts = TriageAgent_Wiring.bind(new TriageAgent(), source).acts();

    Call call = guarded(acts);
    TriageAgent_Wiring.CreateTask view = new TriageAgent_Wiring.CreateTask(call);
    assertThat(view.checklist())
        .extracting(TriageAgent_Wiring.CreateTask.ChecklistItem::text)
        .containsExactly("Reproduce the crash", "Run the checkout suite");
    assertThat(view.checklist()).extracting(i -> i.done().orElse(null)).containsExactly(null, true);

    Board board = Board.connect(backend.baseUri());
    Outcome outcome = acts.run(board, call);
    assertThat(TriageAgent_Wiring.CreateTask.result(outcome))
        .contains(
            new TriageAgent.CreatedTask(
                "t5", List.of("Reproduce the crash", "Run the checkout suite (done)")));
    assertReached(board);
  }

  @Test
  void theNativeClientSendsTheChecklistAsJsonNotText() throws Exception {
    ActionSet<Board> acts = TriageAgent_Wiring.bindOffline(new TriageAgent()).acts();
    Call call = guarded(acts);
    try (RecordingBackend recording = RecordingBackend.start()) {
      Board.connect(recording.baseUri()).apply(call);
      JsonNode sent = TaskboardBackend.JSON.readTree(recording.lastApply());
      assertThat(sent.path("args").path("checklist").toString())
          .isEqualTo(
              "[{\"text\":\"Reproduce the crash\"},{\"text\":\"Run the checkout suite\","
                  + "\"done\":true}]");
      assertThat(sent.path("args").path("title").asText())
          .isEqualTo("Write a Safari regression test");
    }
  }

  @Test
  void theToolSchemaGivesTheModelTheTree() throws Exception {
    ActionSet<Board> acts = TriageAgent_Wiring.bindOffline(new TriageAgent()).acts();
    ToolDeclaration create =
        ToolSchemas.declarations(acts).stream()
            .filter(d -> d.name().equals("create_task"))
            .findFirst()
            .orElseThrow();
    JsonNode checklist =
        TaskboardBackend.JSON
            .readTree(create.parametersJson())
            .path("properties")
            .path("checklist");
    assertThat(checklist.path("type").asText()).isEqualTo("array");
    assertThat(checklist.path("maxItems").asInt()).isEqualTo(20);
    JsonNode item = checklist.path("items");
    assertThat(item.path("type").asText()).isEqualTo("object");
    assertThat(item.path("required").toString()).isEqualTo("[\"text\"]");
    assertThat(item.path("additionalProperties").asBoolean(true)).isFalse();
    assertThat(item.path("properties").path("text").path("minLength").asInt()).isEqualTo(1);
    assertThat(item.path("properties").path("text").path("maxLength").asInt()).isEqualTo(200);
    assertThat(item.path("properties").path("done").path("default").asBoolean(true)).isFalse();
    assertThat(item.path("properties").path("done").path("description").asText())
        .isEqualTo("Whether it is done already.");

    ToolSpecification spec =
        AgentkitTools.builder(acts, "triage")
            .anchor(call -> ObjectRef.of(call.op().objectType(), call.arg("task_id")))
            .proposals(proposal -> {}) // only the specifications are read here
            .build()
            .specifications()
            .stream()
            .filter(s -> s.name().equals("create_task"))
            .findFirst()
            .orElseThrow();
    // LangChain4j's tool specification carries the same tree, as the raw JSON Schema it sends.
    JsonRawSchema raw = (JsonRawSchema) spec.parameters().properties().get("checklist");
    assertThat(TaskboardBackend.JSON.readTree(raw.schema())).isEqualTo(checklist);
  }

  @Test
  void overMcp() throws Exception {
    try (TaskboardMcpServer server = TaskboardMcpServer.start(backend);
        McpContractSource source =
            McpContractSource.http(server.url()).contractName("taskboard-mcp").build()) {
      // tools/list gives the checklist as an array of closed objects.
      JsonNode listed = inputSchemaOverTheWire(server.url(), "create_task");
      assertThat(listed.path("properties").path("checklist"))
          .isEqualTo(
              TaskboardBackend.JSON.readTree(
                  "{\"type\":\"array\",\"items\":{\"type\":\"object\",\"properties\":{"
                      + "\"text\":{\"type\":\"string\",\"minLength\":1,\"maxLength\":200,"
                      + "\"description\":\"What to do, such as Reproduce the crash.\"},"
                      + "\"done\":{\"type\":\"boolean\",\"default\":false,"
                      + "\"description\":\"Whether it is done already.\"}},"
                      + "\"required\":[\"text\"],\"additionalProperties\":false},"
                      + "\"maxItems\":20,\"description\":\"The steps to finish the task, in"
                      + " order.\"}"));
      Contract contract = source.fetch();
      assertThat(source.warnings()).isEmpty();
      assertThat(contract.op("create_task").orElseThrow().operand("checklist")).contains(CHECKLIST);
      McpActions mcp = McpActions.builder(source).build();
      ActionSet<Void> acts =
          ActionSet.bind(
              contract,
              List.of(
                  Use.<Void>of("create_task", ChangeCategory.ALWAYS_MINTS)
                      .run(mcp.handler())
                      .build()));

      Call call = guarded(acts);
      assertThat(mcp.run(call)).isEqualTo("{\"ok\":true,\"created\":\"t5\"}");
      assertReached(Board.connect(backend.baseUri()));
    }
  }

  @Test
  void overOpenApi() throws Exception {
    OpenApiContractSource source =
        OpenApiContractSource.fromUrl(backend.openApiUri())
            .contractName("taskboard-openapi")
            .build();
    Contract contract = source.fetch();
    assertThat(source.warnings()).isEmpty();
    assertThat(contract.opcodes()).isEqualTo(TaskboardContract.initial().opcodes());
    assertThat(contract.op("create_task").orElseThrow().operand("checklist")).contains(CHECKLIST);
    OpenApiActions http = OpenApiActions.builder(backend.baseUri(), source).build();
    ActionSet<Void> acts =
        ActionSet.bind(
            contract,
            List.of(
                Use.<Void>of("create_task", ChangeCategory.ALWAYS_MINTS)
                    .run(http.handler())
                    .build()));

    Call call = guarded(acts);
    assertThat(http.run(call)).isEqualTo("{\"ok\":true,\"created\":\"t5\"}");
    assertReached(Board.connect(backend.baseUri()));
  }

  @Test
  void theBackendRefusesAWrongChecklistItselfNamingThePlace() throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    HttpResponse<String> r =
        client.send(
            HttpRequest.newBuilder(backend.baseUri().resolve("/ops/create_task"))
                .header("Content-Type", "application/json")
                .POST(
                    HttpRequest.BodyPublishers.ofString(
                        "{\"title\": \"t\", \"checklist\": [{\"text\": \"a\"}, {\"done\": true}]}"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.body())
        .isEqualTo(
            "{\"error\":\"bad_checklist\",\"message\":\"create_task.checklist[1].text is"
                + " required\"}");
    assertThat(Board.connect(backend.baseUri()).tasks()).hasSize(4);
  }

  /** The wrong shapes refused, each with its sentence; the natural call accepted and returned. */
  private static Call guarded(ActionSet<?> acts) {
    ToolCallGuard guard = ToolCallGuard.of(acts);
    WRONG.forEach(
        (json, sentence) -> {
          GuardResult result = guard.check("create_task", json);
          assertThat(result.accepted()).as(json).isFalse();
          assertThat(((GuardResult.Correction) result).problems())
              .as(json)
              .containsExactly(sentence);
        });
    GuardResult natural = guard.check("create_task", NATURAL);
    assertThat(natural.accepted()).as(natural.toString()).isTrue();
    return ((GuardResult.Accepted) natural).call();
  }

  /** The backend holds the new task with the checklist as the model wrote it. */
  private static void assertReached(Board board) {
    Board.Task created = board.task("t5").orElseThrow();
    assertThat(created.title()).isEqualTo("Write a Safari regression test");
    assertThat(created.checklist())
        .containsExactly(
            new Board.ChecklistItem("Reproduce the crash", false),
            new Board.ChecklistItem("Run the checkout suite", true));
  }

  /** {@code tools/list} read with the MCP SDK's own client: the schema as the server sends it. */
  private static JsonNode inputSchemaOverTheWire(URI url, String tool) throws Exception {
    HttpClientStreamableHttpTransport transport =
        HttpClientStreamableHttpTransport.builder(url.resolve("/").toString())
            .endpoint(url.getPath())
            .build();
    try (McpSyncClient client = McpClient.sync(transport).build()) {
      client.initialize();
      McpSchema.Tool found =
          client.listTools().tools().stream()
              .filter(t -> t.name().equals(tool))
              .findFirst()
              .orElseThrow();
      return TaskboardBackend.JSON.readTree(
          TaskboardBackend.JSON.writeValueAsString(found.inputSchema()));
    }
  }
}
