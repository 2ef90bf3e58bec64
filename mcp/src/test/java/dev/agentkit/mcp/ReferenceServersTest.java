package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.BoundCalls;
import dev.agentkit.Call;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.drift.DriftItem;
import dev.agentkit.drift.DriftReport;
import dev.agentkit.drift.DriftRule;
import dev.agentkit.drift.DriftSeverity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The MCP project's reference servers' tools (server-memory, server-filesystem, server-everything,
 * as their npm packages list them), served by a real SDK server over stdio: every schema maps to
 * its tree without a warning, the snapshot records the trees, tree values reach the server as the
 * JSON they are, and drift sees inside them.
 */
class ReferenceServersTest {
  private static McpContractSource source(String server) {
    return StdioServers.source("reference:" + server).contractName("memory").build();
  }

  private static Call bound(Contract contract, String opcode, Map<String, String> args) {
    Op op = contract.op(opcode).orElseThrow();
    return BoundCalls.bound(Call.of(opcode, args), op);
  }

  @Test
  void serverMemoryMapsToTreesAndTheSnapshotRecordsThem() throws Exception {
    try (McpContractSource source = source("server-memory")) {
      Contract contract = source.fetch();
      assertThat(source.warnings()).isEmpty();
      Operand entities = contract.op("create_entities").orElseThrow().operand("entities").get();
      assertThat(entities.list()).isTrue();
      assertThat(entities.type()).isEqualTo(OperandType.OBJECT);
      assertThat(entities.required()).isTrue();
      String snapshot = ContractSnapshot.write(contract);
      assertThat(snapshot)
          .contains(
              "          \"name\": \"entities\",\n"
                  + "          \"description\": \"\",\n"
                  + "          \"type\": \"object\",\n"
                  + "          \"required\": true,\n"
                  + "          \"list\": true,\n"
                  + "          \"enum\": [],\n"
                  + "          \"properties\": [\n"
                  + "            {\n"
                  + "              \"name\": \"name\",\n"
                  + "              \"description\": \"The name of the entity\",\n"
                  + "              \"type\": \"string\",\n"
                  + "              \"required\": true,\n"
                  + "              \"list\": false,\n"
                  + "              \"enum\": []\n"
                  + "            },")
          .contains("\"name\": \"observations\",\n")
          .doesNotContain(
              "\"name\": \"entities\",\n          \"description\": \"\",\n"
                  + "          \"type\": \"string\"");
      Contract back =
          ContractSnapshot.parse(snapshot.getBytes(java.nio.charset.StandardCharsets.UTF_8), "s");
      assertThat(back.ops()).isEqualTo(contract.ops());
    }
  }

  @Test
  void theNaturalCreateEntitiesCallReachesTheServerAsAnArrayOfObjects() throws Exception {
    try (McpContractSource source = source("server-memory")) {
      Contract contract = source.fetch();
      Call call =
          bound(
              contract,
              "create_entities",
              Map.of(
                  "entities",
                  "[{\"name\":\"Bob\",\"entityType\":\"person\",\"observations\":[]}]"));
      assertThat(McpActions.builder(source).build().run(call))
          .isEqualTo(
              "{\"entities\":[{\"name\":\"Bob\",\"entityType\":\"person\",\"observations\":[]}]}");
    }
  }

  @Test
  void serverFilesystemSendsNestedEditsBooleansAndLists() throws Exception {
    try (McpContractSource source = source("server-filesystem")) {
      Contract contract = source.fetch();
      assertThat(source.warnings()).isEmpty();
      McpActions actions = McpActions.builder(source).build();
      Call edit =
          bound(
              contract,
              "edit_file",
              Map.of(
                  "path", "/a.txt",
                  "edits", "[{\"oldText\":\"a\",\"newText\":\"b\"}]",
                  "dryRun", "true"));
      assertThat(actions.run(edit))
          .isEqualTo(
              "{\"dryRun\":true,\"edits\":[{\"oldText\":\"a\",\"newText\":\"b\"}],\"path\":\"/a.txt\"}");
      Call search =
          bound(
              contract,
              "search_files",
              Map.of("path", "/", "pattern", "*.md", "excludePatterns", "[\"node_modules\"]"));
      assertThat(actions.run(search))
          .isEqualTo(
              "{\"excludePatterns\":[\"node_modules\"],\"path\":\"/\",\"pattern\":\"*.md\"}");
    }
  }

  @Test
  void serverEverythingKeepsBoundsDefaultsAndEnums() throws Exception {
    try (McpContractSource source = source("server-everything")) {
      Contract contract = source.fetch();
      assertThat(source.warnings()).isEmpty();
      String snapshot = ContractSnapshot.write(contract);
      assertThat(snapshot)
          .contains(
              "          \"name\": \"count\",\n"
                  + "          \"description\": \"Number of resource links to return (1-10)\",\n"
                  + "          \"type\": \"number\",\n"
                  + "          \"required\": false,\n"
                  + "          \"list\": false,\n"
                  + "          \"enum\": [],\n"
                  + "          \"default\": 3,\n"
                  + "          \"minimum\": 1,\n"
                  + "          \"maximum\": 10\n");
      Call sum = bound(contract, "get-sum", Map.of("a", "1.5", "b", "2"));
      assertThat(McpActions.builder(source).build().run(sum)).isEqualTo("{\"a\":1.5,\"b\":2}");
    }
  }

  @Test
  void aRequiredPropertyAddedInsideTheEntityIsBreakingDriftAtItsPath() throws Exception {
    Contract before;
    Contract after;
    try (McpContractSource source = source("server-memory")) {
      before = source.fetch();
    }
    try (McpContractSource source =
        StdioServers.source("reference:server-memory:changed").contractName("memory").build()) {
      after = source.fetch();
    }
    List<DriftItem> breaking =
        DriftReport.compare(before, after, DriftReport.Usage.wholeContract())
            .items(DriftSeverity.BREAKING);
    assertThat(breaking)
        .extracting(DriftItem::rule)
        .containsExactly(DriftRule.PROPERTY_ADDED_REQUIRED);
    assertThat(breaking.get(0).target()).contains("entities[].createdBy");
  }
}
