package dev.agentkit.cli;

import dev.agentkit.contract.ChangeCategory;
import dev.agentkit.contract.Contract;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.internal.UseFixture;
import dev.agentkit.internal.UsesManifest;
import dev.agentkit.openapi.OpenApiContractSource;
import dev.agentkit.testing.BaseDir;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.apache.maven.repository.internal.MavenRepositorySystemUtils;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.deployment.DeployRequest;
import org.eclipse.aether.repository.LocalRepository;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.supplier.RepositorySystemSupplier;

/**
 * A backend's project as the command line sees it: its OpenAPI document (the task board of the
 * plugin's consumers IT), a config file, the snapshot of the contract it serves now; and the
 * consumers' manifests, deployed to a real repository with Maven's resolver.
 */
final class Fixtures {
  private Fixtures() {}

  /** The task board's OpenAPI documents, shared with the plugin's consumers IT. */
  static Path document(String name) {
    return BaseDir.resolve("..", "maven-plugin", "src", "it", "common", "consumers", name);
  }

  /** The contract an OpenAPI document gives, as the plugin names it. */
  static Contract contract(String document) throws Exception {
    return OpenApiContractSource.fromFile(document(document))
        .contractName("taskboard")
        .build()
        .fetch();
  }

  /** A project: api/taskboard.yaml (v1) and agentkit.json naming it. */
  static Path project(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("api"));
    Files.copy(document("taskboard-v1.yaml"), dir.resolve("api/taskboard.yaml"));
    Files.writeString(
        dir.resolve("agentkit.json"),
        "{\"contracts\": [{\"name\": \"taskboard\", \"openapi\": \"api/taskboard.yaml\"}]}");
    return dir;
  }

  /** The project's document replaced by another. */
  static void propose(Path project, String document) throws IOException {
    Files.copy(
        document(document),
        project.resolve("api/taskboard.yaml"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
  }

  /** The committed snapshot of the contract v1 gives, where the goals look for it. */
  static void baseline(Path project) throws Exception {
    ContractSnapshot.writeAtomically(
        project.resolve("contract-snapshots/taskboard.json"), contract("taskboard-v1.yaml"));
  }

  /** An agent's manifest of set_task_due_date, compiled against v1. */
  static UsesManifest agent(String name, boolean run) throws Exception {
    return new UsesManifest(
        "taskboard",
        name,
        contract("taskboard-v1.yaml").digest(),
        List.of(
            UseFixture.use("set_task_due_date", ChangeCategory.SCALAR_SET, "due_date")
                .runs(run)
                .build()),
        List.of());
  }

  /** The bundle attach-uses would publish for these manifests. */
  static Path bundle(Path file, UsesManifest... manifests) throws IOException {
    try (OutputStream out = Files.newOutputStream(file);
        ZipOutputStream zip = new ZipOutputStream(out)) {
      for (UsesManifest m : manifests) {
        zip.putNextEntry(new ZipEntry(UsesManifest.path(m.contract(), m.agent())));
        zip.write(m.encode().getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
      }
    }
    return file;
  }

  /** Deploys a bundle, with a POM, to a file repository, as mvn deploy does. */
  static void deploy(Path repo, String artifactId, String version, Path bundle) throws Exception {
    RepositorySystem system = new RepositorySystemSupplier().get();
    DefaultRepositorySystemSession session = MavenRepositorySystemUtils.newSession();
    Path local = Files.createTempDirectory("agentkit-deploy");
    session.setLocalRepositoryManager(
        system.newLocalRepositoryManager(session, new LocalRepository(local.toFile())));
    Path pom =
        Files.writeString(
            local.resolve("pom.xml"),
            "<project><modelVersion>4.0.0</modelVersion><groupId>com.acme</groupId><artifactId>"
                + artifactId
                + "</artifactId><version>"
                + version
                + "</version></project>");
    DeployRequest request =
        new DeployRequest()
            .setRepository(
                new RemoteRepository.Builder("agents", "default", repo.toUri().toString()).build());
    request.addArtifact(
        new DefaultArtifact("com.acme", artifactId, "", "pom", version).setFile(pom.toFile()));
    request.addArtifact(
        new DefaultArtifact("com.acme", artifactId, "agentkit-uses", "zip", version)
            .setFile(bundle.toFile()));
    system.deploy(session, request);
  }
}
