package dev.agentkit.maven;

import dev.agentkit.internal.UsesManifestReader;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.apache.maven.project.MavenProjectHelper;

/**
 * Attaches the module's uses manifests (what each agent uses of its backend's contract, written by
 * the annotation processor into {@code META-INF/agentkit/uses}) as an artifact with classifier
 * {@code agentkit-uses}, a zip of those files, so {@code mvn deploy} publishes them beside the jar
 * and a backend's build can verify a proposed contract against them ({@code
 * agentkit:verify-consumers}). Bound to {@code package} when an execution names the goal.
 */
@Mojo(name = "attach-uses", defaultPhase = LifecyclePhase.PACKAGE, threadSafe = true)
public class AttachUsesMojo extends AbstractMojo {
  @Parameter(defaultValue = "${project}", readonly = true, required = true)
  MavenProject project;

  @Component MavenProjectHelper helper;

  /** The class output holding the manifests. */
  @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true)
  File outputDirectory;

  /** The zip written and attached. */
  @Parameter(
      defaultValue = "${project.build.directory}/${project.build.finalName}-agentkit-uses.zip",
      readonly = true)
  File bundle;

  /** Skips the goal. */
  @Parameter(property = "agentkit.skip", defaultValue = "false")
  boolean skip;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("agentkit: skipped (agentkit.skip)");
      return;
    }
    List<String> stale = new ArrayList<>();
    SortedMap<String, byte[]> manifests;
    try {
      manifests = UsesBundle.collect(outputDirectory.toPath(), stale);
    } catch (UsesManifestReader.Malformed e) {
      throw new MojoFailureException(
          e.getMessage() + "; rebuild the module (mvn clean package) so the processor writes it");
    } catch (IOException e) {
      throw new MojoExecutionException(
          "could not read the uses manifests in " + outputDirectory + ": " + e.getMessage(), e);
    }
    for (String s : stale) {
      getLog()
          .warn(
              "agentkit: left out "
                  + s
                  + ": its agent's class is not in "
                  + outputDirectory
                  + " (an agent deleted or renamed since the last clean build)");
    }
    if (manifests.isEmpty()) {
      getLog()
          .warn(
              "agentkit: no uses manifest in "
                  + outputDirectory.toPath().resolve(dev.agentkit.internal.UsesManifest.LOCATION)
                  + ", so nothing is attached: this module compiles no @Agent, or compiles it"
                  + " without the agentkit processor (annotationProcessorPaths)");
      return;
    }
    Path zip = bundle.toPath();
    try {
      UsesBundle.write(zip, manifests);
    } catch (IOException e) {
      throw new MojoExecutionException("could not write " + zip + ": " + e.getMessage(), e);
    }
    helper.attachArtifact(project, UsesBundle.EXTENSION, UsesBundle.CLASSIFIER, zip.toFile());
    getLog()
        .info(
            "agentkit: attached "
                + manifests.size()
                + (manifests.size() == 1 ? " uses manifest" : " uses manifests")
                + " as "
                + project.getGroupId()
                + ":"
                + project.getArtifactId()
                + ":"
                + UsesBundle.EXTENSION
                + ":"
                + UsesBundle.CLASSIFIER
                + ":"
                + project.getVersion()
                + " ("
                + zip
                + ")");
  }
}
