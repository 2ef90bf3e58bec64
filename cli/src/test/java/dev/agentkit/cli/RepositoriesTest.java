package dev.agentkit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.maven.GoalException;
import dev.agentkit.maven.GoalOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.aether.repository.RemoteRepository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repositories verify-consumers resolves from, as the config file and the flags give them:
 * credentials from environment variables only, and each way an entry can be wrong one sentence.
 */
class RepositoriesTest {
  @TempDir Path dir;

  private GoalOptions options(String repositories) throws Exception {
    Path file =
        Files.writeString(
            dir.resolve("agentkit.json"),
            "{\"consumers\": [\"com.acme:a:RELEASE\"], \"repositories\": " + repositories + "}");
    return GoalOptions.read(file, k -> null);
  }

  private static final Map<String, String> ENV = Map.of("NEXUS_USER", "ci", "NEXUS_PASSWORD", "pw");

  private String refusal(String repositories) {
    Throwable t =
        org.assertj.core.api.Assertions.catchThrowable(
            () -> Repositories.of(options(repositories), ENV::get, false));
    assertThat(t).isInstanceOf(GoalException.class);
    assertThat(((GoalException) t).kind().exitCode()).isEqualTo(2);
    return t.getMessage();
  }

  @Test
  void aRepositoryIsItsIdAndUrlWithCredentialsFromTheEnvironment() throws Exception {
    Repositories r =
        Repositories.of(
            options(
                "[{\"id\": \"company\", \"url\": \"https://nexus.example/r\","
                    + " \"usernameEnv\": \"NEXUS_USER\", \"passwordEnv\": \"NEXUS_PASSWORD\"},"
                    + " {\"id\": \"local\", \"url\": \"file:///srv/repo\"}]"),
            ENV::get,
            true);
    assertThat(r.remotes).extracting(RemoteRepository::getId).containsExactly("company", "local");
    assertThat(r.remotes.get(0).getAuthentication()).isNotNull();
    assertThat(r.remotes.get(1).getAuthentication()).isNull();
    assertThat(r.session.isOffline()).isTrue();
    assertThat(r.session.getLocalRepository().getBasedir().toPath())
        .isEqualTo(Path.of(System.getProperty("user.home"), ".m2", "repository"));
  }

  @Test
  void eachWayAnEntryCanBeWrongIsOneSentence() {
    assertThat(refusal("[{\"url\": \"https://nexus.example/r\"}]"))
        .isEqualTo(
            "agentkit configuration: [ConfigFile] repositories entry 1 has no id; a repository is"
                + " its id and its url, such as {\"id\": \"company\", \"url\":"
                + " \"https://nexus.example/repository/agents\"}");
    assertThat(refusal("[{\"id\": \"company\"}]"))
        .startsWith("agentkit configuration: [ConfigFile] repositories entry 1 has no url;");
    assertThat(refusal("[{\"id\": \"company\", \"url\": \"https://nexus example\"}]"))
        .startsWith(
            "agentkit configuration: [ConfigFile] repositories entry 1 (company): its url is not a"
                + " URL: ");
    assertThat(refusal("[{\"id\": \"company\", \"url\": \"ftp://nexus.example/r\"}]"))
        .isEqualTo(
            "agentkit configuration: [ConfigFile] repositories entry 1 (company): its url must"
                + " start with https://, http:// or file:");
    assertThat(
            refusal(
                "[{\"id\": \"company\", \"url\": \"https://nexus.example/r\","
                    + " \"passwordEnv\": \"NEXUS_TOKEN\"}]"))
        .isEqualTo(
            "agentkit configuration: [ConfigFile] repositories entry 1 (company): passwordEnv names"
                + " environment variable NEXUS_TOKEN, which is not set; export it before running"
                + " agentkit");
    assertThat(refusal("[]"))
        .isEqualTo(
            "agentkit configuration: [ConfigFile] consumers are given as coordinates, but no"
                + " repository to resolve them from: add one to repositories in the config file"
                + " ({\"id\": ..., \"url\": ...}) or pass --repository id=url");
  }

  @Test
  void aRepositoryFlagReplacesTheFilesRepositories() throws Exception {
    GoalOptions o =
        options("[{\"id\": \"company\", \"url\": \"https://nexus.example/r\"}]")
            .repositories(List.of("other=file:///srv/agents"));
    assertThat(Repositories.of(o, ENV::get, false).remotes)
        .extracting(RemoteRepository::getUrl)
        .containsExactly("file:///srv/agents");
  }
}
