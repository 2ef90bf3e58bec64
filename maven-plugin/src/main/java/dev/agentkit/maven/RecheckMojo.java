package dev.agentkit.maven;

import java.io.File;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Makes the next compile re-run the annotation processor when an agent's compiled wiring no longer
 * matches its snapshot. javac cannot declare a snapshot as an input, so after a snapshot edit a
 * plain {@code mvn compile} would keep stale wiring ("Nothing to compile"). This goal compares, for
 * each agent, the digest its wiring was generated from (the processor's stamp in the class output)
 * with the snapshot's current digest, and checks that the compiled wiring class really holds that
 * digest (a compile that failed or crashed after the processor ran leaves a stamp ahead of the
 * classes). When anything differs it removes the compiler plugin's incremental state, which makes
 * the compiler recompile the whole module, and, for every agent of the module (a current one's
 * wiring is written again by that compile too), its compiled class and every class file of its
 * wiring. Bind it to {@code initialize} in modules that compile agents.
 *
 * <p>The wiring's class files must go, not only the agent's: javac 17 to 22 crash with a {@code
 * NullPointerException} in {@code Lower.generateMandatedAccessors} when a processor generates the
 * source of a record whose class file from an earlier compile is on the class path (JDK-8332297,
 * fixed in 23), and the wiring's typed views are records. The stamp stays: it is what tells the
 * next build that the wiring is still stale when this compile fails, and what tells the processor
 * which enum constants the previous wiring had. The work is {@link RecheckGoal}'s, which the
 * command line runs too.
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
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      return;
    }
    try {
      RecheckGoal.run(outputDirectory.toPath(), compilerStatus.toPath(), MavenGoals.log(getLog()));
    } catch (GoalException e) {
      MavenGoals.raise(e);
    }
  }
}
