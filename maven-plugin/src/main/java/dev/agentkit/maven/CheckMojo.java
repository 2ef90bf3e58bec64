package dev.agentkit.maven;

import java.io.File;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Compares each committed snapshot with the live contract and fails the build on drift, as {@code
 * failOn} says. Writes a text report and a JUnit XML report per contract. The work is {@link
 * CheckGoal}'s, which the command line runs too.
 */
@Mojo(name = "check", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class CheckMojo extends ContractGoal {
  /** {@code breaking} (default), {@code any} or {@code none}. */
  @Parameter(property = "agentkit.failOn", defaultValue = "breaking")
  String failOn;

  /** Where the text and JUnit XML reports go. */
  @Parameter(
      property = "agentkit.reportDirectory",
      defaultValue = "${project.build.directory}/agentkit-reports")
  File reportDirectory;

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("agentkit: skipped (agentkit.skip)");
      return;
    }
    try {
      FailOn mode = FailOn.parse(failOn);
      new CheckGoal(context(sources())).run(mode, failOn, reportDirectory.toPath());
    } catch (ConfigException e) {
      throw config(e);
    } catch (GoalException e) {
      MavenGoals.raise(e);
    }
  }
}
