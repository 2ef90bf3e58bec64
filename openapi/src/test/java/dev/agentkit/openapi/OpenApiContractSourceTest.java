package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.ContractSourceException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The OpenAPI source against documents served on loopback and read from files. */
class OpenApiContractSourceTest {
  private Loopback server;
  @TempDir Path dir;

  @BeforeEach
  void start() throws IOException {
    server = new Loopback();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  static String resource(String name) throws IOException {
    try (InputStream in = OpenApiContractSourceTest.class.getResourceAsStream("/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private OpenApiContractSource served(String document) {
    server.serve("/openapi", 200, document);
    return OpenApiContractSource.fromUrl(server.uri("/openapi")).contractName("tasks").build();
  }

  private Contract fetch(String document) throws ContractSourceException {
    return served(document).fetch();
  }

  /** A minimal 3.0 document with the given operations under one path. */
  static String document(String pathItem) {
    return document("/things", pathItem);
  }

  static String document(String path, String pathItem) {
    return "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n  "
        + path
        + ":\n"
        + pathItem.indent(4)
        + "components: {}\n";
  }

  @Test
  void readsA30YamlDocumentFromAUrl() throws Exception {
    OpenApiContractSource source = served(resource("tasks-3.0.yaml"));
    Contract c = source.fetch();
    assertThat(c.name()).isEqualTo("tasks");
    assertThat(c.source()).isEqualTo(server.uri("/openapi").toString());
    assertThat(c.opcodes())
        .containsExactly(
            "archiveOptions",
            "archiveTask",
            "createTask",
            "deleteTask",
            "getTask",
            "listTasks",
            "replaceArchive",
            "taskExists",
            "updateTask");
    Op list = c.op("listTasks").orElseThrow();
    assertThat(list.description()).isEqualTo("Lists the project's tasks");
    assertThat(list.operands())
        .containsExactly(
            new Operand(
                "project",
                "The project the tasks belong to",
                OperandType.STRING,
                true,
                List.of(),
                false),
            new Operand(
                "state",
                "Where the task is",
                OperandType.ENUM,
                false,
                List.of("open", "doing", "done"),
                false),
            new Operand("tag", "", OperandType.STRING, false, List.of(), true),
            new Operand("X-Trace", "", OperandType.STRING, false, List.of(), false));
    assertThat(source.warnings()).isEmpty();
  }

  @Test
  void theJsonBodysPropertiesFollowTheParameters() throws Exception {
    Op create = fetch(resource("tasks-3.0.yaml")).op("createTask").orElseThrow();
    assertThat(create.description()).isEqualTo("Creates a task in the project");
    assertThat(create.operandNames())
        .containsExactly(
            "project",
            "dry_run",
            "title",
            "priority",
            "estimate",
            "due",
            "labels",
            "owner",
            "urgent");
    assertThat(create.operand("title").orElseThrow().description()).isEqualTo("The task's title");
    assertThat(create.operand("title").orElseThrow().required()).isTrue();
    assertThat(create.operand("estimate").orElseThrow().required()).isFalse();
    assertThat(create.operand("due").orElseThrow().type()).isEqualTo(OperandType.DATE);
    assertThat(create.operand("labels").orElseThrow().list()).isTrue();
    assertThat(create.operand("dry_run").orElseThrow().description())
        .isEqualTo("Only check the task");
  }

  @Test
  void anOptionalBodyMakesNoPropertyRequired() throws Exception {
    Op update = fetch(resource("tasks-3.0.yaml")).op("updateTask").orElseThrow();
    assertThat(update.operand("state").orElseThrow().required()).isFalse();
    assertThat(update.operand("id").orElseThrow().required()).isTrue();
  }

  @Test
  void readsA31JsonDocumentFromAFile() throws Exception {
    Path file = dir.resolve("tasks.json");
    Files.writeString(file, resource("tasks-3.1.json"));
    OpenApiContractSource source =
        OpenApiContractSource.fromFile(file).contractName("tasks").build();
    Op create = source.fetch().op("createTask").orElseThrow();
    assertThat(create.operands())
        .containsExactly(
            new Operand("title", "What to do", OperandType.STRING, true, List.of(), false),
            new Operand("note", "", OperandType.STRING, false, List.of(), false),
            new Operand("state", "", OperandType.ENUM, false, List.of("open", "done"), false),
            new Operand("when", "", OperandType.STRING, false, List.of(), false));
    assertThat(source.warnings())
        .containsExactly(
            "[SchemaUnmapped] operation \"createTask\", property \"when\": oneOf offers"
                + " alternatives, which one operand cannot carry, so it is taken as an opaque value"
                + " (JSON text the model writes); give it one type to type-check it");
    assertThat(source.describe()).isEqualTo(file.toString());
  }

  @ParameterizedTest(name = "{0} → {1}")
  @CsvSource({
    "getTask, read_only", // GET
    "taskExists, read_only", // HEAD
    "replaceArchive, irreversible", // PUT marked x-agentkit-tier: irreversible
    "updateTask, reversible", // PATCH
    "createTask, reversible", // POST
    "deleteTask, irreversible", // DELETE
    "archiveOptions, irreversible", // any other method
    "archiveTask, read_only" // POST marked x-agentkit-tier: read_only
  })
  void tierRules(String opcode, String tier) throws Exception {
    assertThat(fetch(resource("tasks-3.0.yaml")).op(opcode).orElseThrow().tier())
        .isEqualTo(Tier.parse(tier));
  }

  @Test
  void aPutWithoutMarkIsReversible() throws Exception {
    Contract c =
        fetch(document("put:\n  operationId: put\n  responses: {'200': {description: ok}}"));
    assertThat(c.op("put").orElseThrow().tier()).isEqualTo(Tier.REVERSIBLE);
  }

  @Test
  void theObjectTypeComesFromItsExtension() throws Exception {
    Contract c = fetch(resource("tasks-3.0.yaml"));
    assertThat(c.op("archiveTask").orElseThrow().objectType()).isEqualTo("task");
    assertThat(c.op("getTask").orElseThrow().objectType()).isEmpty();
  }

  @Test
  void anUnknownTierMarkFailsTheFetch() {
    String doc =
        document(
            "get:\n  operationId: peek\n  x-agentkit-tier: readonyl\n"
                + "  responses: {'200': {description: ok}}");
    assertThatThrownBy(() -> fetch(doc))
        .isInstanceOf(ContractSourceException.class)
        .hasMessage(
            "[OpenApiBadTier] operation \"peek\" in "
                + server.uri("/openapi")
                + " has x-agentkit-tier \"readonyl\": unknown tier \"readonyl\": use one of"
                + " external_reversible, irreversible, read_only, reversible; did you mean"
                + " \"read_only\"?");
  }

  @Test
  void anOperationWithoutOperationIdIsAWarning() throws Exception {
    OpenApiContractSource source =
        served(
            document(
                "get:\n  operationId: peek\n  responses: {'200': {description: ok}}\n"
                    + "delete:\n  responses: {'204': {description: gone}}"));
    assertThat(source.fetch().opcodes()).containsExactly("peek");
    assertThat(source.warnings())
        .containsExactly(
            "[OpenApiNoOperationId] DELETE /things in "
                + server.uri("/openapi")
                + " has no operationId, so it is no op an agent can bind; give it one");
  }

  @Test
  void twoOperationsWithOneOperationIdFailTheFetch() {
    String doc =
        document(
            "get:\n  operationId: same\n  responses: {'200': {description: ok}}\n"
                + "delete:\n  operationId: same\n  responses: {'204': {description: gone}}");
    assertThatThrownBy(() -> fetch(doc))
        .hasMessage(
            "[OpenApiDuplicateOperationId] "
                + server.uri("/openapi")
                + " gives operationId \"same\" to both GET /things and DELETE /things;"
                + " an operationId names one operation, so rename one of them");
  }

  @Test
  void anUnparseableDocumentFailsTheFetch() {
    assertThatThrownBy(() -> fetch("{\"this\": is not [json or yaml"))
        .isInstanceOf(ContractSourceException.class)
        .hasMessageStartingWith(
            "[OpenApiUnreadable] "
                + server.uri("/openapi")
                + " is not an OpenAPI 3.0 or 3.1"
                + " document")
        .hasMessageEndingWith(
            "; check the URL or path, and that the document starts with \"openapi: 3.x\"");
    assertThatThrownBy(() -> fetch("openapi: 3.0.3\ninfo:\n  title: t\n   version: x: y\n"))
        .hasMessageStartingWith("[OpenApiUnreadable]")
        .hasMessageContaining("mapping values are not allowed here")
        .hasMessageNotContaining("\n");
    assertThatThrownBy(() -> fetch("{\"swagger\": \"2.0\", \"zzz\": 1}"))
        .hasMessageStartingWith("[OpenApiUnreadable]")
        .hasMessageContaining("(the parser says: attribute openapi is missing)");
  }

  @Test
  void aDocumentPastTheCapFailsTheFetchWithoutReadingIt() throws Exception {
    String huge =
        document("get:\n  operationId: peek\n  responses: {'200': {description: ok}}")
            + "#"
            + "x".repeat(5_000)
            + "\n";
    server.serve("/huge", 200, huge);
    OpenApiContractSource source =
        OpenApiContractSource.fromUrl(server.uri("/huge"))
            .contractName("tasks")
            .maxDocumentBytes(4_096)
            .build();
    assertThatThrownBy(source::fetch)
        .hasMessage(
            "[OpenApiTooLarge] the OpenAPI document "
                + server.uri("/huge")
                + " is larger than 4096 bytes; raise maxDocumentBytes if it really is that large");
    Path file = dir.resolve("huge.yaml");
    Files.writeString(file, huge);
    assertThatThrownBy(
            () ->
                OpenApiContractSource.fromFile(file)
                    .contractName("tasks")
                    .maxDocumentBytes(4_096)
                    .build()
                    .fetch())
        .hasMessageStartingWith("[OpenApiTooLarge] the OpenAPI document " + file);
  }

  @Test
  void aLargeDocumentWithinTheCapReadsWhole() throws Exception {
    StringBuilder doc =
        new StringBuilder("openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths:\n");
    for (int i = 0; i < 2_000; i++) {
      doc.append("  /t")
          .append(i)
          .append(":\n    get:\n      operationId: op")
          .append(i)
          .append("\n      parameters:\n        - {name: q, in: query, schema: {type: integer}}\n")
          .append("      responses: {'200': {description: ok}}\n");
    }
    assertThat(fetch(doc.toString()).ops()).hasSize(2_000);
  }

  @Test
  void anErrorStatusOrNoServerFailsTheFetch() {
    server.serve("/gone", 404, "no such document");
    OpenApiContractSource gone =
        OpenApiContractSource.fromUrl(server.uri("/gone")).contractName("tasks").build();
    assertThatThrownBy(gone::fetch)
        .hasMessage("[OpenApiUnavailable] GET " + server.uri("/gone") + " answered HTTP 404");
    URI dead = server.uri("/openapi");
    server.close();
    OpenApiContractSource down = OpenApiContractSource.fromUrl(dead).contractName("tasks").build();
    assertThatThrownBy(down::fetch)
        .hasMessage(
            "[OpenApiUnavailable] GET " + dead + " could not connect; is the backend running?");
  }

  @Test
  void aDeeplyNestedDocumentFailsWithATag() {
    String deep = "{\"a\":".repeat(5_000) + "1" + "}".repeat(5_000);
    String doc =
        "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"t\", \"version\": \"1\"},"
            + " \"paths\": {}, \"x-deep\": "
            + deep
            + "}";
    assertThatThrownBy(() -> fetch(doc))
        .hasMessage(
            "[OpenApiTooComplex] the OpenAPI document "
                + server.uri("/openapi")
                + " nests mappings and sequences deeper than 100 levels; raise maxDocumentDepth if"
                + " it really is that large");
  }

  @Test
  void aMissingFileFailsTheFetch() {
    Path missing = dir.resolve("missing.yaml");
    assertThatThrownBy(
            () -> OpenApiContractSource.fromFile(missing).contractName("tasks").build().fetch())
        .hasMessage(
            "[OpenApiUnavailable] cannot read the OpenAPI document "
                + missing
                + " (NoSuchFileException); check the path");
  }

  @Test
  void credentialsAreSentButNeverShown() throws Exception {
    server.serve("/private", 200, resource("tasks-3.0.yaml"));
    OpenApiContractSource source =
        OpenApiContractSource.fromUrl(URI.create(server.uri("/private") + "?key=sekrit-query"))
            .contractName("tasks")
            .header("Authorization", "Bearer s3cr3t-t0ken-value")
            .build();
    Contract c = source.fetch();
    assertThat(server.received.get(0).headers().get("Authorization"))
        .isEqualTo("Bearer s3cr3t-t0ken-value");
    assertThat(source.toString()).doesNotContain("s3cr3t").contains("Authorization");
    assertThat(source.describe() + c.source()).doesNotContain("sekrit");
  }

  @Test
  void aBodyPropertyNamedLikeAParameterIsRenamed() throws Exception {
    OpenApiContractSource source =
        served(
            document(
                "parameters:\n  - {name: id, in: query, required: true, schema: {type: string}}\n"
                    + "put:\n  operationId: put\n  requestBody:\n    content:\n"
                    + "      application/json:\n        schema:\n          type: object\n"
                    + "          properties: {id: {type: string}}\n"
                    + "  responses: {'200': {description: ok}}"));
    assertThat(source.fetch().op("put").orElseThrow().operandNames())
        .containsExactly("id", "body_id");
    assertThat(source.warnings())
        .containsExactly(
            "[OpenApiOperandClash] operation \"put\" in "
                + server.uri("/openapi")
                + " has a parameter and a body property both named \"id\"; the body property is"
                + " operand \"body_id\"");
  }

  @Test
  void aNonJsonBodyIsOneStringOperand() throws Exception {
    OpenApiContractSource source =
        served(
            document(
                "put:\n  operationId: put\n  requestBody:\n    required: true\n    content:\n"
                    + "      text/plain:\n        schema: {type: string}\n"
                    + "  responses: {'200': {description: ok}}"));
    Op put = source.fetch().op("put").orElseThrow();
    assertThat(put.operands())
        .containsExactly(new Operand("body", "", OperandType.STRING, true, List.of(), false));
    assertThat(source.warnings())
        .containsExactly(
            "[OpenApiBodyNotJson] operation \"put\" in "
                + server.uri("/openapi")
                + " takes a text/plain body, which is not JSON; it is one string operand \"body\""
                + " sent as is");
  }

  @Test
  void aDanglingParameterRefIsAWarning() throws Exception {
    OpenApiContractSource source =
        served(
            document(
                "get:\n  operationId: peek\n  parameters:\n"
                    + "    - $ref: '#/components/parameters/Nope'\n"
                    + "  responses: {'200': {description: ok}}"));
    assertThat(source.fetch().op("peek").orElseThrow().operands()).isEmpty();
    assertThat(source.warnings())
        .containsExactly(
            "[OpenApiUnresolvedRef] "
                + server.uri("/openapi")
                + " refers to parameter #/components/parameters/Nope, which it does not declare;"
                + " the parameter is left out until it is declared");
  }

  @Test
  void anUndeclaredPathVariableIsARequiredStringAndAWarning() throws Exception {
    OpenApiContractSource source =
        served(
            document(
                "/things/{id}",
                "get:\n  operationId: peek\n  responses: {'200': {description: ok}}"));
    assertThat(source.fetch().op("peek").orElseThrow().operands())
        .containsExactly(new Operand("id", "", OperandType.STRING, true, List.of(), false));
    assertThat(source.warnings())
        .containsExactly(
            "[OpenApiPathParameter] operation \"peek\" in "
                + server.uri("/openapi")
                + ": the path /things/{id} uses {id}, which no parameter declares; it is taken as a"
                + " required string operand");
  }

  @Test
  void aDanglingRequestBodyRefIsAWarning() throws Exception {
    OpenApiContractSource source =
        served(
            document(
                "post:\n  operationId: poke\n  requestBody:\n"
                    + "    $ref: '#/components/requestBodies/Nope'\n"
                    + "  responses: {'200': {description: ok}}"));
    assertThat(source.fetch().op("poke").orElseThrow().operands()).isEmpty();
    assertThat(source.warnings())
        .containsExactly(
            "[OpenApiUnresolvedRef] "
                + server.uri("/openapi")
                + " refers to request body #/components/requestBodies/Nope, which it does not"
                + " declare; the body is left out until it is declared");
  }

  @Test
  void aBuilderWithoutNameOrWithABadUrlIsRejected() {
    assertThatThrownBy(() -> OpenApiContractSource.fromUrl(URI.create("http://h/x")).build())
        .hasMessageStartingWith("an OpenApiContractSource needs contractName(...)");
    assertThatThrownBy(
            () -> OpenApiContractSource.fromUrl(URI.create("ftp://h/x")).contractName("t").build())
        .hasMessage("the OpenAPI document URL \"ftp://h/x\" is not an absolute http or https URL");
    assertThatThrownBy(
            () ->
                OpenApiContractSource.fromUrl(URI.create("http://u:p@h/x"))
                    .contractName("t")
                    .build())
        .hasMessage(
            "the OpenAPI document URL http://h/x carries credentials before its host; pass them"
                + " in a header instead");
  }
}
