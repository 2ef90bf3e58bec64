package dev.agentkit.maven;

import static dev.agentkit.maven.ConsumerFixtures.asks;
import static dev.agentkit.maven.ConsumerFixtures.live;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.eclipse.aether.repository.RemoteRepository;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Consumers are found through Maven's real resolver in a real repository that Maven's deploy wrote:
 * a version, every version of a range, LATEST and RELEASE from the metadata; and a consumer that
 * cannot be had is an error naming it and the repositories, never a pass.
 */
class ConsumerResolverTest {
  @TempDir Path dir;
  ConsumerRepository repo;

  @BeforeEach
  void deployAgents() throws Exception {
    repo = new ConsumerRepository(dir);
    repo.deploy("com.acme", "triage-agent", "1.0", live());
    repo.deploy("com.acme", "triage-agent", "1.1", live(), asks());
  }

  private static ConsumerSpec spec(String text) throws ConfigException {
    return ConsumerSpec.parse(text, "<consumers> entry 1");
  }

  private List<String> versions(String text) throws Exception {
    return repo.resolver().resolve(spec(text)).stream()
        .map(ConsumerResolver.Resolved::coordinates)
        .toList();
  }

  @Test
  void aVersionARangeLatestAndReleaseResolveFromTheRepository() throws Exception {
    assertThat(versions("com.acme:triage-agent:1.0")).containsExactly("com.acme:triage-agent:1.0");
    assertThat(versions("com.acme:triage-agent:[1.0,)"))
        .containsExactly("com.acme:triage-agent:1.0", "com.acme:triage-agent:1.1");
    assertThat(versions("com.acme:triage-agent:LATEST"))
        .containsExactly("com.acme:triage-agent:1.1");
    assertThat(versions("com.acme:triage-agent:RELEASE"))
        .containsExactly("com.acme:triage-agent:1.1");
  }

  @Test
  void theResolvedBundleHoldsTheManifestsDeployed() throws Exception {
    ConsumerResolver.Resolved r = repo.resolver().resolve(spec("com.acme:triage-agent:1.1")).get(0);
    assertThat(UsesBundle.readZip(r.bundle(), r.coordinates()))
        .extracting(UsesBundle.Entry::manifest)
        .containsExactly(asks(), live());
  }

  @Test
  void aVersionDeployedSinceTheLastRunIsSeenThoughTheMetadataIsCachedForTheDay() throws Exception {
    // The same local repository at each run, and a session with Maven's default (daily) policy.
    assertThat(versions("com.acme:triage-agent:RELEASE"))
        .containsExactly("com.acme:triage-agent:1.1");
    repo.deploy("com.acme", "triage-agent", "1.2", live());
    assertThat(versions("com.acme:triage-agent:RELEASE"))
        .containsExactly("com.acme:triage-agent:1.2");
    assertThat(versions("com.acme:triage-agent:[1.1,)")).hasSize(2);
  }

  private String where() {
    return "agents (" + repo.dir.toUri() + ")";
  }

  @Test
  void aVersionOrAnArtifactThatIsNotThereIsAnError() {
    assertThatThrownBy(() -> versions("com.acme:triage-agent:2.0"))
        .isInstanceOf(GoalException.class)
        .hasMessage(
            "[ConsumerManifestMissing] com.acme:triage-agent:2.0 has no agentkit-uses artifact in "
                + where()
                + "; the agent's build publishes its uses manifests with agentkit:attach-uses"
                + " (docs/consumers.md), or it is not an agent of this contract: remove it from the"
                + " consumers");
    assertThatThrownBy(() -> versions("com.acme:nobody:RELEASE"))
        .hasMessage(
            "[ConsumerManifestMissing] consumer com.acme:nobody:RELEASE: com.acme:nobody has no"
                + " RELEASE version in "
                + where()
                + "; check the coordinates, or publish the agent with agentkit:attach-uses"
                + " (docs/consumers.md)");
    assertThatThrownBy(() -> versions("com.acme:triage-agent:[3.0,)"))
        .hasMessage(
            "[ConsumerManifestMissing] consumer com.acme:triage-agent:[3.0,):"
                + " com.acme:triage-agent has no version in [3.0,) in "
                + where()
                + "; check the coordinates, or publish the agent with agentkit:attach-uses"
                + " (docs/consumers.md)");
  }

  @Test
  void anAgentPublishedWithoutItsManifestsIsAnError() throws Exception {
    Path jar = Files.writeString(dir.resolve("plain.jar"), "not really a jar");
    repo.deployFile("com.acme", "plain-agent", "1.0", "", "jar", jar);

    assertThatThrownBy(() -> versions("com.acme:plain-agent:RELEASE"))
        .hasMessageStartingWith(
            "[ConsumerManifestMissing] com.acme:plain-agent:1.0 has no agentkit-uses artifact in");
  }

  @Test
  void anUnreachableRepositoryIsAnErrorThatShowsNoCredentialOfItsUrl() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    RemoteRepository down =
        new RemoteRepository.Builder(
                "agents-down",
                "default",
                "http://deployer:s3cret@127.0.0.1:" + port + "/repo?token=t0ken")
            .build();
    ConsumerResolver resolver =
        new ConsumerResolver(
            ConsumerRepository.SYSTEM,
            ConsumerRepository.session(Files.createDirectories(dir.resolve("other"))),
            List.of(down));

    for (String version : List.of("RELEASE", "[1.0,)", "1.0")) {
      assertThatThrownBy(() -> resolver.resolve(spec("com.acme:triage-agent:" + version)))
          .isInstanceOf(GoalException.class)
          .hasMessageStartingWith(
              "[ConsumerRepository] could not read agents-down (http://127.0.0.1:"
                  + port
                  + "/repo) for consumer com.acme:triage-agent:"
                  + version
                  + ": ")
          .hasMessageEndingWith(
              "; check the repository's URL, that it is up, and its credentials (a <server> of"
                  + " settings.xml with the repository's id)")
          .hasMessageNotContaining("s3cret")
          .hasMessageNotContaining("t0ken")
          .satisfies(
              e ->
                  assertThat(((GoalException) e).kind()).isEqualTo(GoalException.Kind.UNAVAILABLE));
    }
  }

  @Test
  void aRangeMavenCannotReadIsAConfigurationError() {
    assertThatThrownBy(() -> versions("com.acme:triage-agent:[1.0"))
        .isInstanceOf(GoalException.class)
        .hasMessageStartingWith(
            "agentkit configuration: [ConsumerCoordinates] com.acme:triage-agent:[1.0: the range"
                + " [1.0 is not one Maven reads (");
  }

  @Test
  void urlsAreShownWithoutUserInfoQueryOrFragment() {
    assertThat(ConsumerResolver.redact("https://u:p@nexus.example:8443/repo/?t=1#x"))
        .isEqualTo("https://nexus.example:8443/repo/");
    assertThat(ConsumerResolver.redact("file:///tmp/repo")).isEqualTo("file:///tmp/repo");
    assertThat(
            ConsumerResolver.redactUrls(
                "Could not transfer from https://u:p@nexus.example/r?x=1 to local"))
        .isEqualTo("Could not transfer from https://nexus.example/r to local");
  }
}
