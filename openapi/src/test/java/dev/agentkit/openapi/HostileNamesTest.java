package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Names a document serves cannot start a line of their own in the source's messages. */
class HostileNamesTest {
  @TempDir Path dir;

  private OpenApiContractSource source(String yaml) throws Exception {
    Path file = dir.resolve("openapi.yaml");
    Files.writeString(file, yaml);
    return OpenApiContractSource.fromFile(file).contractName("tasks").build();
  }

  @Test
  void anOperationIdWithALineBreakIsOneLineInTheError() throws Exception {
    OpenApiContractSource source =
        source(
            """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths:
              /a:
                get: {operationId: "x\\n[INFO] BUILD SUCCESS", summary: a, responses: {'200': {description: ok}}}
              /b:
                get: {operationId: "x\\n[INFO] BUILD SUCCESS", summary: b, responses: {'200': {description: ok}}}
            """);
    assertThatThrownBy(source::fetch)
        .hasMessageStartingWith(
            "[OpenApiDuplicateOperationId] "
                + dir.resolve("openapi.yaml")
                + " gives operationId \"x\\n[INFO] BUILD SUCCESS\" to both GET /a and GET /b")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  void aBodyPropertyNamedLikeALogLineIsOneLineInTheWarning() throws Exception {
    OpenApiContractSource source =
        source(
            """
            openapi: 3.0.3
            info: {title: t, version: '1'}
            paths:
              /a:
                post:
                  operationId: create
                  summary: Creates
                  parameters:
                    - {name: "n\\u2028[WARNING] x", in: query, schema: {type: string}}
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            "n\\u2028[WARNING] x": {type: string}
                  responses: {'201': {description: ok}}
            """);
    source.fetch();
    assertThat(source.warnings())
        .singleElement()
        .satisfies(
            w ->
                assertThat(w)
                    .startsWith("[OpenApiOperandClash] ")
                    .contains("both named \"n\\u2028[WARNING] x\"")
                    .doesNotContain("\u2028"));
  }
}
