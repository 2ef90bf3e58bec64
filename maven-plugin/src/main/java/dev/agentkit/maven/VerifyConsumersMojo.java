package dev.agentkit.maven;

import java.io.File;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.eclipse.aether.RepositorySystem;

/**
 * For a backend's build: "can I deploy this contract?" Grades the proposed contract (from the
 * contract's configured source: the backend's OpenAPI file, its native document, a running MCP
 * server, a {@code <sourceClass>}) against the uses manifest of every agent of every consumer, with
 * the drift rules {@code agentkit:check} uses, from the baseline (the committed snapshot of the
 * contract the backend serves now). Consumers are Maven coordinates resolved from the build's
 * repositories (a version, a range, {@code LATEST} or {@code RELEASE}), or directories of
 * manifests. Fails naming every consumer, agent and act the change breaks; writes a text report and
 * a JUnit XML report per consumer.
 */
@Mojo(
    name = "verify-consumers",
    requiresDependencyResolution = ResolutionScope.RUNTIME,
    threadSafe = true)
public class VerifyConsumersMojo extends ContractGoal {
  /**
   * The consumers, each {@code <consumer>groupId:artifactId:version</consumer>}: a version, a range
   * such as {@code [1.4,)} (every version in it), {@code LATEST} or {@code RELEASE}.
   */
  @Parameter List<String> consumers;

  /** Directories of uses manifests ({@code .json}) or bundles ({@code .zip}), each one consumer. */
  @Parameter List<File> manifestDirectories;

  /**
   * Where the baseline of each contract is, {@code <name>.json}: the snapshot of the contract the
   * backend serves now. Default: the snapshot directory.
   */
  @Parameter(property = "agentkit.baselineDirectory")
  File baselineDirectory;

  /** {@code breaking} (default), {@code any} or {@code none}. */
  @Parameter(property = "agentkit.failOn", defaultValue = "breaking")
  String failOn;

  /** Breaking changes agreed with the agents' teams, each passed until it expires. */
  @Parameter List<AcknowledgementConfig> acknowledgements;

  /** Where the text and JUnit XML reports go. */
  @Parameter(
      property = "agentkit.reportDirectory",
      defaultValue = "${project.build.directory}/agentkit-reports")
  File reportDirectory;

  /** Maven's resolver, which finds the consumers' bundles. */
  @Component RepositorySystem repositorySystem;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("agentkit: skipped (agentkit.skip)");
      return;
    }
    GoalLog log = MavenGoals.log(getLog());
    try {
      FailOn mode = FailOn.parse(failOn);
      List<AcknowledgementConfig.Checked> acks = AcknowledgementConfig.check(acknowledgements);
      List<Path> dirs = directories();
      List<ConsumerSpec> specs =
          VerifyConsumersGoal.specs(consumers == null ? List.of() : consumers, dirs);
      SourceFactory factory = sources();
      Path baselines = baselineDirectory == null ? snapshotDir() : baselineDirectory.toPath();
      List<VerifyConsumersGoal.Target> targets =
          VerifyConsumersGoal.targets(selected(), factory, baselines);
      if (session.isOffline()) {
        log.warn(VerifyConsumersGoal.offlineWarning());
      }
      List<VerifyConsumersGoal.Consumer> resolved =
          VerifyConsumersGoal.consumers(specs, resolver(), dirs);
      new VerifyConsumersGoal(
              log, reportDirectory.toPath(), mode, failOn.trim(), acks, LocalDate.now())
          .run(targets, resolved);
    } catch (ConfigException e) {
      throw config(e);
    } catch (GoalException e) {
      MavenGoals.raise(e);
    }
  }

  private List<Path> directories() {
    List<Path> out = new ArrayList<>();
    for (File f : manifestDirectories == null ? List.<File>of() : manifestDirectories) {
      out.add(f.toPath().toAbsolutePath().normalize());
    }
    return out;
  }

  /** The build's resolver over its own repositories (mirrors and credentials applied). */
  private ConsumerResolver resolver() {
    return new ConsumerResolver(
        repositorySystem, session.getRepositorySession(), project.getRemoteProjectRepositories());
  }
}
