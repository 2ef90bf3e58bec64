package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A stdio server's arguments appear in no message, even when the child writes its command line to
 * stderr or stdout: what it writes is redacted of the arguments as of the environment values.
 */
class ArgumentsLeakTest {
  private static final String TOKEN = "SUPERSECRET-0123456789";

  @Test
  void aChildThatPrintsItsArgvToStderrAndExitsShowsNoArgument() {
    try (McpContractSource source =
        StdioServers.source("argv", "--token=" + TOKEN)
            .connectTimeout(Duration.ofMinutes(10))
            .build()) {
      assertThatThrownBy(source::fetch)
          .hasMessageStartingWith("[McpUnavailable] stdio:")
          .hasMessageContaining(
              " exited before it answered initialize; run the command by hand to see why; the"
                  + " server wrote to stderr: usage error in: ")
          .hasMessageContaining("[redacted]")
          .hasMessageNotContaining("SUPERSECRET")
          .hasMessageNotContaining("23456789");
    }
  }

  @Test
  void aChildThatPrintsItsArgvOnStdoutShowsNoArgumentInTheNoise() {
    try (McpContractSource source =
        StdioServers.source("taskboard", "--argv-on-stdout", "--token=" + TOKEN).build()) {
      assertThatThrownBy(source::fetch)
          .hasMessageStartingWith("[McpStdoutNoise] stdio:")
          .hasMessageContaining("\"starting with [redacted]")
          .hasMessageNotContaining("SUPERSECRET")
          .hasMessageNotContaining("23456789");
    }
  }
}
