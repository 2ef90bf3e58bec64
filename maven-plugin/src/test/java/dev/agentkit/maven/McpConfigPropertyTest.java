package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.mcp.McpContractSource;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.StringLength;

/**
 * Whatever the POM holds in {@code <mcp>}, the goal gets a source or one sentence naming the
 * contract, with a tag when it is about the {@code <mcp>} itself: never another exception, and
 * never an environment value, an argument or the token. Nothing is started: a source connects only
 * when it fetches.
 */
class McpConfigPropertyTest {
  private static final String SECRET = "s3cret-7f3a";

  @Provide
  Arbitrary<String> values() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(30),
        Arbitraries.of(
            "",
            " ",
            "http://127.0.0.1:9/mcp",
            "https://u:p@x/mcp",
            "ftp://x",
            "http:/x",
            "npx",
            "${env.MISSING}",
            "A=B",
            "\u0000"));
  }

  @Property(tries = 500)
  void anyMcpConfigIsASourceOrASentence(
      @ForAll("values") String url,
      @ForAll("values") String command,
      @ForAll("values") String envName,
      @ForAll("values") String envValue,
      @ForAll @StringLength(max = 12) String arg,
      @ForAll boolean withToken) {
    // jqwik runs no JUnit lifecycle: a factory of its own, on a module directory with no files.
    SourceFactory factory =
        new SourceFactory(Map.of("TOKEN", SECRET)::get, Map.of(), List.of(), Path.of("target"));
    ContractConfig c = new ContractConfig();
    c.name = "taskboard";
    c.mcp = new McpConfig();
    c.mcp.url = url.isEmpty() ? null : url;
    c.mcp.command = command.isEmpty() ? null : command;
    if (!envName.isEmpty()) {
      c.mcp.env = Map.of(envName, SECRET + envValue);
    }
    if (!arg.isEmpty()) {
      c.mcp.args = List.of(SECRET + arg);
    }
    if (withToken) {
      c.authorizationEnv = "TOKEN";
    }
    try {
      McpContractSource source = (McpContractSource) factory.create(c, 0);
      assertThat(source.describe() + source).doesNotContain(SECRET);
      source.close();
    } catch (ConfigException e) {
      assertThat(e.getMessage())
          .matches(
              "(?s)(\\[(McpNoServer|McpServerConflict|McpUrl|McpCommand|McpStdioCredentials"
                  + "|McpEnv)\\] )?contracts\\[0\\] \\(taskboard\\): .+")
          .doesNotContain(SECRET);
    }
  }
}
