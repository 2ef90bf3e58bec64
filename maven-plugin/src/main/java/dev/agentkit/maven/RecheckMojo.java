package dev.agentkit.maven;

import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Makes the next compile re-run the annotation processor when a snapshot changed since the wiring
 * was generated. javac cannot declare a snapshot as an input, so after a snapshot edit a plain
 * {@code mvn compile} would keep stale wiring ("Nothing to compile"). This goal compares the digest
 * each agent's wiring was generated from (the processor's stamp in the class output) with the
 * snapshot's current digest, and when they differ (or the snapshot is gone or unreadable) removes
 * the compiler plugin's incremental state, which makes it recompile the module. Bind it to {@code
 * initialize} in modules that compile agents.
 */
@Mojo(name = "recheck", defaultPhase = LifecyclePhase.INITIALIZE, threadSafe = true)
public class RecheckMojo extends AbstractMojo {
  /** The class output holding the processor's stamps. */
  @Parameter(defaultValue = "${project.build.outputDirectory}", readonly = true)
  File outputDirectory;

  /** The compiler plugin's incremental build state for main sources. */
  @Parameter(
      defaultValue = "${project.build.directory}/maven-status/maven-compiler-plugin/compile",
      readonly = true)
  File compilerStatus;

  /** Skips the goal. */
  @Parameter(property = "agentkit.skip", defaultValue = "false")
  boolean skip;

  @Override
  public void execute() throws MojoExecutionException {
    if (skip) {
      return;
    }
    List<ActIndex.Stamp> stamps;
    try {
      stamps = ActIndex.stamps(ActIndex.existing(List.of(outputDirectory.toPath())));
    } catch (IOException e) {
      throw new MojoExecutionException("cannot read the agents' wiring stamps: " + e.getMessage());
    }
    String reason = null;
    for (ActIndex.Stamp s : stamps) {
      reason = staleness(s);
      if (reason != null) {
        break;
      }
    }
    if (reason == null) {
      getLog().debug("agentkit: every agent's wiring matches its snapshot");
      return;
    }
    getLog().info("agentkit: " + reason + "; the module is recompiled to check it again");
    try {
      deleteTree(compilerStatus.toPath());
      // Generated wiring from the old snapshot must not survive a failed recheck either.
      deleteTree(outputDirectory.toPath().resolve(ActIndex.LOCATION));
    } catch (IOException e) {
      throw new MojoExecutionException(
          "cannot reset the compiler's incremental state at "
              + compilerStatus
              + ": "
              + e.getMessage());
    }
  }

  static String staleness(ActIndex.Stamp s) {
    if (s.snapshot() == null) {
      return "the wiring of " + s.agent() + " names no snapshot";
    }
    if (!Files.isRegularFile(s.snapshot())) {
      return "snapshot " + s.snapshot() + " of " + s.agent() + " is gone";
    }
    try {
      String now = ContractSnapshot.read(s.snapshot()).digest();
      if (!now.equals(s.digest())) {
        return "snapshot "
            + s.snapshot()
            + " changed since the wiring of "
            + s.agent()
            + " was generated ("
            + s.digest()
            + " -> "
            + now
            + ")";
      }
      return null;
    } catch (ContractFormatException e) {
      return "snapshot " + s.snapshot() + " of " + s.agent() + " is unreadable";
    }
  }

  private static void deleteTree(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
