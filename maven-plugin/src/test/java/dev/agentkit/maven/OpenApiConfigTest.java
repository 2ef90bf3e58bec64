package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.ContractSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A {@code <contract>} naming an OpenAPI document: by URL or by path, and each mistake. */
class OpenApiConfigTest {
  static final String DOCUMENT =
      """
      openapi: 3.0.3
      info: {title: Tasks, version: '1'}
      paths:
        /tasks/{id}:
          parameters:
            - {name: id, in: path, required: true, schema: {type: string}}
          get: {operationId: getTask, summary: Shows a task, responses: {'200': {description: ok}}}
          put:
            operationId: closeTask
            summary: Closes a task
            responses: {'200': {description: ok}}
          delete: {summary: Deletes a task, responses: {'204': {description: gone}}}
      """;

  @TempDir Path module;
  private SourceFactory factory;

  @BeforeEach
  void files() throws Exception {
    Files.createDirectories(module.resolve("src/main/openapi"));
    Files.writeString(module.resolve("src/main/openapi/tasks.yaml"), DOCUMENT);
    factory =
        new SourceFactory(
            Map.of("TOKEN", "s3cret", "BROKEN", "a\nb")::get,
            Map.of("board", new SourceFactory.Server(null, "tok")),
            List.of(),
            module);
  }

  private static ContractConfig openapi(String value) {
    ContractConfig c = new ContractConfig();
    c.name = "tasks";
    c.openapi = value;
    return c;
  }

  @Test
  void aPathIsReadFromTheModuleAndStampedAsThePomWritesIt() throws Exception {
    SourceFactory.Configured configured =
        factory.configure(openapi(" src/main/openapi/tasks.yaml "), 0);
    assertThat(configured.source().describe()).isEqualTo("src/main/openapi/tasks.yaml");
    Contract live = SourceFetch.fetch(configured.source(), "tasks");
    assertThat(live.source()).isEqualTo("src/main/openapi/tasks.yaml");
    assertThat(live.op("closeTask").orElseThrow().tier()).isEqualTo(Tier.REVERSIBLE);
    assertThat(live.op("getTask").orElseThrow().tier()).isEqualTo(Tier.READ_ONLY);
    assertThat(SourceFetch.warningLines(live, configured.warnings().get()))
        .singleElement()
        .asString()
        .startsWith("agentkit: tasks: [OpenApiNoOperationId] DELETE /tasks/{id} in ")
        .endsWith(" has no operationId, so it is no op an agent can bind; give it one");
  }

  @Test
  void everyBoundAnOpenApiMessageNamesIsAContractElementThatReachesTheSource() throws Exception {
    Map<String, java.util.function.Consumer<ContractConfig>> bounds =
        new java.util.LinkedHashMap<>();
    bounds.put("[OpenApiTooLarge]", c -> c.maxDocumentBytes = 10);
    bounds.put("raise maxDocumentNodes", c -> c.maxDocumentNodes = 10);
    bounds.put("raise maxDocumentDepth", c -> c.maxDocumentDepth = 2);
    bounds.put("raise maxYamlLineChars", c -> c.maxYamlLineChars = 10);
    for (Map.Entry<String, java.util.function.Consumer<ContractConfig>> e : bounds.entrySet()) {
      ContractConfig c = openapi("src/main/openapi/tasks.yaml");
      e.getValue().accept(c);
      ContractSource source = factory.create(c, 0);
      assertThatThrownBy(source::fetch).hasMessageContaining(e.getKey());
    }
    Files.writeString(
        module.resolve("src/main/openapi/aliased.yaml"),
        DOCUMENT + "x-a: &a [1, 2]\nx-b: [*a, *a]\nx-e: {enum: [a, b, c]}\n");
    Map<String, java.util.function.Consumer<ContractConfig>> yaml = new java.util.LinkedHashMap<>();
    yaml.put("raise maxYamlAliases", c -> c.maxYamlAliases = 1);
    yaml.put("raise maxAliasExpansion", c -> c.maxAliasExpansion = 3);
    yaml.put("raise maxEnumValues", c -> c.maxEnumValues = 2);
    for (Map.Entry<String, java.util.function.Consumer<ContractConfig>> e : yaml.entrySet()) {
      ContractConfig c = openapi("src/main/openapi/aliased.yaml");
      e.getValue().accept(c);
      assertThatThrownBy(factory.create(c, 0)::fetch).hasMessageContaining(e.getKey());
    }
  }

  @Test
  void theBoundsMustBePositive() {
    for (String element :
        List.of(
            "maxDocumentBytes",
            "maxDocumentNodes",
            "maxAliasExpansion",
            "maxYamlAliases",
            "maxDocumentDepth",
            "maxEnumValues",
            "maxYamlLineChars")) {
      ContractConfig c = openapi("src/main/openapi/tasks.yaml");
      try {
        ContractConfig.class.getDeclaredField(element).setInt(c, 0);
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(element, e);
      }
      assertThatThrownBy(() -> factory.create(c, 0))
          .hasMessage("contracts[0] (tasks): <" + element + "> must be positive");
    }
    ContractConfig url = new ContractConfig();
    url.name = "board";
    url.url = "http://127.0.0.1:9/contract";
    url.maxResponseBytes = -1;
    assertThatThrownBy(() -> factory.create(url, 0))
        .hasMessage("contracts[0] (board): <maxResponseBytes> must be positive");
  }

  @Test
  void aFileUriIsAPathToo() throws Exception {
    String uri = module.resolve("src/main/openapi/tasks.yaml").toUri().toString();
    assertThat(factory.create(openapi(uri), 0).describe()).isEqualTo(uri);
  }

  @Test
  void aUrlIsFetchedWithTheContractsHeadersAndCredentials() throws Exception {
    ContractConfig c = openapi("http://127.0.0.1:8080/openapi.json?v=2");
    c.authorizationEnv = "TOKEN";
    c.headers = List.of("X-Tenant: acme");
    SourceFactory.Configured configured = factory.configure(c, 0);
    assertThat(configured.source().describe()).isEqualTo("http://127.0.0.1:8080/openapi.json");
    assertThat(configured.source().toString()).doesNotContain("s3cret");
    assertThat(configured.warnings().get()).isEmpty();
  }

  @Test
  void aPathThatNamesNoReadableFile() throws Exception {
    assertThatThrownBy(() -> factory.create(openapi("src/main/openapi/taks.yaml"), 3))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "[OpenApiFile] contracts[3] (tasks): <openapi> \"src/main/openapi/taks.yaml\" names no"
                + " readable file (there is no file at "
                + module.resolve("src/main/openapi/taks.yaml")
                + "); give a path relative to the module's directory, or the document's http(s)"
                + " URL");
    assertThatThrownBy(() -> factory.create(openapi("src/main/openapi"), 0))
        .hasMessage(
            "[OpenApiFile] contracts[0] (tasks): <openapi> \"src/main/openapi\" names no readable"
                + " file ("
                + module.resolve("src/main/openapi")
                + " is not a regular file); give a path relative to the module's directory, or the"
                + " document's http(s) URL");
    assertThatThrownBy(() -> factory.create(openapi("file://host/a b"), 0))
        .hasMessage(
            "[OpenApiFile] contracts[0] (tasks): <openapi> \"file://host/a b\" is not a usable"
                + " path or file: URI; give a path relative to the module's directory, or the"
                + " document's http(s) URL");
  }

  @Test
  void aFileHasNoOneToSendCredentialsTo() {
    ContractConfig c = openapi("src/main/openapi/tasks.yaml");
    c.serverId = "board";
    assertThatThrownBy(() -> factory.create(c, 0))
        .hasMessage(
            "[OpenApiFile] contracts[0] (tasks): <openapi> names a file, so <headers>,"
                + " <authorizationEnv> and <serverId> have nothing to be sent to; remove them, or"
                + " give the document's http(s) URL");
  }

  @Test
  void badUrls() {
    assertThatThrownBy(() -> factory.create(openapi("ftp://docs/openapi.yaml"), 0))
        .hasMessage(
            "[OpenApiUrl] contracts[0] (tasks): <openapi> \"ftp://docs/openapi.yaml\" must start"
                + " with http:// or https:// (or be a path to a file)");
    assertThatThrownBy(() -> factory.create(openapi("http://a b/openapi.yaml"), 0))
        .hasMessage(
            "[OpenApiUrl] contracts[0] (tasks): <openapi> \"http://a b/openapi.yaml\" is not a URL:"
                + " Illegal character in authority");
    assertThatThrownBy(() -> factory.create(openapi("https:openapi.yaml"), 0))
        .hasMessage(
            "[OpenApiUrl] contracts[0] (tasks): <openapi> \"https:openapi.yaml\" has no host"
                + " name");
    assertThatThrownBy(() -> factory.create(openapi("https://me:pw@docs/openapi.yaml"), 0))
        .hasMessage(
            "[OpenApiUrl] contracts[0] (tasks): <openapi> has credentials in it; the POM is no"
                + " place for them — use <authorizationEnv> or <serverId>");
    ContractConfig slow = openapi("https://docs/openapi.yaml");
    slow.connectTimeoutMillis = 0;
    assertThatThrownBy(() -> factory.create(slow, 0))
        .hasMessage(
            "contracts[0] (tasks): <connectTimeoutMillis> and <requestTimeoutMillis> must be"
                + " positive");
  }

  @Test
  void aCredentialHttpCannotCarryIsRefusedWithoutShowingIt() {
    ContractConfig c = openapi("http://127.0.0.1:8080/openapi.json");
    c.authorizationEnv = "BROKEN";
    assertThatThrownBy(() -> factory.create(c, 0))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "contracts[0] (tasks): the value of header \"Authorization\" contains a line break, a"
                + " control character or a character outside Latin-1, which HTTP does not allow"
                + " (the value is not shown)");
  }

  /**
   * Whatever the POM holds in {@code <openapi>}, the goal gets a source or one tagged sentence:
   * never another exception, never the token.
   */
  @Property(tries = 400)
  void anyValueIsASourceOrATaggedSentence(
      @ForAll @StringLength(max = 40) String value, @ForAll boolean withToken) {
    // jqwik runs no JUnit lifecycle: a factory of its own, on a module directory with no files.
    SourceFactory factory =
        new SourceFactory(Map.of("TOKEN", "s3cret")::get, Map.of(), List.of(), Path.of("target"));
    ContractConfig c = openapi(value);
    if (withToken) {
      c.authorizationEnv = "TOKEN";
    }
    try {
      assertThat(factory.create(c, 0)).isNotNull();
    } catch (ConfigException e) {
      assertThat(e.getMessage())
          .matches(
              "(?s)(\\[(ContractSourceMissing|OpenApiUrl|OpenApiFile)\\] )?contracts\\[0\\]"
                  + " \\(tasks\\): .+")
          .doesNotContain("s3cret");
    }
  }
}
