package dev.agentkit.maven;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line's config file says what a POM's {@code <configuration>} says, with the same
 * names, and each way it can be wrong is one sentence naming the file and the key's path.
 */
class ConfigFileTest {
  @TempDir Path dir;

  private Path file(String json) throws Exception {
    return Files.writeString(dir.resolve("agentkit.json"), json);
  }

  private GoalOptions read(String json) throws Exception {
    return GoalOptions.read(file(json), Map.of("TOKEN", "t0ken", "HOST", "tasks.example")::get);
  }

  private String refusal(String json) {
    Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> read(json));
    assertThat(t).isInstanceOf(GoalException.class);
    assertThat(((GoalException) t).kind()).isEqualTo(GoalException.Kind.CONFIGURATION);
    String prefix = "agentkit configuration: [ConfigFile] ";
    assertThat(t.getMessage()).startsWith(prefix);
    return t.getMessage()
        .substring(prefix.length())
        .replace(dir.resolve("agentkit.json") + ": ", "");
  }

  @Test
  void everyKeyIsThePomsElementAtEveryLevel() throws Exception {
    GoalOptions o =
        read(
            """
            {"contracts": [
               {"name": "tasks", "openapi": "api/tasks.yaml", "maxDocumentBytes": 1000,
                "tiers": [{"opcode": "deleteTask", "tier": "irreversible", "reason": "r"}]},
               {"name": "board", "url": "https://${env.HOST}/contract", "headers": ["X-Tenant: a"],
                "authorizationEnv": "TOKEN"},
               {"name": "mcp", "mcp": {"command": "npx", "args": ["-y", "server"],
                "env": {"TOKEN": "${env.TOKEN}"}, "maxListBytes": 5000000000}}],
             "contract": "tasks", "failOn": "any", "snapshotDirectory": "snaps",
             "reportDirectory": "out", "classes": ["build/classes"], "classpath": ["lib/a.jar"],
             "consumers": ["com.acme:a:RELEASE"], "manifestDirectories": ["m"],
             "baselineDirectory": "base", "localRepository": "m2",
             "acknowledgements": [{"rule": "op-removed", "target": "x", "expires": "2027-01-01"}],
             "repositories": [{"id": "company", "url": "https://nexus.example/r",
                               "usernameEnv": "U", "passwordEnv": "P"}]}
            """);

    assertThat(o.contracts).extracting(c -> c.name).containsExactly("tasks", "board", "mcp");
    assertThat(o.contracts.get(0).maxDocumentBytes).isEqualTo(1000);
    assertThat(o.contracts.get(0).tiers.get(0).reason).isEqualTo("r");
    assertThat(o.contracts.get(1).url).isEqualTo("https://tasks.example/contract");
    assertThat(o.contracts.get(2).mcp.env).containsEntry("TOKEN", "t0ken");
    assertThat(o.contracts.get(2).mcp.maxListBytes).isEqualTo(5_000_000_000L);
    assertThat(o.snapshotDir()).isEqualTo(dir.resolve("snaps"));
    assertThat(o.reportDir()).isEqualTo(dir.resolve("out"));
    assertThat(o.baselineDir()).isEqualTo(dir.resolve("base"));
    assertThat(o.localRepository()).isEqualTo(dir.resolve("m2"));
    assertThat(o.acknowledgements.get(0).rule).isEqualTo("op-removed");
    assertThat(o.repositories())
        .extracting(GoalOptions.RepositoryConfig::passwordEnv)
        .containsExactly("P");
    assertThat(GoalOptions.defaults(dir).snapshotDir())
        .isEqualTo(dir.resolve("contract-snapshots"));
    assertThat(GoalOptions.defaults(dir).reportDir())
        .isEqualTo(dir.resolve("build/agentkit-reports"));
  }

  @Test
  void aFileThatIsNotThereOrNotJsonIsRefused() throws Exception {
    Path missing = dir.resolve("nope.json");
    assertThatThrownBy(() -> GoalOptions.read(missing, k -> null))
        .hasMessage(
            "agentkit configuration: [ConfigFile] there is no config file at "
                + missing
                + "; give one with --config, or give the options as flags (agentkit <goal>"
                + " --help)");
    assertThat(refusal("{\"contracts\": ["))
        .startsWith(dir.resolve("agentkit.json") + " is not JSON: ");
    assertThat(refusal("[]")).isEqualTo("the file is an array, not an object");
    Path folder = Files.createDirectories(dir.resolve("folder.json"));
    assertThatThrownBy(() -> GoalOptions.read(folder, k -> null))
        .hasMessageStartingWith(
            "agentkit configuration: [ConfigFile] cannot read the config file " + folder + ": ");
  }

  @Test
  void anUnknownKeyNamesTheValidOnesAndTheNearest() {
    assertThat(refusal("{\"snapshotDirectroy\": \"x\"}"))
        .isEqualTo(
            "the file has the unknown key \"snapshotDirectroy\"; its keys are acknowledgements,"
                + " baselineDirectory, classes, classpath, consumers, contract, contracts, failOn,"
                + " localRepository, manifestDirectories, reportDirectory, repositories,"
                + " snapshotDirectory; did you mean \"snapshotDirectory\"?");
    assertThat(refusal("{\"contracts\": [{\"name\": \"a\", \"mcp\": {\"comand\": \"x\"}}]}"))
        .startsWith("contracts[0].mcp has the unknown key \"comand\"; its keys are args, command,")
        .endsWith("; did you mean \"command\"?");
  }

  @Test
  void aValueOfTheWrongKindNamesItsPath() {
    assertThat(refusal("{\"contracts\": {}}")).isEqualTo("contracts is an object, not an array");
    assertThat(refusal("{\"contracts\": [{\"name\": 7}]}"))
        .isEqualTo("contracts[0].name is the number 7, not a string");
    assertThat(refusal("{\"contracts\": [{\"name\": \"a\", \"connectTimeoutMillis\": \"5\"}]}"))
        .isEqualTo(
            "contracts[0].connectTimeoutMillis is the string \"5\", not a whole number of at most"
                + " 2147483647");
    assertThat(refusal("{\"contracts\": [{\"name\": \"a\", \"connectTimeoutMillis\": 1.5}]}"))
        .startsWith("contracts[0].connectTimeoutMillis is the number 1.5, not a whole number");
    assertThat(refusal("{\"contracts\": [{\"name\": \"a\", \"headers\": [1]}]}"))
        .isEqualTo("contracts[0].headers[0] is the number 1, not a string");
    assertThat(refusal("{\"contracts\": [{\"name\": \"a\", \"mcp\": {\"env\": []}}]}"))
        .isEqualTo("contracts[0].mcp.env is an array, not an object");
  }

  @Test
  void anEnvironmentVariableThatIsNotSetOrAnotherExpressionIsRefusedWithoutTheValue() {
    assertThat(refusal("{\"contracts\": [{\"name\": \"a\", \"url\": \"${env.MISSING}\"}]}"))
        .isEqualTo(
            "contracts[0].url names ${env.MISSING}, which is not set; export it before running"
                + " agentkit");
    assertThat(
            refusal(
                "{\"contracts\": [{\"name\": \"a\", \"mcp\": {\"command\": \"x\","
                    + " \"env\": {\"K\": \"s3cret${project.basedir}\"}}}]}"))
        .isEqualTo(
            "contracts[0].mcp.env.K holds a ${...} expression other than ${env.NAME}, which is all"
                + " the command line expands (the value is not shown)")
        .doesNotContain("s3cret");
  }

  @Test
  void aSettingsServerIsRefusedForTheEnvironment() {
    assertThat(
            refusal(
                "{\"contracts\": [{\"name\": \"a\", \"url\": \"https://x/c\", \"serverId\": \"s\"}]}"))
        .isEqualTo(
            "contracts[0].serverId names a settings.xml server, which only Maven reads; give the"
                + " credential in an environment variable with authorizationEnv");
  }

  @Test
  void aRepositoryFlagIsIdEqualsUrl() throws GoalException {
    GoalOptions o = GoalOptions.defaults(dir).repositories(List.of("company=https://n.example/r"));
    assertThat(o.repositories())
        .extracting(GoalOptions.RepositoryConfig::url)
        .containsExactly("https://n.example/r");
    assertThatThrownBy(() -> GoalOptions.defaults(dir).repositories(List.of("https://n.example/r")))
        .hasMessage(
            "agentkit configuration: [ConfigFile] --repository \"https://n.example/r\" is not"
                + " id=url; give the repository's id and its URL, such as"
                + " company=https://nexus.example/repository/agents");
  }
}
