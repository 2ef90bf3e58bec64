package dev.agentkit.benchmarks;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Row 9 measures a snapshot only of a source that gives the whole synthetic contract: its set-up
 * checks what each source gives, so a mapping that loses or changes anything stops the run.
 */
class McpSnapshotBenchmarkTest {
  @Test
  void theServerOverStreamableHttpGivesTheContractAsAToolSchemaSaysIt() throws Exception {
    McpSnapshotBenchmark.Http http = new McpSnapshotBenchmark.Http();
    try {
      assertDoesNotThrow(http::setUp);
    } finally {
      http.tearDown();
    }
  }

  @Test
  void aToolSchemaSaysADateByItsFormatSoTheContractAsServedIsNotTheNativeOne() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                McpSnapshotBenchmark.check(
                    "McpContractSource over stdio", McpToolServer.contract()));
    assertTrue(e.getMessage().contains("the same opcodes"), e.getMessage());
    assertDoesNotThrow(
        () -> McpSnapshotBenchmark.check("HttpContractSource", McpToolServer.contract()));
  }
}
