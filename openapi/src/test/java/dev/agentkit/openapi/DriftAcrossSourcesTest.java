package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.drift.DriftSeverity;
import dev.agentkit.source.ContractSource;
import dev.agentkit.source.HttpContractSource;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The drift engine sees a contract read from an OpenAPI document exactly as one from the native
 * contract document: the same backend, described both ways and served on loopback, changes in the
 * same breaking ways (an enum value removed, the tier raised, a required operand added), and both
 * sources give the same contracts and the same drift.
 */
class DriftAcrossSourcesTest {
  private Loopback server;

  @BeforeEach
  void start() throws Exception {
    server = new Loopback();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static String openApi(String states, String tier, String extraRequired) {
    return """
        openapi: 3.1.0
        info: {title: tasks, version: '1'}
        paths:
          /tasks/{id}:
            patch:
              operationId: setState
              summary: Moves a task
              %s
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [state%s]
                      properties:
                        state: {type: string, enum: [%s]}
                        reason: {type: string}
              responses: {'200': {description: moved}}
        """
        .formatted(tier, extraRequired, states);
  }

  private static String operand(String name, String type, boolean required, String values) {
    return """
        {"name": "%s", "description": "", "type": "%s", "required": %s, "list": false,
         "enum": [%s]}"""
        .formatted(name, type, required, values);
  }

  private static String nativeDocument(String states, String tier, boolean reasonRequired) {
    return """
        {"contract": "tasks", "ops": [{"opcode": "setState", "description": "Moves a task",
          "object_type": "", "tier": "%s", "operands": [%s, %s, %s]}]}"""
        .formatted(
            tier,
            operand("id", "string", true, ""),
            operand("state", "enum", true, states),
            operand("reason", "string", reasonRequired, ""));
  }

  private Contract fetch(ContractSource source) throws Exception {
    return source.fetch();
  }

  private ContractSource openApiAt(String path, String document) {
    server.serve(path, 200, document);
    return OpenApiContractSource.fromUrl(server.uri(path)).contractName("tasks").build();
  }

  private ContractSource nativeAt(String path, String document) {
    server.serve(path, 200, document);
    return HttpContractSource.builder(server.uri(path)).contractName("tasks").build();
  }

  @Test
  void theSameBreakingChangesAreFoundFromEitherSource() throws Exception {
    Contract openBefore = fetch(openApiAt("/v1/openapi", openApi("open, doing, done", "", "")));
    Contract openAfter =
        fetch(
            openApiAt(
                "/v2/openapi", openApi("open, done", "x-agentkit-tier: irreversible", ", reason")));
    Contract nativeBefore =
        fetch(
            nativeAt(
                "/v1/contract",
                nativeDocument("\"open\", \"doing\", \"done\"", "reversible", false)));
    Contract nativeAfter =
        fetch(nativeAt("/v2/contract", nativeDocument("\"open\", \"done\"", "irreversible", true)));

    assertThat(openBefore.ops()).isEqualTo(nativeBefore.ops());
    assertThat(openAfter.ops()).isEqualTo(nativeAfter.ops());

    List<DriftItem> fromOpenApi =
        DriftReport.compare(openBefore, openAfter, DriftReport.Usage.wholeContract())
            .items(DriftSeverity.BREAKING);
    List<DriftItem> fromNative =
        DriftReport.compare(nativeBefore, nativeAfter, DriftReport.Usage.wholeContract())
            .items(DriftSeverity.BREAKING);
    assertThat(fromOpenApi).isEqualTo(fromNative);
    assertThat(fromOpenApi)
        .extracting(DriftItem::rule)
        .contains(
            DriftRule.ENUM_VALUE_REMOVED, DriftRule.TIER_RAISED, DriftRule.OPERAND_BECAME_REQUIRED);
  }

  @Test
  void aNewRequiredOperandIsTheSameDriftFromEitherSource() throws Exception {
    String withoutReason = openApi("open", "", "").replace("        reason: {type: string}\n", "");
    Contract openBefore = fetch(openApiAt("/v1/openapi", withoutReason));
    Contract openAfter = fetch(openApiAt("/v2/openapi", openApi("open", "", ", reason")));
    String nativeBeforeDoc =
        """
        {"contract": "tasks", "ops": [{"opcode": "setState", "description": "Moves a task",
          "object_type": "", "tier": "reversible", "operands": [%s, %s]}]}"""
            .formatted(
                operand("id", "string", true, ""), operand("state", "enum", true, "\"open\""));
    Contract nativeBefore = fetch(nativeAt("/v1/contract", nativeBeforeDoc));
    Contract nativeAfter =
        fetch(nativeAt("/v2/contract", nativeDocument("\"open\"", "reversible", true)));

    assertThat(openBefore.ops()).isEqualTo(nativeBefore.ops());
    List<DriftItem> fromOpenApi =
        DriftReport.compare(openBefore, openAfter, DriftReport.Usage.wholeContract()).items();
    assertThat(fromOpenApi)
        .isEqualTo(
            DriftReport.compare(nativeBefore, nativeAfter, DriftReport.Usage.wholeContract())
                .items());
    assertThat(fromOpenApi)
        .extracting(DriftItem::rule)
        .containsExactly(DriftRule.OPERAND_ADDED_REQUIRED);
  }
}
