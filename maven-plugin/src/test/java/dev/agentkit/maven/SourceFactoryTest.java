package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.contract.Op;
import dev.agentkit.contract.Tier;
import dev.agentkit.source.ContractSource;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Configuration errors of the goals, each naming the parameter and the fix. */
class SourceFactoryTest {
  private final SourceFactory factory =
      new SourceFactory(
          Map.of("BOARD_TOKEN", "s3cret")::get,
          Map.of(
              "board", new SourceFactory.Server(null, "tok"),
              "basic", new SourceFactory.Server("ann", "pw"),
              "nopass", new SourceFactory.Server("ann", null),
              "sealed",
                  SourceFactory.Server.undecryptable(
                      SourceFactory.redact(
                          "Failed to decrypt password for server sealed: {AbC=} is not valid",
                          "{AbC=}"))),
          List.of(),
          Path.of("."));

  private static ContractConfig config(String name, String url) {
    ContractConfig c = new ContractConfig();
    c.name = name;
    c.url = url;
    return c;
  }

  @Test
  void aValidHttpContract() throws Exception {
    ContractConfig c = config("taskboard", "http://127.0.0.1:8080/contract?x=1");
    c.headers = List.of("X-Tenant: acme");
    c.authorizationEnv = "BOARD_TOKEN";
    ContractSource s = factory.create(c, 0);
    assertThat(s.describe()).isEqualTo("http://127.0.0.1:8080/contract");
    assertThat(s.toString()).doesNotContain("s3cret");
  }

  @Test
  void aPasswordMavenCannotDecryptFailsWithoutShowingIt() {
    ContractConfig c = config("taskboard", "http://127.0.0.1:8080/contract");
    c.serverId = "sealed";
    assertThatThrownBy(() -> factory.create(c, 0))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "contracts[0] (taskboard): the password of settings.xml server sealed cannot be"
                + " decrypted (Failed to decrypt password for server sealed: *** is not valid);"
                + " check the master password in settings-security.xml (or the file named by"
                + " -Dsettings.security), or encrypt the password again with mvn"
                + " --encrypt-password")
        .message()
        .doesNotContain("AbC");
  }

  @Test
  void nameIsRequiredAndFollowsTheSpellingRule() {
    assertThatThrownBy(() -> factory.create(config(null, "http://x/"), 0))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "contracts[0]: <name> is missing; every contract needs the name its snapshot is saved"
                + " as (contract-snapshots/<name>.json)");
    assertThatThrownBy(() -> factory.create(config("TaskBoard", "http://x/"), 2))
        .hasMessageStartingWith("contracts[2] (TaskBoard): <name> ");
  }

  @Test
  void exactlyOneContractSource() {
    assertThatThrownBy(() -> factory.create(config("taskboard", " "), 0))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "[ContractSourceMissing] contracts[0] (taskboard): no contract source is set; give one"
                + " of <url> (the URL the backend serves its contract document at), <openapi> (the"
                + " URL or path of an OpenAPI 3.0 or 3.1 document), <mcp> (an MCP server: its"
                + " <url> (Streamable HTTP) or the <command> that starts it (stdio)), <sourceClass>"
                + " (a ContractSource class on the project's classpath)");
    ContractConfig both = config("taskboard", "http://x/");
    both.sourceClass = "a.B";
    assertThatThrownBy(() -> factory.create(both, 1))
        .hasMessage(
            "[ContractSourceConflict] contracts[1] (taskboard): <url> and <sourceClass> are both"
                + " set; give exactly one contract source");
    both.openapi = "openapi.yaml";
    assertThatThrownBy(() -> factory.create(both, 1))
        .hasMessage(
            "[ContractSourceConflict] contracts[1] (taskboard): <url>, <openapi> and <sourceClass>"
                + " are all set; give exactly one contract source");
  }

  @Test
  void badUrls() throws Exception {
    assertThatThrownBy(() -> factory.create(config("taskboard", "ftp://x/"), 0))
        .hasMessage(
            "contracts[0] (taskboard): <url> \"ftp://x/\" must start with http:// or https://");
    assertThatThrownBy(() -> factory.create(config("taskboard", "http://a b/"), 0))
        .hasMessage(
            "contracts[0] (taskboard): <url> \"http://a b/\" is not a URL: Illegal character in"
                + " authority");
    assertThatThrownBy(() -> factory.create(config("taskboard", "http:/contract"), 0))
        .hasMessage("contracts[0] (taskboard): <url> \"http:/contract\" has no host name");
    assertThatThrownBy(() -> factory.create(config("taskboard", "http://u:p@x/"), 0))
        .hasMessage(
            "contracts[0] (taskboard): <url> has credentials in it; the POM is no place for them"
                + " — use <authorizationEnv> or <serverId>");
    ContractConfig t = config("taskboard", "http://x/");
    t.requestTimeoutMillis = 0;
    assertThatThrownBy(() -> factory.create(t, 0))
        .hasMessage(
            "contracts[0] (taskboard): <connectTimeoutMillis> and <requestTimeoutMillis> must be"
                + " positive");
    t.requestTimeoutMillis = 1;
    t.connectTimeoutMillis = 0;
    assertThatThrownBy(() -> factory.create(t, 0))
        .hasMessage(
            "contracts[0] (taskboard): <connectTimeoutMillis> and <requestTimeoutMillis> must be"
                + " positive");
    t.connectTimeoutMillis = 1;
    assertThat(factory.create(t, 0).describe()).isEqualTo("http://x/");
  }

  @Test
  void headerSyntaxAndNoCredentialsInThePom() {
    ContractConfig c = config("taskboard", "http://x/");
    c.headers = List.of("X-Tenant: acme", "X-Broken");
    assertThatThrownBy(() -> factory.create(c, 0))
        .hasMessage(
            "contracts[0] (taskboard): <headers> entry 2 is not of the form \"Name: value\" (it"
                + " has no colon)");
    c.headers = List.of(": value");
    assertThatThrownBy(() -> factory.create(c, 0))
        .hasMessage(
            "contracts[0] (taskboard): <headers> entry 1 is not of the form \"Name: value\" (it"
                + " has no header name before the colon)");
    c.headers = List.of("Authorization: Bearer abc");
    assertThatThrownBy(() -> factory.create(c, 0))
        .hasMessage(
            "contracts[0] (taskboard): <headers> entry 1 sets Authorization in the POM in clear;"
                + " credentials come from <authorizationEnv> (an environment variable) or"
                + " <serverId> (settings.xml)")
        .message()
        .doesNotContain("abc");
    for (String header : List.of("Proxy-Authorization", "cookie")) {
      c.headers = List.of("X-Tenant: acme", header + ": secret");
      assertThatThrownBy(() -> factory.create(c, 0))
          .hasMessage(
              "contracts[0] (taskboard): <headers> entry 2 sets "
                  + header
                  + " in the POM in clear; credentials come from <authorizationEnv> (an"
                  + " environment variable) or <serverId> (settings.xml)");
    }
  }

  @Test
  void credentialsFromTheEnvironmentOrSettings() throws Exception {
    ContractConfig env = config("taskboard", "http://x/");
    env.authorizationEnv = "MISSING_TOKEN";
    assertThatThrownBy(() -> factory.create(env, 0))
        .hasMessage(
            "contracts[0] (taskboard): <authorizationEnv> names environment variable"
                + " MISSING_TOKEN, which is not set; export it before running Maven");
    ContractConfig server = config("taskboard", "http://x/");
    server.serverId = "bored";
    assertThatThrownBy(() -> factory.create(server, 0))
        .hasMessage(
            "contracts[0] (taskboard): <serverId> bored is not a <server> in settings.xml; it"
                + " has: basic, board, nopass, sealed");
    server.serverId = "nopass";
    assertThatThrownBy(() -> factory.create(server, 0))
        .hasMessage(
            "contracts[0] (taskboard): settings.xml server nopass has no <password> to"
                + " authenticate with");
    server.serverId = "board";
    server.authorizationEnv = "BOARD_TOKEN";
    assertThatThrownBy(() -> factory.create(server, 0))
        .hasMessage(
            "contracts[0] (taskboard): both <authorizationEnv> and <serverId> are set; give at"
                + " most one");
    server.authorizationEnv = null;
    assertThat(factory.create(server, 0).describe()).isEqualTo("http://x/");
    SourceFactory noServers = new SourceFactory(k -> null, Map.of(), List.of(), Path.of("."));
    assertThatThrownBy(() -> noServers.create(server, 0))
        .hasMessage(
            "contracts[0] (taskboard): <serverId> board is not a <server> in settings.xml (it"
                + " has none)");
  }

  @Test
  void theCredentialsAreSentAsTheAuthorizationHeader(@TempDir Path dir) throws Exception {
    Path contract = dir.resolve("contract.json");
    Files.writeString(
        contract,
        ContractSnapshot.write(
            Contract.of(
                "taskboard",
                List.of(
                    Op.builder("close_task")
                        .description("Close.")
                        .tier(Tier.REVERSIBLE)
                        .build()))));
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    ItBackend.start(port, contract.toFile());
    try {
      Map<String, String> sent = new LinkedHashMap<>();
      for (String serverId : new String[] {null, "board", "basic"}) {
        ContractConfig c = config("taskboard", "http://127.0.0.1:" + port + "/contract");
        c.serverId = serverId;
        factory.create(c, 0).fetch();
        sent.put(String.valueOf(serverId), ItBackend.lastAuthorization());
      }
      ContractConfig env = config("taskboard", "http://127.0.0.1:" + port + "/contract");
      env.authorizationEnv = " BOARD_TOKEN ";
      factory.create(env, 0).fetch();
      sent.put("env", ItBackend.lastAuthorization());
      Map<String, String> expected = new LinkedHashMap<>();
      expected.put("null", null);
      expected.put("board", "Bearer tok");
      expected.put(
          "basic",
          "Basic " + Base64.getEncoder().encodeToString("ann:pw".getBytes(StandardCharsets.UTF_8)));
      expected.put("env", "Bearer s3cret");
      assertThat(sent).containsExactlyEntriesOf(expected);
    } finally {
      ItBackend.stop();
    }
  }

  @Test
  void sourceClassErrors() {
    ContractConfig c = config("taskboard", null);
    c.sourceClass = "com.example.Missing";
    assertThatThrownBy(() -> factory.create(c, 0))
        .hasMessage(
            "contracts[0] (taskboard): <sourceClass> com.example.Missing is not on the project's"
                + " classpath; compile it in this module (src/main/java) or add the dependency"
                + " that has it");
    c.sourceClass = "java.lang.String";
    assertThatThrownBy(() -> factory.create(c, 0))
        .hasMessage(
            "contracts[0] (taskboard): <sourceClass> java.lang.String does not implement"
                + " dev.agentkit.source.ContractSource");
    c.sourceClass = NoDefaultConstructor.class.getName();
    assertThatThrownBy(() -> factory.create(c, 0))
        .hasMessage(
            "contracts[0] (taskboard): <sourceClass> "
                + NoDefaultConstructor.class.getName()
                + " needs a public constructor without parameters");
    c.sourceClass = Throwing.class.getName();
    assertThatThrownBy(() -> factory.create(c, 0))
        .hasMessage(
            "contracts[0] (taskboard): <sourceClass> "
                + Throwing.class.getName()
                + " could not be created: java.lang.IllegalStateException: no config");
  }

  @Test
  void failOnValues() throws Exception {
    assertThat(FailOn.parse(" Breaking ")).isEqualTo(FailOn.BREAKING);
    assertThat(FailOn.parse("any")).isEqualTo(FailOn.ANY);
    assertThat(FailOn.parse("none")).isEqualTo(FailOn.NONE);
    assertThatThrownBy(() -> FailOn.parse("always"))
        .hasMessage("<failOn> (agentkit.failOn) is \"always\"; use one of any, breaking, none");
  }

  @Test
  void aSourceClassIsCreatedWithItsPublicConstructor() throws Exception {
    ContractConfig c = config("taskboard", null);
    c.sourceClass = " " + Valid.class.getName() + " ";
    ContractSource source = factory.create(c, 0);
    assertThat(source).isInstanceOf(Valid.class);
    assertThat(source.fetch().name()).isEqualTo("taskboard");
  }

  /** A source the goals can create. */
  public static final class Valid implements ContractSource {
    @Override
    public Contract fetch() {
      return Contract.of("taskboard", List.of());
    }
  }

  /** A source without a no-arg constructor. */
  public static final class NoDefaultConstructor implements ContractSource {
    public NoDefaultConstructor(String url) {}

    @Override
    public dev.agentkit.contract.Contract fetch() {
      return null;
    }
  }

  /** A source whose constructor throws. */
  public static final class Throwing implements ContractSource {
    public Throwing() {
      throw new IllegalStateException("no config");
    }

    @Override
    public dev.agentkit.contract.Contract fetch() {
      return null;
    }
  }
}
