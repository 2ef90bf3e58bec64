package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Every sentence the builders of this module say about their arguments. */
class BuilderArgumentsTest {
  private static final URI URL = URI.create("http://127.0.0.1:1/mcp");

  @Test
  void aSourceNeedsAContractNameAndACommand() {
    assertThatThrownBy(() -> McpContractSource.stdio("npx").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "an McpContractSource needs contractName(...): the name @Agent(contract = ...) uses");
    assertThatThrownBy(() -> McpContractSource.stdio(" ").contractName("x").build())
        .hasMessage("the MCP server command is blank; name the program");
  }

  @Test
  void credentialsGoTheWayTheTransportTakesThem() {
    assertThatThrownBy(() -> McpContractSource.http(URL).env("TOKEN", "v"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "env(...) is for an MCP server started as a command (stdio); an HTTP server gets its"
                + " credentials by header(...)");
    assertThatThrownBy(() -> McpContractSource.http(URL).args("--x"))
        .hasMessageStartingWith("args(...) is for an MCP server started as a command (stdio)");
    assertThatThrownBy(() -> McpContractSource.stdio("npx").header("Authorization", "v"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "header(...) is for an MCP server over HTTP; a stdio server gets its credentials by"
                + " env(...)");
  }

  @Test
  void environmentNamesAndHeadersMustBeSendable() {
    assertThatThrownBy(() -> McpContractSource.stdio("npx").env("A=B", "secret-value"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("\"A=B\" cannot name an environment variable: it is blank or holds '=' or NUL");
    assertThatThrownBy(() -> McpContractSource.http(URL).header("Bad Name", "v"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("the HTTP client cannot send a header named \"Bad Name\": ");
    assertThatThrownBy(
            () -> McpContractSource.http(URL).header("Authorization", "Bearer abc\r\nX-Evil: 1"))
        .hasMessage(
            "the value of header \"Authorization\" contains a line break, a control character or a"
                + " character outside Latin-1, which HTTP does not allow (the value is not shown)");
  }

  @Test
  void timeoutsAndPagesMustBePositive() {
    assertThatThrownBy(() -> McpContractSource.http(URL).connectTimeout(Duration.ZERO))
        .hasMessage("the connect timeout must be positive");
    assertThatThrownBy(() -> McpContractSource.http(URL).requestTimeout(Duration.ofSeconds(-1)))
        .hasMessage("the request timeout must be positive");
    assertThatThrownBy(() -> McpContractSource.http(URL).maxPages(0))
        .hasMessage("maxPages must be positive, but it is 0");
    McpContractSource source = McpContractSource.http(URL).contractName("x").build();
    assertThatThrownBy(() -> McpActions.builder(source).timeout(Duration.ZERO))
        .hasMessage("the call timeout must be positive");
  }

  @Test
  void theUrlMustBeAnHttpUrlWithAHostAndNoUserInfo() {
    assertThatThrownBy(
            () -> McpContractSource.http(URI.create("ftp://host/mcp")).contractName("x").build())
        .hasMessage("the MCP server URL \"ftp://host/mcp\" is not an absolute http or https URL");
    assertThatThrownBy(() -> McpContractSource.http(URI.create("/mcp")).contractName("x").build())
        .hasMessage("the MCP server URL \"/mcp\" is not an absolute http or https URL");
    assertThatThrownBy(
            () -> McpContractSource.http(URI.create("http:///mcp")).contractName("x").build())
        .hasMessageEndingWith(" names no host");
    assertThatThrownBy(
            () ->
                McpContractSource.http(URI.create("http://ann:pw-123456@host/mcp"))
                    .contractName("x")
                    .build())
        .hasMessage(
            "the MCP server URL http://host/mcp carries credentials before its host; pass them in"
                + " a header instead")
        .hasMessageNotContaining("pw-123456");
  }
}
