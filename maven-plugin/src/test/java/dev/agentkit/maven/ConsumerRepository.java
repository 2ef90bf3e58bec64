package dev.agentkit.maven;

import dev.agentkit.internal.UsesManifest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.maven.repository.internal.MavenRepositorySystemUtils;
import org.eclipse.aether.DefaultRepositorySystemSession;
import org.eclipse.aether.RepositorySystem;
import org.eclipse.aether.artifact.Artifact;
import org.eclipse.aether.artifact.DefaultArtifact;
import org.eclipse.aether.deployment.DeployRequest;
import org.eclipse.aether.repository.LocalRepository;
import org.eclipse.aether.repository.RemoteRepository;
import org.eclipse.aether.supplier.RepositorySystemSupplier;

/**
 * A real Maven repository in a directory, deployed to with Maven's own resolver (artifacts, POMs
 * and maven-metadata.xml as {@code mvn deploy} writes them), and a resolver that reads it as the
 * goal does.
 */
final class ConsumerRepository {
  static final RepositorySystem SYSTEM = new RepositorySystemSupplier().get();

  final Path dir;
  final RemoteRepository remote;
  private final Path local;

  ConsumerRepository(Path root) throws IOException {
    this.dir = Files.createDirectories(root.resolve("repo"));
    this.local = Files.createDirectories(root.resolve("local"));
    this.remote = new RemoteRepository.Builder("agents", "default", dir.toUri().toString()).build();
  }

  static DefaultRepositorySystemSession session(Path local) {
    DefaultRepositorySystemSession s = MavenRepositorySystemUtils.newSession();
    s.setLocalRepositoryManager(
        SYSTEM.newLocalRepositoryManager(s, new LocalRepository(local.toFile())));
    return s;
  }

  /** A resolver over this repository, with a local repository of its own. */
  ConsumerResolver resolver() {
    return new ConsumerResolver(SYSTEM, session(local), List.of(remote));
  }

  /** Deploys an agent's jar-less release: its POM and its bundle of these manifests. */
  void deploy(String groupId, String artifactId, String version, UsesManifest... manifests)
      throws Exception {
    SortedMap<String, byte[]> entries = new TreeMap<>();
    for (UsesManifest m : manifests) {
      entries.put(
          UsesManifest.path(m.contract(), m.agent()), m.encode().getBytes(StandardCharsets.UTF_8));
    }
    Path zip = Files.createTempFile(local, "bundle", ".zip");
    UsesBundle.write(zip, entries);
    deployFile(groupId, artifactId, version, UsesBundle.CLASSIFIER, UsesBundle.EXTENSION, zip);
  }

  /** Deploys one file of an artifact, with a POM, as mvn deploy does. */
  void deployFile(
      String groupId,
      String artifactId,
      String version,
      String classifier,
      String extension,
      Path file)
      throws Exception {
    Path pom = Files.createTempFile(local, "pom", ".xml");
    Files.writeString(
        pom,
        "<project><modelVersion>4.0.0</modelVersion><groupId>"
            + groupId
            + "</groupId><artifactId>"
            + artifactId
            + "</artifactId><version>"
            + version
            + "</version></project>");
    Artifact pomArtifact =
        new DefaultArtifact(groupId, artifactId, "", "pom", version).setFile(pom.toFile());
    Artifact artifact =
        new DefaultArtifact(groupId, artifactId, classifier, extension, version)
            .setFile(file.toFile());
    DeployRequest request = new DeployRequest().setRepository(remote);
    request.addArtifact(pomArtifact).addArtifact(artifact);
    SYSTEM.deploy(session(Files.createTempDirectory(local, "deploy")), request);
  }
}
