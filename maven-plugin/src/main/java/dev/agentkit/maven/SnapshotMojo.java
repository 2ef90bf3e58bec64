package dev.agentkit.maven;

import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Fetches each configured contract from the live backend and writes {@code
 * contract-snapshots/<name>.json} in the canonical format. An unchanged contract leaves the file
 * untouched ("up to date"), unless it was read from another document than the one the snapshot
 * records (then the record is updated); a changed one is summarised by severity. An empty or
 * invalid contract and a failed fetch never replace the existing snapshot. A document that is the
 * one the snapshot records is not mapped again. The work is {@link SnapshotGoal}'s, which the
 * command line runs too.
 */
@Mojo(name = "snapshot", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
public class SnapshotMojo extends ContractGoal {
  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("agentkit: skipped (agentkit.skip)");
      return;
    }
    SourceFactory factory = sources();
    try {
      new SnapshotGoal(context(factory)).run();
    } catch (ConfigException e) {
      throw config(e);
    } catch (GoalException e) {
      MavenGoals.raise(e);
    }
  }
}
