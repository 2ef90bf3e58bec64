package dev.agentkit.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * What the test documents map to under {@link OpenApiContractSource#MAPPING}, pinned by the digests
 * of their contracts. A snapshot records the mapping's version beside the document's digest, and a
 * source reuses the snapshot's contract for the same bytes under the same version, so a change to
 * what a document maps to must come with a new version: when this test fails, raise the version in
 * {@code MAPPING} and pin the new digests here.
 */
class MappingVersionTest {
  /** The contracts' digests, by document, under the pinned version. */
  private static final Map<String, String> PINNED = new LinkedHashMap<>();

  static {
    PINNED.put(
        "tasks-3.0.yaml",
        "sha256:c9f29ec5faaee65bba877d08ac03054e22d7912f0a6a57af8a562cd7edf869a8");
    PINNED.put(
        "tasks-3.1.json",
        "sha256:4c3c33f7acf481c29f15672cedf08fdf22bcbf5a9d5322dab1013d3625c780ac");
    PINNED.put(
        "real/github-23.0.2-excerpt.json",
        "sha256:0d2a11e1c3046ce5237ac498d4b9135c4d4bae5c7e481b685104cfd0288ea598");
    PINNED.put(
        "real/figma-0.43.0-excerpt.json",
        "sha256:712e03772b4385869025356f35f2822a8e9c9528cea935a2695a51b45b39477d");
  }

  @Test
  void theMappingIsTheOnePinnedForItsVersion() throws Exception {
    Map<String, String> mapped = new LinkedHashMap<>();
    for (String document : PINNED.keySet()) {
      Path file = Path.of("src/test/resources", document);
      Contract c = OpenApiContractSource.fromFile(file).contractName("pinned").build().fetch();
      mapped.put(document, c.digest());
    }

    assertThat(OpenApiContractSource.MAPPING).isEqualTo("openapi/1");
    assertThat(mapped)
        .as(
            "what these documents map to changed: raise OpenApiContractSource.MAPPING to the next"
                + " version, so that no snapshot taken by this one is reused for the same bytes,"
                + " and pin the new digests here")
        .isEqualTo(PINNED);
    assertThat(ContractSnapshot.FORMAT).isEqualTo(2);
  }

  /**
   * GitHub's whole document (npm {@code @octokit/openapi} 23.0.2), when a build installed it under
   * {@code target/octokit}: its 1,223 operations are the largest mapping pinned, and the one the
   * model's pruning ({@link ModelTree}) was checked against.
   */
  @Test
  void githubsWholeDocumentMapsAsPinnedWhenPresent() throws Exception {
    Path file =
        Path.of(
            System.getProperty(
                "github.openapi",
                "target/octokit/node_modules/@octokit/openapi/generated/api.github.com.json"));
    Assumptions.assumeTrue(Files.isRegularFile(file), "GitHub's document is not installed");
    Assumptions.assumeTrue(
        Files.size(file) == 13_001_822, "not the document of @octokit/openapi 23.0.2");

    Contract c = OpenApiContractSource.fromFile(file).contractName("github").build().fetch();

    assertThat(c.ops()).hasSize(1223);
    assertThat(c.digest())
        .isEqualTo("sha256:2dd1d2fdf5de889eb6cc0d607da2780e5877448e2b0716edea855f3eae78fcf0");
  }
}
