package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Problem;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Credentials (environment values of a stdio server, header values of an HTTP one) reach the server
 * and nothing else: not the stamp, the warnings, the messages, describe() or toString(), even when
 * the server echoes them into everything it serves.
 */
class SecretsTest {
  private static final String TOKEN = "tok-9f8e7d6c5b4a3210";

  @Test
  void anEnvironmentValueEchoedByAStdioServerIsBlankedEverywhere() throws Exception {
    try (McpContractSource source = StdioServers.source("secrets").env("TOKEN", TOKEN).build()) {
      Contract contract = source.fetch();
      List<String> seen = new ArrayList<>();
      seen.add(contract.source());
      seen.addAll(source.warnings());
      seen.add(source.describe());
      seen.add(source.toString());
      contract.warnings().stream().map(Problem::message).forEach(seen::add);
      assertThat(contract.source()).isEqualTo("echo-[redacted] [redacted]");
      assertThat(source.warnings()).hasSize(1);
      assertThat(String.join("\n", seen)).doesNotContain(TOKEN).doesNotContain("9f8e7d6c");
    }
    try (McpContractSource source =
        StdioServers.source("secrets-error").env("TOKEN", TOKEN).build()) {
      assertThatThrownBy(source::fetch)
          .hasMessageEndingWith("answered tools/list with an error: no access for token [redacted]")
          .hasMessageNotContaining("9f8e7d6c");
    }
  }

  @Test
  void aHeaderValueIsSentButEchoedNowhere() throws Exception {
    ToolServer echoing = Scenarios.secrets("Bearer " + TOKEN);
    echoing.listError = "rejected Bearer " + TOKEN;
    try (HttpToolServer server = HttpToolServer.start(echoing);
        McpContractSource source =
            McpContractSource.http(server.url())
                .contractName("taskboard")
                .header("Authorization", "Bearer " + TOKEN)
                .build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpServerError] "
                  + server.url()
                  + " answered tools/list with an error: rejected [redacted]");
      assertThat(server.authorizations).contains("Bearer " + TOKEN);
      assertThat(source.toString()).doesNotContain(TOKEN);

      echoing.listError = null;
      Contract contract = source.fetch();
      assertThat(contract.source()).doesNotContain("9f8e7d6c");
      assertThat(String.join("\n", source.warnings())).contains("[redacted]").doesNotContain(TOKEN);
    }
  }
}
