package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import java.io.File;
import java.io.IOException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Compares two snapshot files (e.g. the committed one and a branch's) without any network, and
 * reports the drift as {@code agentkit:check} does.
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
    Contract before = readFile(from);
    Contract after = readFile(to);
    if (!before.name().equals(after.name())) {
      getLog()
          .warn(
              "agentkit: comparing different contracts: " + before.name() + " and " + after.name());
    }
    DriftSummary summary = DriftSummary.of(after.name(), before, after, agents(after.name()));
    boolean failed = summary.fails(mode);
    try {
      Reports.write(
          getLog(), reportDirectory.toPath(), summary, from + " -> " + to, summary.failing(mode));
    } catch (IOException e) {
      throw new MojoExecutionException("could not write the drift report: " + e.getMessage(), e);
    }
    if (failed) {
      throw new MojoFailureException(
          "agentkit: the drift from "
              + from
              + " to "
              + to
              + " fails the diff (failOn="
              + failOn.trim()
              + ")");
    }
  }

  private static Contract readFile(File f) throws MojoFailureException {
    try {
      return dev.agentkit.contract.ContractSnapshot.read(f.toPath());
    } catch (dev.agentkit.contract.ContractFormatException e) {
      throw new MojoFailureException("agentkit:diff cannot read a snapshot: " + e.getMessage());
    }
  }
}
