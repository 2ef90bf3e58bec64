package dev.agentkit.maven;

import java.io.File;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Compares two snapshot files (e.g. the committed one and a branch's) without any network, and
 * reports the drift as {@code agentkit:check} does. The work is {@link DiffGoal}'s, which the
 * command line runs too.
 */
@Mojo(name = "diff", requiresProject = false, threadSafe = true)
public class DiffMojo extends ContractGoal {
  /** The snapshot compared from (e.g. the committed one). */
  @Parameter(property = "agentkit.from")
  File from;

  /** The snapshot compared to. */
  @Parameter(property = "agentkit.to")
  File to;

  /** {@code none} (default: report only), {@code breaking} or {@code any}. */
  @Parameter(property = "agentkit.failOn", defaultValue = "none")
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
    FailOn mode;
    try {
      mode = FailOn.parse(failOn);
    } catch (ConfigException e) {
      throw config(e);
    }
    if (from == null || to == null) {
      throw new MojoFailureException(
          "agentkit configuration: agentkit:diff needs two snapshot files: pass"
              + " -Dagentkit.from=<file> and -Dagentkit.to=<file>"
              + (from == null && to == null
                  ? ""
                  : from == null ? " (agentkit.from is missing)" : " (agentkit.to is missing)"));
    }
    try {
      DiffGoal.run(
          from.toPath(),
          to.toPath(),
          mode,
          failOn,
          reportDirectory.toPath(),
          agents(),
          MavenGoals.log(getLog()));
    } catch (GoalException e) {
      MavenGoals.raise(e);
    }
  }
}
