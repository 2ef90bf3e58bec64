package dev.agentkit.maven;

import dev.agentkit.contract.Contract;
import dev.agentkit.source.ContractSource;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * Compares each committed snapshot with the live contract and fails the build on drift, as {@code
 * failOn} says. Writes a text report and a JUnit XML report per contract.
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
    List<String> failures = new ArrayList<>();
    try {
      FailOn mode = FailOn.parse(failOn);
      SourceFactory factory = sources();
      for (Map.Entry<Integer, ContractConfig> e : selected()) {
        ContractConfig c = e.getValue();
        SourceFactory.Configured configured = factory.configure(c, e.getKey());
        ContractSource source = configured.source();
        Path file = snapshotDir().resolve(c.name + ".json");
        Contract committed = readSnapshot(file, c.name);
        Contract live = fetchWarning(configured, c.name, committed);
        DriftSummary summary = DriftSummary.of(c.name, committed, live, agents(c.name));
        boolean failed = summary.fails(mode);
        Reports.write(
            getLog(),
            reportDirectory.toPath(),
            summary,
            "check of " + file + " against " + source.describe(),
            summary.failing(mode));
        if (failed) {
          failures.add(c.name);
        }
      }
    } catch (ConfigException e) {
      throw config(e);
    } catch (IOException e) {
      throw new MojoExecutionException("could not write the drift report: " + e.getMessage(), e);
    }
    if (!failures.isEmpty()) {
      throw new MojoFailureException(
          "agentkit: contract drift fails the check (failOn="
              + failOn.trim()
              + ") for "
              + String.join(", ", failures)
              + "; see the report above and in "
              + reportDirectory
              + ". Regenerate the snapshot with mvn agentkit:snapshot, rebuild, and fix the"
              + " agents the compiler then points at.");
    }
  }
}
