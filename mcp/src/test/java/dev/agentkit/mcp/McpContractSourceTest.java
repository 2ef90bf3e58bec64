package dev.agentkit.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Operand;
import dev.agentkit.contract.OperandType;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.ContractSourceException;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The source against real MCP servers: a child process over stdio, and Tomcat over HTTP. */
class McpContractSourceTest {
  @Test
  void mapsTheToolsOfAServerOverStdio() throws Exception {
    try (McpContractSource source = StdioServers.source("taskboard").build()) {
      Contract contract = source.fetch();

      assertThat(contract.name()).isEqualTo("taskboard");
      assertThat(contract.source()).isEqualTo("taskboard-mcp 1.4.2");
      assertThat(contract.ops())
          .extracting(Op::opcode, Op::tier)
          .containsExactlyInAnyOrder(
              org.assertj.core.groups.Tuple.tuple("archive_project", Tier.REVERSIBLE),
              org.assertj.core.groups.Tuple.tuple("create_task", Tier.EXTERNAL_REVERSIBLE),
              org.assertj.core.groups.Tuple.tuple("delete_task", Tier.IRREVERSIBLE),
              org.assertj.core.groups.Tuple.tuple("list_tasks", Tier.READ_ONLY),
              org.assertj.core.groups.Tuple.tuple("odd_tool", Tier.READ_ONLY),
              org.assertj.core.groups.Tuple.tuple("set_task_status", Tier.REVERSIBLE));
      Op status = contract.op("set_task_status").orElseThrow();
      assertThat(status.description()).isEqualTo("Moves a task to another column.");
      assertThat(status.objectType()).isEqualTo("task");
      assertThat(status.operand("status").orElseThrow().enumValues())
          .containsExactly("todo", "doing", "done");
      assertThat(contract.op("archive_project").orElseThrow().objectType()).isEqualTo("project");
      Op create = contract.op("create_task").orElseThrow();
      assertThat(create.operandNames())
          .containsExactly("title", "estimate", "urgent", "labels", "due", "metadata");
      assertThat(create.operands())
          .extracting(Operand::type)
          .containsExactly(
              OperandType.STRING,
              OperandType.NUMBER,
              OperandType.BOOLEAN,
              OperandType.STRING,
              OperandType.DATE,
              OperandType.OBJECT);
      assertThat(create.operand("labels").orElseThrow().list()).isTrue();
      assertThat(create.operand("title").orElseThrow().required()).isTrue();
      assertThat(create.operand("estimate").orElseThrow().required()).isFalse();
      assertThat(source.warnings())
          .containsExactly(
              "[SchemaUnmapped] tool \"odd_tool\", at pair[]: its items are a schema per position"
                  + " (a tuple), which one item schema cannot carry, so any JSON value is accepted"
                  + " there and agentkit checks nothing inside it");
      assertThat(contract.op("odd_tool").orElseThrow().operand("either").orElseThrow().type())
          .isEqualTo(OperandType.UNION);
      assertThat(source.describe()).isEqualTo("stdio:" + StdioServers.java());
    }
  }

  @Test
  void overStreamableHttpTheSameServerGivesTheSameContract() throws Exception {
    Contract overStdio;
    try (McpContractSource stdio = StdioServers.source("taskboard").build()) {
      overStdio = stdio.fetch();
    }
    try (HttpToolServer server = HttpToolServer.start(Scenarios.taskboard());
        McpContractSource http =
            McpContractSource.http(server.url()).contractName("taskboard").build()) {
      Contract overHttp = http.fetch();
      assertThat(overHttp).isEqualTo(overStdio);
      assertThat(overHttp.ops()).isEqualTo(overStdio.ops());
      assertThat(overHttp.source()).isEqualTo("taskboard-mcp 1.4.2");
      assertThat(http.describe()).isEqualTo(server.url().toString());
    }
  }

  @Test
  void followsNextCursorThroughFiveHundredToolsOverStdio() throws Exception {
    try (McpContractSource source = StdioServers.source("paged:500:7").build()) {
      Contract contract = source.fetch();
      assertThat(contract.ops()).hasSize(500);
      assertThat(contract.op("tool_0499")).isPresent();
      assertThat(contract.op("tool_0000").orElseThrow().tier()).isEqualTo(Tier.READ_ONLY);
      assertThat(contract.op("tool_0001").orElseThrow().tier()).isEqualTo(Tier.IRREVERSIBLE);
    }
  }

  @Test
  void followsNextCursorThroughFiveHundredToolsOverHttp() throws Exception {
    try (HttpToolServer server = HttpToolServer.start(Scenarios.named("paged:500:50"));
        McpContractSource source =
            McpContractSource.http(server.url()).contractName("many").build()) {
      assertThat(source.fetch().ops()).hasSize(500);
    }
  }

  @Test
  void aCursorThatComesBackIsAPagingLoop() {
    try (McpContractSource source = StdioServers.source("loop").build()) {
      assertThatThrownBy(source::fetch)
          .isInstanceOf(ContractSourceException.class)
          .hasMessage(
              "[McpPagingLoop] stdio:"
                  + StdioServers.java()
                  + " gave the same tools/list cursor twice; the server's paging is broken (raise"
                  + " maxPages if it really has that many)");
    }
  }

  @Test
  void moreThanMaxPagesIsAPagingLoop() {
    try (McpContractSource source = StdioServers.source("paged:20:2").maxPages(3).build()) {
      assertThatThrownBy(source::fetch)
          .hasMessageStartingWith("[McpPagingLoop] stdio:")
          .hasMessageContaining(" was still paging tools/list after 3 pages; ");
    }
  }

  @Test
  void twoToolsWithOneNameFailTheFetch() {
    try (McpContractSource source = StdioServers.source("duplicate").build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpDuplicateTool] stdio:"
                  + StdioServers.java()
                  + " lists tool \"list_tasks\" twice (tools/list, across all pages); a tool name"
                  + " names one tool, so the server must rename one of them");
    }
  }

  @Test
  void aToolWithoutANameFailsTheFetch() {
    try (McpContractSource source = StdioServers.source("nameless").build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpMalformedTool] stdio:"
                  + StdioServers.java()
                  + " lists a tool without a name (number 2 of tools/list); every MCP tool needs a"
                  + " name, which agentkit uses as the opcode");
    }
  }

  @Test
  void anUnknownTierInMetaFailsTheFetchRatherThanReadingALowTier() {
    try (McpContractSource source = StdioServers.source("badtier").build()) {
      assertThatThrownBy(source::fetch)
          .hasMessageStartingWith(
              "[McpBadTier] tool \"purge\" of stdio:"
                  + StdioServers.java()
                  + " has _meta \"dev.agentkit/tier\": unknown tier \"read_onyl\": use one of"
                  + " external_reversible, irreversible, read_only, reversible")
          .hasMessageContaining("did you mean \"read_only\"?")
          .hasMessageEndingWith("(a tier agentkit cannot read is never taken as a low one)");
    }
  }

  @Test
  void aServerErrorIsReportedWithTheServersText() {
    try (McpContractSource source = StdioServers.source("error").build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpServerError] stdio:"
                  + StdioServers.java()
                  + " answered tools/list with an error: the tool registry is down");
    }
  }

  @Test
  void anUnreachableServerIsUnavailable() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    URI url = URI.create("http://127.0.0.1:" + port + "/mcp");
    try (McpContractSource source =
        McpContractSource.http(url)
            .contractName("x")
            .connectTimeout(Duration.ofSeconds(5))
            .build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage("[McpUnavailable] could not connect to " + url + "; is the server running?");
    }
  }

  @Test
  void anEndpointThatIsNoMcpServerIsUnavailableWithoutItsCredentials() throws Exception {
    com.sun.net.httpserver.HttpServer http =
        com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    http.createContext(
        "/",
        exchange -> {
          byte[] body = ("no MCP here, Bearer tok-abcdef123456 " + "x".repeat(1000)).getBytes();
          exchange.sendResponseHeaders(500, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    http.start();
    URI url = URI.create("http://127.0.0.1:" + http.getAddress().getPort() + "/mcp");
    try (McpContractSource source =
        McpContractSource.http(url)
            .contractName("x")
            .header("Authorization", "Bearer tok-abcdef123456")
            .connectTimeout(Duration.ofSeconds(5))
            .build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpUnavailable] initialize with "
                  + url
                  + " failed: McpTransportException: "
                  + ("Received unexpected status code: 500, response body: no MCP here, [redacted] "
                          + "x".repeat(1000))
                      .substring(0, 300)
                  + "…");
    } finally {
      http.stop(0);
    }
  }

  @Test
  void aCommandThatCannotStartIsABadCommand() {
    try (McpContractSource source =
        McpContractSource.stdio("/no/such/mcp-server")
            .args("--token", "abcdefgh12345")
            .contractName("x")
            .build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpBadCommand] cannot start the MCP server command of stdio:/no/such/mcp-server:"
                  + " there is no file /no/such/mcp-server; check the command and that it is"
                  + " installed");
    }
    try (McpContractSource source =
        McpContractSource.stdio("no-such-mcp-server-anywhere").contractName("x").build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpBadCommand] cannot start the MCP server command of"
                  + " stdio:no-such-mcp-server-anywhere: \"no-such-mcp-server-anywhere\" is in no"
                  + " directory of PATH; check the command and that it is installed");
    }
  }

  @Test
  void aChildThatDiesSaysWhatItWroteToStderrWithSecretsBlanked() {
    try (McpContractSource source =
        StdioServers.source("crash")
            .env("TOKEN", "s3cr3t-t0ken-0123456789")
            // Far longer than the test may take: a child that exits is reported when it exits.
            .connectTimeout(Duration.ofMinutes(10))
            .build()) {
      assertThatThrownBy(source::fetch)
          .hasMessageStartingWith("[McpUnavailable] stdio:")
          .hasMessageContaining(
              " exited before it answered initialize; run the command by hand to see why; the"
                  + " server wrote to stderr: boom: cannot open the task database [redacted]")
          .hasMessageNotContaining("s3cr3t");
    }
  }

  @Test
  void aSlowServerTimesOut() {
    try (McpContractSource source =
        StdioServers.source("sleepy").requestTimeout(Duration.ofMillis(500)).build()) {
      assertThatThrownBy(source::fetch)
          .hasMessage(
              "[McpUnavailable] stdio:"
                  + StdioServers.java()
                  + " did not answer tools/list within 500 ms");
    }
  }

  @Test
  void aClosedSourceFailsClosed() throws Exception {
    McpContractSource source = StdioServers.source("taskboard").build();
    source.fetch();
    source.close();
    assertThatThrownBy(source::fetch)
        .hasMessage(
            "[McpUnavailable] the connection to stdio:" + StdioServers.java() + " is closed");
  }

  @Test
  void refetchingUsesTheOpenSession() throws Exception {
    try (McpContractSource source = StdioServers.source("taskboard").build()) {
      Contract first = source.fetch();
      assertThat(source.fetch()).isEqualTo(first);
      assertThat(List.of(first.ops().size())).containsExactly(6);
    }
  }
}
