package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.BoundCalls;
import dev.agentkit.Call;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.drift.DriftSeverity;
import dev.agentkit.source.SchemaText;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Documents nobody here wrote: excerpts of GitHub's REST API description (npm {@code
 * @octokit/openapi} 22.0.0 and 23.0.2: issues/update and pulls/merge, as published) and of Figma's
 * (npm {@code @figma/rest-api-spec} 0.43.0, OpenAPI 3.1), mapped to trees and sent to a loopback
 * backend; GitHub's whole document when a build installed it.
 */
class RealDocumentsTest {
  private Loopback docs;
  private Loopback backend;

  @BeforeEach
  void start() throws Exception {
    docs = new Loopback();
    backend = new Loopback();
  }

  @AfterEach
  void stop() {
    docs.close();
    backend.close();
  }

  private OpenApiContractSource source(String resource) throws Exception {
    docs.serve("/" + resource, 200, OpenApiContractSourceTest.resource("real/" + resource));
    return OpenApiContractSource.fromUrl(docs.uri("/" + resource)).contractName("real").build();
  }

  private static String tree(Contract c, String opcode, String operand) {
    return SchemaText.of(c.op(opcode).orElseThrow().operand(operand).orElseThrow());
  }

  private String send(
      OpenApiContractSource source, Contract c, String opcode, Map<String, String> args)
      throws Exception {
    backend.serve("/api", 200, "{}");
    Op op = c.op(opcode).orElseThrow();
    OpenApiActions.builder(backend.uri("/api"), source)
        .build()
        .run(BoundCalls.bound(Call.of(opcode, args), op));
    Loopback.Received r = backend.received.get(backend.received.size() - 1);
    return r.method() + " " + r.rawPath() + " " + r.body();
  }

  @Test
  void githubIssuesUpdateIsATreeAndItsNaturalCallIsSentAsIs() throws Exception {
    OpenApiContractSource source = source("github-23.0.2-excerpt.json");
    Contract c = source.fetch();
    assertThat(source.warnings()).isEmpty();
    assertThat(tree(c, "issues/update", "title")).isEqualTo("oneOf(string | integer)?");
    assertThat(tree(c, "issues/update", "assignees"))
        .isEqualTo(
            "array<oneOf(string | {login: string, rationale: string, suggest: boolean,"
                + " confidence: enum(low|medium|high)})>");
    assertThat(tree(c, "issues/update", "labels")).startsWith("array<oneOf(string | {id: integer");
    assertThat(tree(c, "pulls/merge", "merge_method")).isEqualTo("enum(merge|squash|rebase)");
    assertThat(
            send(
                source,
                c,
                "issues/update",
                Map.of(
                    "owner", "octo",
                    "repo", "hello",
                    "issue_number", "7",
                    "labels", "[\"bug\"]",
                    "assignees", "[\"ann\", {\"login\": \"bob\"}]",
                    "milestone", "null")))
        .isEqualTo(
            "PATCH /api/repos/octo/hello/issues/7"
                + " {\"milestone\":null,\"labels\":[\"bug\"],\"assignees\":[\"ann\",{\"login\":\"bob\"}]}");
    assertThat(
            send(
                source,
                c,
                "pulls/merge",
                Map.of(
                    "owner",
                    "octo",
                    "repo",
                    "hello",
                    "pull_number",
                    "3",
                    "merge_method",
                    "squash")))
        .isEqualTo("PUT /api/repos/octo/hello/pulls/3/merge {\"merge_method\":\"squash\"}");
  }

  @Test
  void githubAssigneesWidenedFromStringToAUnionIsCompatibleDrift() throws Exception {
    Contract before = source("github-22.0.0-excerpt.json").fetch();
    Contract after = source("github-23.0.2-excerpt.json").fetch();
    DriftReport report = DriftReport.compare(before, after, DriftReport.Usage.wholeContract());
    assertThat(report.items(DriftSeverity.BREAKING))
        .extracting(DriftItem::target)
        .noneMatch(t -> t.contains("assignees"));
    assertThat(report.items())
        .filteredOn(i -> i.rule() == DriftRule.TYPE_WIDENED)
        .extracting(DriftItem::target)
        .contains("issues/update.assignees");
  }

  @Test
  void figmaVariablesAndCommentsAreUnionsOfObjects() throws Exception {
    OpenApiContractSource source = source("figma-0.43.0-excerpt.json");
    Contract c = source.fetch();
    assertThat(source.warnings()).isEmpty();
    assertThat(tree(c, "postComment", "client_meta"))
        .startsWith("oneOf({x*: number, y*: number} | {node_id*: string, node_offset*:");
    assertThat(tree(c, "postVariables", "variableModes"))
        .isEqualTo(
            "array<oneOf({action*: enum(CREATE), id: string, name*: string,"
                + " variableCollectionId*: string} | {action*: enum(UPDATE), id*: string, name:"
                + " string, variableCollectionId*: string} | {action*: enum(DELETE), id*:"
                + " string})>");
    String snapshot = ContractSnapshot.write(c);
    assertThat(ContractSnapshot.parse(snapshot.getBytes(StandardCharsets.UTF_8), "s").ops())
        .isEqualTo(c.ops());
    assertThat(
            send(
                source,
                c,
                "postDevResources",
                Map.of(
                    "dev_resources",
                    "[{\"name\":\"Docs\",\"url\":\"https://d\",\"file_key\":\"k\",\"node_id\":\"1:2\"}]")))
        .isEqualTo(
            "POST /api/v1/dev_resources"
                + " {\"dev_resources\":[{\"name\":\"Docs\",\"url\":\"https://d\",\"file_key\":\"k\","
                + "\"node_id\":\"1:2\"}]}");
  }

  /**
   * GitHub's whole document (13 MB, 1,223 operations), when {@code npm install @octokit/openapi}
   * put it under {@code target/octokit} (or {@code -Dgithub.openapi=<file>} names it): every
   * operation maps, and the contract's snapshot reads back as the same contract.
   */
  @Test
  void githubsWholeDocumentMapsWhenPresent() throws Exception {
    Path file =
        Path.of(
            System.getProperty(
                "github.openapi",
                "target/octokit/node_modules/@octokit/openapi/generated/api.github.com.json"));
    Assumptions.assumeTrue(Files.isRegularFile(file), "GitHub's document is not installed");
    OpenApiContractSource source =
        OpenApiContractSource.fromFile(file).contractName("github").build();
    long t0 = System.nanoTime();
    Contract c = source.fetch();
    long millis = (System.nanoTime() - t0) / 1_000_000;
    assertThat(c.ops()).hasSizeGreaterThan(1000);
    assertThat(tree(c, "issues/update", "assignees")).startsWith("array<oneOf(string | {login");
    String snapshot = ContractSnapshot.write(c);
    assertThat(ContractSnapshot.parse(snapshot.getBytes(StandardCharsets.UTF_8), "s").ops())
        .isEqualTo(c.ops());
    System.out.println(
        "GitHub: "
            + c.ops().size()
            + " ops mapped in "
            + millis
            + " ms, "
            + source.warnings().size()
            + " warnings");
    source.warnings().forEach(System.out::println);
  }
}
