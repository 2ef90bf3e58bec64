package dev.agentkit.maven;

import dev.agentkit.contract.ContractFormatException;
import dev.agentkit.contract.ContractSnapshot;
import dev.agentkit.internal.WiringStamp;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
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
 * that agent's stamp and compiled class and the compiler plugin's incremental state, which makes it
 * recompile the module. The processor removes an agent's class whenever it checks the agent, so a
 * compile that fails leaves it missing and the next one runs the processor again. Bind it to {@code
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
    List<ActIndex.Stamp> stale = new ArrayList<>();
    for (ActIndex.Stamp s : stamps) {
      String reason = staleness(s);
      if (reason != null) {
        getLog().info("agentkit: " + reason + "; the module is recompiled to check it again");
        stale.add(s);
      }
    }
    if (stale.isEmpty()) {
      getLog().debug("agentkit: every agent's wiring matches its snapshot");
      return;
    }
    try {
      deleteTree(compilerStatus.toPath());
      for (ActIndex.Stamp s : stale) {
        forget(s);
      }
    } catch (IOException e) {
      throw new MojoExecutionException(
          "cannot reset the compiler's incremental state at "
              + compilerStatus
              + ": "
              + e.getMessage());
    }
  }

  /**
   * Removes a stale agent's stamp and compiled class. Without its class the agent's source is stale
   * to every incremental compiler, so the module is recompiled now and again after a compile that
   * fails or stops, until one succeeds and the processor writes a fresh stamp.
   */
  private void forget(ActIndex.Stamp s) throws IOException {
    Path out = outputDirectory.toPath();
    Files.deleteIfExists(out.resolve(WiringStamp.path(s.agent())));
    String[] names = s.agent().split("\\.");
    // A nested agent's class is its outermost class's: try the longest name that is a file.
    for (int n = names.length; n > 0; n--) {
      Path file = out.resolve(String.join("/", Arrays.copyOf(names, n)) + ".class");
      if (Files.deleteIfExists(file)) {
        return;
      }
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
