package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.ActionSet;
import dev.agentkit.Call;
import dev.agentkit.CallFailedException;
import dev.agentkit.Use;
import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Verified calls run as real HTTP requests against a loopback backend, with the document served on
 * loopback too.
 */
class OpenApiActionsTest {
  private static final String SECRET = "Bearer s3cr3t-t0ken-value";

  private Loopback docs;
  private Loopback backend;
  private OpenApiContractSource source;
  private ActionSet<Void> set;

  @BeforeEach
  void start() throws Exception {
    docs = new Loopback();
    backend = new Loopback();
    docs.serve("/openapi", 200, OpenApiContractSourceTest.resource("tasks-3.0.yaml"));
    source = OpenApiContractSource.fromUrl(docs.uri("/openapi")).contractName("tasks").build();
    Contract contract = source.fetch();
    List<Use<Void>> uses = new ArrayList<>();
    for (String opcode : contract.opcodes()) {
      uses.add(Use.<Void>of(opcode, ChangeCategory.ALWAYS_MINTS).ask(call -> "May I?").build());
    }
    set = ActionSet.bind(contract, uses);
  }

  @AfterEach
  void stop() {
    docs.close();
    backend.close();
  }

  private OpenApiActions actions() {
    return OpenApiActions.builder(backend.uri("/api/"), source)
        .header("Authorization", SECRET)
        .build();
  }

  private Call verified(String opcode, Map<String, String> args) {
    return set.verified(Call.of(opcode, args));
  }

  @Test
  void aPostSendsPathQueryAndATypedJsonBody() throws Exception {
    backend.serve("/api", 201, "{\"id\":\"t1\"}");
    String result =
        actions()
            .run(
                verified(
                    "createTask",
                    Map.of(
                        "project", "a b/c",
                        "dry_run", "true",
                        "title", "Write \"docs\"",
                        "priority", "2",
                        "estimate", "1.5",
                        "labels", "[\"x\", \"y z\"]",
                        "owner", "{\"name\": \"ann\"}",
                        "urgent", "false")));
    assertThat(result).isEqualTo("{\"id\":\"t1\"}");
    Loopback.Received r = backend.received.get(0);
    assertThat(r.method()).isEqualTo("POST");
    assertThat(r.rawPath()).isEqualTo("/api/projects/a%20b%2Fc/tasks");
    assertThat(r.rawQuery()).isEqualTo("dry_run=true");
    assertThat(r.headers()).containsEntry("Content-Type", "application/json");
    assertThat(r.headers()).containsEntry("Authorization", SECRET);
    assertThat(r.body())
        .isEqualTo(
            "{\"title\":\"Write \\\"docs\\\"\",\"priority\":2,\"estimate\":1.5,"
                + "\"labels\":[\"x\",\"y z\"],\"owner\":{\"name\":\"ann\"},\"urgent\":false}");
  }

  @Test
  void anIdempotencyKeyIsSentAsItsHeaderAndReplacesOneOfTheSameName() throws Exception {
    backend.serve("/api", 200, "[]");
    OpenApiActions keyed =
        OpenApiActions.builder(backend.uri("/api/"), source)
            .header("Idempotency-Key", "from-the-builder")
            .build();
    Call call = verified("listTasks", Map.of("project", "p1"));
    keyed.run(call, "agentkit-0123456789abcdef0123456789abcdef-0");
    keyed.run(call, "agentkit-0123456789abcdef0123456789abcdef-0"); // sent again: the same key
    actions().run(call);
    assertThat(backend.received)
        .extracting(r -> r.headers().get("Idempotency-Key"))
        .containsExactly(
            "agentkit-0123456789abcdef0123456789abcdef-0",
            "agentkit-0123456789abcdef0123456789abcdef-0",
            null);
    assertThat(backend.received.get(0).rawPath()).isEqualTo("/api/projects/p1/tasks");
  }

  @Test
  void aGetSendsAListQueryAndAHeaderAndNoBody() throws Exception {
    backend.serve("/api", 200, "[]");
    actions()
        .run(
            verified(
                "listTasks",
                Map.of(
                    "project",
                    "p1",
                    "state",
                    "open",
                    "tag",
                    "[\"a&b\", \"ü\"]",
                    "X-Trace",
                    "trace-1")));
    Loopback.Received r = backend.received.get(0);
    assertThat(r.method()).isEqualTo("GET");
    assertThat(r.rawPath()).isEqualTo("/api/projects/p1/tasks");
    assertThat(r.rawQuery()).isEqualTo("state=open&tag=a%26b&tag=%C3%BC");
    assertThat(r.headers()).containsEntry("X-Trace", "trace-1");
    assertThat(r.body()).isEmpty();
  }

  @Test
  void blankArgumentsAreLeftOutAndAnEmptyAnswerIsNull() throws Exception {
    backend.serve("/api", 204, "");
    assertThat(actions().run(verified("updateTask", Map.of("id", "t1", "state", "")))).isNull();
    Loopback.Received r = backend.received.get(0);
    assertThat(r.method()).isEqualTo("PATCH");
    assertThat(r.body()).isEqualTo("{}");
  }

  @Test
  void anErrorStatusIsAFailureTheModelReadsWithSecretsBlanked() {
    backend.serve("/api", 409, "task t1 is closed (you sent " + SECRET + ")");
    assertThatThrownBy(() -> actions().run(verified("deleteTask", Map.of("id", "t1"))))
        .isInstanceOf(CallFailedException.class)
        .hasMessage(
            "[OpenApiCallFailed] deleteTask: DELETE /tasks/{id} answered HTTP 409: task t1 is"
                + " closed (you sent [redacted])");
  }

  @Test
  void aSlowBackendTimesOut() {
    backend.serve(
        "/api",
        exchange -> {
          try {
            Thread.sleep(3_000);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          Loopback.send(exchange, 200, "late");
        });
    OpenApiActions actions =
        OpenApiActions.builder(backend.uri("/api"), source)
            .connectTimeout(Duration.ofMillis(200))
            .requestTimeout(Duration.ofMillis(300))
            .build();
    assertThatThrownBy(() -> actions.run(verified("getTask", Map.of("id", "t1"))))
        .hasMessage("[OpenApiCallFailed] getTask: GET /tasks/{id} did not answer within 500 ms");
  }

  @Test
  void aResponsePastTheCapIsAFailure() {
    backend.serve("/api", 200, "x".repeat(10_000));
    OpenApiActions actions =
        OpenApiActions.builder(backend.uri("/api"), source).maxResponseBytes(1_000).build();
    assertThatThrownBy(() -> actions.run(verified("getTask", Map.of("id", "t1"))))
        .hasMessage(
            "[OpenApiCallFailed] getTask: GET /tasks/{id} answered with more than 1000 bytes, the"
                + " response cap");
  }

  @Test
  void noBackendIsAFailure() throws IOException {
    OpenApiActions actions = OpenApiActions.builder(backend.uri("/api"), source).build();
    backend.close();
    assertThatThrownBy(() -> actions.run(verified("getTask", Map.of("id", "t1"))))
        .hasMessage(
            "[OpenApiCallFailed] getTask: GET /tasks/{id} could not connect to the backend");
  }

  @Test
  void argumentsTheSchemaRejectsAreFailuresBeforeAnythingIsSent() {
    backend.serve("/api", 200, "ok");
    Map<String, String> base = Map.of("project", "p", "title", "t", "priority", "2");
    // A fraction for an integer and "yes" for a boolean never reach the writer: verify refuses
    // them (BadInteger, BadBoolean), as for any other source.
    assertThatThrownBy(() -> verified("createTask", with(base, "priority", "2.5")))
        .hasMessageContaining("[BadInteger] createTask.priority: \"2.5\" is not an integer");
    assertThatThrownBy(() -> verified("createTask", with(base, "urgent", "yes")))
        .hasMessageContaining("[BadBoolean] createTask.urgent: \"yes\" is not a boolean");
    assertThatThrownBy(() -> actions().run(verified("getTask", Map.of("id", ".."))))
        .hasMessage("[OpenApiBadArgument] getTask: path parameter id cannot be \"..\"");
    assertThatThrownBy(
            () -> actions().run(verified("listTasks", Map.of("project", "p", "X-Trace", "a\nb"))))
        .hasMessage(
            "[OpenApiBadArgument] listTasks: header X-Trace cannot carry a line break, a control"
                + " character or a character outside Latin-1");
    assertThat(backend.received).isEmpty();
  }

  @Test
  void anUnverifiedCallIsRefused() {
    assertThatThrownBy(() -> actions().run(Call.of("getTask", Map.of("id", "t1"))))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void itIsARunHandlerAndHidesItsHeaders() throws Exception {
    backend.serve("/api", 200, "shown");
    assertThat(actions().<Void>handler().run(null, verified("getTask", Map.of("id", "t1"))))
        .isEqualTo("shown");
    assertThat(actions().toString()).doesNotContain("s3cr3t").contains("Authorization");
  }

  private static Map<String, String> with(Map<String, String> base, String k, String v) {
    Map<String, String> out = new java.util.HashMap<>(base);
    out.put(k, v);
    return out;
  }

  @Test
  void aNonObjectJsonBodyAndARawBodyAreSentWhole() throws Exception {
    docs.serve(
        "/other",
        200,
        OpenApiContractSourceTest.document(
            "/things/{id}",
            "put:\n  operationId: putIds\n  summary: Puts ids\n  requestBody:\n    required: true\n    content:\n"
                + "      application/json:\n        schema: {type: array, items: {type: integer}}\n"
                + "  responses: {'200': {description: ok}}\n"
                + "post:\n  operationId: postNote\n  summary: Posts a note\n  requestBody:\n    content:\n"
                + "      text/plain:\n        schema: {type: string}\n"
                + "  responses: {'200': {description: ok}}"));
    OpenApiContractSource other =
        OpenApiContractSource.fromUrl(docs.uri("/other")).contractName("things").build();
    ActionSet<Void> otherSet =
        ActionSet.bind(
            other.fetch(),
            List.of(
                Use.<Void>of("putIds", ChangeCategory.ALWAYS_MINTS).build(),
                Use.<Void>of("postNote", ChangeCategory.ALWAYS_MINTS).build()));
    backend.serve("/api", 200, "ok");
    OpenApiActions actions = OpenApiActions.builder(backend.uri("/api"), other).build();
    actions.run(otherSet.verified(Call.of("putIds", Map.of("id", "x", "body", "[\"1\", \"20\"]"))));
    actions.run(otherSet.verified(Call.of("postNote", Map.of("id", "x", "body", "plain {text}"))));
    assertThat(backend.received)
        .extracting(Loopback.Received::method, Loopback.Received::body)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("PUT", "[1,20]"),
            org.assertj.core.groups.Tuple.tuple("POST", "plain {text}"));
    assertThat(backend.received.get(1).headers()).containsEntry("Content-Type", "text/plain");
  }

  @Test
  void anArgumentTheDocumentNoLongerHasIsRefusedNotDropped() throws Exception {
    String v1 = OpenApiContractSourceTest.resource("tasks-3.0.yaml");
    java.util.concurrent.atomic.AtomicReference<String> served =
        new java.util.concurrent.atomic.AtomicReference<>(v1);
    docs.serve("/changing", exchange -> Loopback.send(exchange, 200, served.get()));
    OpenApiContractSource changing =
        OpenApiContractSource.fromUrl(docs.uri("/changing")).contractName("tasks").build();
    ActionSet<Void> bound =
        ActionSet.bind(
            changing.fetch(),
            List.of(Use.<Void>of("createTask", ChangeCategory.ALWAYS_MINTS).build()));
    Call call =
        bound.verified(
            Call.of(
                "createTask",
                Map.of("project", "p", "title", "t", "priority", "1", "estimate", "2")));
    served.set(v1.replace("        estimate:\n          type: number\n", ""));
    changing.fetch();
    backend.serve("/api", 201, "made");
    OpenApiActions actions = OpenApiActions.builder(backend.uri("/api"), changing).build();
    assertThatThrownBy(() -> actions.run(call))
        .hasMessage(
            "[OpenApiBadArgument] createTask: operand estimate has no place in the request the"
                + " document now describes; the contract was read from another version of the"
                + " document, so bind again");
    assertThat(backend.received).isEmpty();
  }
}
