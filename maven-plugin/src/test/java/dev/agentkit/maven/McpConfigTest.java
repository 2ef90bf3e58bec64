package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Tier;
import dev.agentkit.mcp.McpContractSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.maven.plugin.logging.SystemStreamLog;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A {@code <contract>} naming an MCP server: each mistake, and a real server over stdio. */
class McpConfigTest {
  static final String SECRET = "s3cret-7f3a-token";
  static final String TOOLS =
      """
      [
        {"name": "list_tasks", "description": "Lists tasks.",
         "inputSchema": {"type": "object", "properties": {"status": {"type": "string"}}},
         "annotations": {"readOnlyHint": true}},
        {"name": "close_task", "description": "Closes a task.",
         "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}},
                         "required": ["id"]},
         "annotations": {"destructiveHint": false, "openWorldHint": false}},
        {"name": "delete_task", "description": "Deletes a task.",
         "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}}
      ]
      """;

  @TempDir Path dir;
  private SourceFactory factory;
  private Path tools;

  @BeforeEach
  void files() throws Exception {
    tools = dir.resolve("tools.json");
    Files.writeString(tools, TOOLS);
    factory = new SourceFactory(Map.of("TOKEN", SECRET)::get, Map.of(), List.of(), dir);
  }

  private static ContractConfig mcp(Consumer<McpConfig> set) {
    ContractConfig c = new ContractConfig();
    c.name = "taskboard";
    c.mcp = new McpConfig();
    set.accept(c.mcp);
    return c;
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The stdio server of {@link ItMcpServer}, with the secret as its token and as an argument. */
  private ContractConfig stdio(Map<String, String> env) {
    return mcp(
        m -> {
          m.command = java();
          m.args =
              new ArrayList<>(
                  List.of(
                      "-cp",
                      ItMcpServer.classPath(),
                      ItMcpServer.class.getName(),
                      tools.toString(),
                      "--token=" + SECRET));
          m.env = new LinkedHashMap<>(env);
        });
  }

  /** Records every line a goal logs. */
  static final class Recorded extends SystemStreamLog {
    final List<String> lines = new ArrayList<>();

    @Override
    public boolean isDebugEnabled() {
      return true;
    }

    @Override
    public void debug(CharSequence content) {
      lines.add(content.toString());
    }

    @Override
    public void info(CharSequence content) {
      lines.add(content.toString());
    }

    @Override
    public void warn(CharSequence content) {
      lines.add(content.toString());
    }
  }

  @Test
  void aServerStartedOverStdioIsReadAndClosedAndNoSecretShows() throws Exception {
    SourceFactory.Configured configured =
        factory.configure(stdio(Map.of("TASKS_TOKEN", SECRET)), 0);
    Recorded log = new Recorded();
    Contract live = SourceFetch.fetchWarning(configured, "taskboard", MavenGoals.log(log));
    assertThat(live.ops()).extracting(op -> op.opcode()).hasSize(3);
    assertThat(live.op("list_tasks").orElseThrow().tier()).isEqualTo(Tier.READ_ONLY);
    assertThat(live.op("close_task").orElseThrow().tier()).isEqualTo(Tier.REVERSIBLE);
    assertThat(live.op("delete_task").orElseThrow().tier()).isEqualTo(Tier.IRREVERSIBLE);
    assertThat(live.source()).isEqualTo("stdio:" + java());
    String snapshot = ContractSnapshot.write(live);
    assertThat(snapshot).contains("\"source\": \"stdio:" + java()).doesNotContain(SECRET);
    assertThat(configured.source().describe() + configured.source()).doesNotContain(SECRET);
    assertThat(String.join("\n", log.lines)).doesNotContain(SECRET);
    // The goal closed the session: the child is gone, and the source fetches no more.
    assertThatThrownBy(() -> ((McpContractSource) configured.source()).fetch())
        .message()
        .doesNotContain(SECRET);
  }

  @Test
  void theListingBoundsReachTheSource() throws Exception {
    ContractConfig c = stdio(Map.of("TASKS_TOKEN", SECRET));
    c.mcp.maxListBytes = 10;
    try (McpContractSource source = (McpContractSource) factory.configure(c, 0).source()) {
      assertThatThrownBy(source::fetch)
          .hasMessageStartingWith("[McpListTooLarge] stdio:" + java() + " sent more than 10 bytes");
    }
  }

  @Test
  void theListingBoundsMustBePositive() {
    List<Consumer<McpConfig>> zeros =
        List.of(
            m -> m.maxPages = 0,
            m -> m.maxListBytes = 0,
            m -> m.listTimeoutMillis = -5,
            m -> m.maxLineChars = 0);
    List<String> elements =
        List.of(
            "<mcp><maxPages>",
            "<mcp><maxListBytes>",
            "<mcp><listTimeoutMillis>",
            "<mcp><maxLineChars>");
    for (int i = 0; i < zeros.size(); i++) {
      Consumer<McpConfig> zero = zeros.get(i);
      ContractConfig c = mcp(m -> m.command = "npx");
      zero.accept(c.mcp);
      assertThatThrownBy(() -> factory.create(c, 0))
          .hasMessage("contracts[0] (taskboard): " + elements.get(i) + " must be positive");
    }
  }

  @Test
  void aServerThatCannotStartFailsTheFetchWithItsTextAndNoSecret() throws Exception {
    ContractConfig c = stdio(Map.of("OTHER", SECRET));
    c.mcp.initializeTimeoutMillis =
        10_000; // the child exits at once, but the source waits this long
    SourceFactory.Configured configured = factory.configure(c, 0);
    assertThatThrownBy(
            () -> SourceFetch.fetchWarning(configured, "taskboard", MavenGoals.log(new Recorded())))
        .isInstanceOf(GoalException.class)
        .message()
        .startsWith(
            "could not fetch contract taskboard from stdio:" + java() + ": [McpUnavailable] ")
        .contains("TASKS_TOKEN is not set; the task board refuses to start")
        .doesNotContain(SECRET);
  }

  @Test
  void neitherUrlNorCommand() {
    assertThatThrownBy(() -> factory.create(mcp(m -> {}), 0))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "[McpNoServer] contracts[0] (taskboard): <mcp> names no server; give its <url>"
                + " (Streamable HTTP) or the <command> that starts it (stdio)");
  }

  @Test
  void bothUrlAndCommand() {
    String expected =
        "[McpServerConflict] contracts[0] (taskboard): <mcp> gives both a <url> and a <command>"
            + " (or its <args>/<env>); give the <url> of a server over Streamable HTTP, or the"
            + " <command> that starts one over stdio";
    assertThatThrownBy(
            () ->
                factory.create(
                    mcp(
                        m -> {
                          m.url = "http://127.0.0.1:9/mcp";
                          m.command = "npx";
                        }),
                    0))
        .hasMessage(expected);
    assertThatThrownBy(
            () ->
                factory.create(
                    mcp(
                        m -> {
                          m.url = "http://127.0.0.1:9/mcp";
                          m.env = Map.of("TASKS_TOKEN", SECRET);
                        }),
                    0))
        .hasMessage(expected);
  }

  @Test
  void badUrls() {
    assertThatThrownBy(() -> factory.create(mcp(m -> m.url = "ftp://x/mcp"), 0))
        .hasMessage(
            "[McpUrl] contracts[0] (taskboard): <mcp><url> \"ftp://x/mcp\" must start with"
                + " http:// or https:// (or be a path to a file)");
    assertThatThrownBy(() -> factory.create(mcp(m -> m.url = "http:/mcp"), 0))
        .hasMessage("[McpUrl] contracts[0] (taskboard): <mcp><url> \"http:/mcp\" has no host name");
    assertThatThrownBy(() -> factory.create(mcp(m -> m.url = "http://a b/"), 0))
        .hasMessageStartingWith(
            "[McpUrl] contracts[0] (taskboard): <mcp><url> \"http://a b/\" is not a URL: ");
    assertThatThrownBy(() -> factory.create(mcp(m -> m.url = "https://u:" + SECRET + "@x/mcp"), 0))
        .hasMessage(
            "[McpUrl] contracts[0] (taskboard): <mcp><url> has credentials in it; the POM is no"
                + " place for them — use <authorizationEnv> or <serverId>");
  }

  @Test
  void emptyCommand() {
    String expected =
        "[McpCommand] contracts[0] (taskboard): <mcp><command> is empty; name the program that"
            + " starts the server, such as java or npx (found on the PATH), with its <args>";
    assertThatThrownBy(() -> factory.create(mcp(m -> m.command = "  "), 0)).hasMessage(expected);
    assertThatThrownBy(() -> factory.create(mcp(m -> m.args = List.of("-y", "server")), 0))
        .hasMessage(expected);
  }

  @Test
  void timeoutsMustBePositive() {
    ContractConfig c = mcp(m -> m.command = "npx");
    c.mcp.initializeTimeoutMillis = 0;
    assertThatThrownBy(() -> factory.create(c, 0))
        .hasMessage("contracts[0] (taskboard): <mcp><initializeTimeoutMillis> must be positive");
    ContractConfig h = mcp(m -> m.url = "http://127.0.0.1:9/mcp");
    h.mcp.initializeTimeoutMillis = -1;
    assertThatThrownBy(() -> factory.create(h, 0))
        .hasMessage("contracts[0] (taskboard): <mcp><initializeTimeoutMillis> must be positive");
    h.mcp.initializeTimeoutMillis = 1;
    h.requestTimeoutMillis = 0;
    assertThatThrownBy(() -> factory.create(h, 0))
        .hasMessage(
            "contracts[0] (taskboard): <connectTimeoutMillis> and <requestTimeoutMillis> must be"
                + " positive");
  }

  @Test
  void aStdioServerTakesNoHeadersOrHttpCredentials() {
    ContractConfig c = mcp(m -> m.command = "npx");
    c.authorizationEnv = "TOKEN";
    assertThatThrownBy(() -> factory.create(c, 0))
        .hasMessage(
            "[McpStdioCredentials] contracts[0] (taskboard): <mcp> starts a program over stdio,"
                + " so <headers>, <authorizationEnv> and <serverId> have nothing to be sent to;"
                + " give the program its credentials in <mcp><env> (as ${env.NAME}), or give the"
                + " server's <url>");
  }

  @Test
  void anUnresolvedEnvExpressionIsNamedButNotShown() {
    ContractConfig c =
        mcp(
            m -> {
              m.command = "npx";
              m.env = Map.of("TASKS_TOKEN", "${env.TASKS_TOKEN_" + SECRET + "}");
            });
    assertThatThrownBy(() -> factory.create(c, 0))
        .hasMessage(
            "[McpEnv] contracts[0] (taskboard): <mcp><env> TASKS_TOKEN holds an expression Maven"
                + " could not resolve (the value is not shown); export the environment variable"
                + " it names before running Maven");
  }

  @Test
  void anotherKindBesideMcpIsTheUsualConflict() {
    ContractConfig c = mcp(m -> m.command = "npx");
    c.openapi = "openapi.yaml";
    assertThatThrownBy(() -> factory.create(c, 3))
        .hasMessage(
            "[ContractSourceConflict] contracts[3] (taskboard): <openapi> and <mcp> are both set;"
                + " give exactly one contract source");
  }

  @Test
  void anHttpServerGetsTheContractsCredentialsAndShowsNone() throws Exception {
    int port;
    try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
      port = free.getLocalPort();
    }
    ItMcpHttpServer.start(port, tools.toFile(), SECRET);
    try {
      ContractConfig c = mcp(m -> m.url = "http://127.0.0.1:" + port + "/mcp?key=" + SECRET);
      c.authorizationEnv = "TOKEN";
      c.headers = List.of("X-Tenant: acme");
      SourceFactory.Configured configured = factory.configure(c, 0);
      assertThat(configured.source().describe()).isEqualTo("http://127.0.0.1:" + port + "/mcp");
      Recorded log = new Recorded();
      Contract live = SourceFetch.fetchWarning(configured, "taskboard", MavenGoals.log(log));
      assertThat(ItMcpHttpServer.lastTenant()).isEqualTo("acme");
      assertThat(live.op("list_tasks").orElseThrow().tier()).isEqualTo(Tier.READ_ONLY);
      assertThat(ContractSnapshot.write(live) + configured.source() + log.lines)
          .doesNotContain(SECRET);
      c.authorizationEnv = null; // the server answers 401 without the token
      SourceFactory.Configured refused = factory.configure(c, 0);
      assertThatThrownBy(() -> SourceFetch.fetchWarning(refused, "taskboard", MavenGoals.log(log)))
          .isInstanceOf(GoalException.class)
          .message()
          .startsWith("could not fetch contract taskboard from http://127.0.0.1:" + port + "/mcp: ")
          .doesNotContain(SECRET);
    } finally {
      ItMcpHttpServer.stop();
    }
  }

  @Test
  void aBadEnvNameIsRefusedWithoutItsValue() {
    ContractConfig c =
        mcp(
            m -> {
              m.command = "npx";
              m.env = Map.of("A=B", SECRET);
            });
    assertThatThrownBy(() -> factory.create(c, 0))
        .isInstanceOf(ConfigException.class)
        .message()
        .startsWith("contracts[0] (taskboard): ")
        .doesNotContain(SECRET);
  }
}
