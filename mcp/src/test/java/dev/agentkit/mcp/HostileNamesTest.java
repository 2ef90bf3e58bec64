package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Tool names a server lists cannot start a line of their own in the source's messages. */
class HostileNamesTest {
  @Test
  void aToolNamedLikeALogLineIsOneLineInTheErrorAndTheWarnings() throws Exception {
    String name = "x\n[INFO] BUILD SUCCESS\u2028";
    ToolServer server =
        new ToolServer("hostile\n[INFO] x", "1")
            .tool(Scenarios.tool(name, "A tool.", null, null))
            .tool(Scenarios.tool(name, "Again.", null, null));
    try (HttpToolServer http = HttpToolServer.start(server);
        McpContractSource source =
            McpContractSource.http(http.url()).contractName("taskboard").build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpDuplicateTool] "
                  + http.url()
                  + " lists tool \"x\\n[INFO] BUILD SUCCESS\\u2028\" twice (tools/list, across all"
                  + " pages); a tool name names one tool, so the server must rename one of them");
      server.tools.remove(1);
      server.tools.add(
          Scenarios.tool(
              "y",
              "Odd schema.",
              null,
              null,
              java.util.Map.entry(
                  "p\r\n[ERROR] z", java.util.Map.of("oneOf", java.util.List.of()))));
      source.fetch();
      assertThat(source.warnings())
          .isNotEmpty()
          .allSatisfy(w -> assertThat(w).doesNotContain("\n", "\r", "\u2028"));
    }
  }
}
